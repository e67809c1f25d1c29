import Foundation
import XCTest

@testable import HubCrypto
@testable import HubHTTPServer
@testable import HubRuntime
@testable import IngestService

/// Signing in with email and password (docs/accounts.md, "Signing in"): one answer for every
/// wrong attempt, and 10 attempts a minute per client address and per email.
final class SignInTests: XCTestCase {
    var admin: AdminClient!
    let clock = ManualClock(Date(timeIntervalSince1970: 1_900_000_000))

    override func setUpWithError() throws { admin = try AdminClient(clock: clock) }
    override func tearDown() { admin?.shutdown() }

    func testTheRightPasswordOpensASessionAndEveryWrongAttemptGetsTheSameAnswer() throws {
        // Given an owner who set a password, and a member added by email who never set one
        let owner = try admin.person("ann@example.com", password: "correct horse battery")
        XCTAssertEqual(
            try admin.call("POST", "/organization/members", json: ["name": "Bo", "email": "bo@example.com"]).status, 201)
        // When they sign in right (with another case and spaces), with a wrong password, as an
        // unknown email, and as the member without a password
        let right = try admin.signedIn(try admin.signIn(" ANN@example.com ", "correct horse battery"))
        let wrong = try admin.signIn("ann@example.com", "correct horse batterY")
        let unknown = try admin.signIn("nobody@example.com", "correct horse battery")
        let noPassword = try admin.signIn("bo@example.com", "correct horse battery")
        // Then the right one is a session of the owner in the default organization, and the
        // others are one and the same answer, which does not say whether the email exists
        XCTAssertEqual(right.session.userId, owner.session.userId)
        XCTAssertEqual(right.session.role, .owner)
        XCTAssertEqual(right.session.email, "ann@example.com")
        XCTAssertEqual(try admin.store.organization(id: right.session.organizationId)?.slug, "default")
        XCTAssertNotEqual(right.token, owner.token)
        XCTAssertEqual(try admin.accounts.session(token: right.token)?.id, right.session.id)
        XCTAssertEqual(wrong, .wrongEmailOrPassword)
        XCTAssertEqual(unknown, .wrongEmailOrPassword)
        XCTAssertEqual(noPassword, .wrongEmailOrPassword)
        // And nothing but the hash of the cookie value is stored
        let stored = try admin.store.db.query("SELECT token_hash FROM user_sessions").compactMap { $0.string("token_hash") }
        XCTAssertFalse(stored.contains(right.token))
        XCTAssertTrue(stored.contains(SHA256.hex(right.token)))
    }

    func testAUserWhoIsNoLongerAMemberOfAnyOrganizationIsToldSoOnlyWithTheRightPassword() throws {
        // Given an admin who was removed from their only organization
        let admin = try self.admin.person("cy@example.com", role: .admin)
        XCTAssertEqual(try self.admin.call("DELETE", "/organization/members/\(admin.session.memberId)").status, 204)
        // When they sign in with the right and a wrong password
        let right = try self.admin.signIn("cy@example.com", "correct horse battery")
        let wrong = try self.admin.signIn("cy@example.com", "not the password")
        // Then only the right password learns there is no membership
        XCTAssertEqual(right, .noMembership)
        XCTAssertEqual(wrong, .wrongEmailOrPassword)
    }

    func testTenAttemptsAMinutePerAddressThenRateLimitedBeforeAnyHashing() throws {
        // Given one client address trying ten different emails within a minute
        for i in 0..<10 {
            // When each attempt is made
            let outcome = try admin.signIn("user\(i)@example.com", "wrong password", from: "198.51.100.1")
            // Then each is answered (wrong), not throttled
            XCTAssertEqual(outcome, .wrongEmailOrPassword, "attempt \(i + 1)")
        }
        // When the eleventh comes, from the same address, for yet another email
        let answer = Answer()
        admin.accounts.signIn(email: "user10@example.com", password: "wrong password", address: "198.51.100.1") { answer.result = $0 }
        // Then it was answered before `signIn` returned, so before any hashing: 429
        // RATE_LIMITED with Retry-After
        let error = try XCTUnwrap(answer.error as? APIError)
        XCTAssertEqual(error.status, 429)
        XCTAssertEqual(error.code, "RATE_LIMITED")
        XCTAssertNotNil(error.headers.first { $0.0 == "Retry-After" })
        // And another address still gets through, and this one does again a minute later
        XCTAssertEqual(try admin.signIn("user10@example.com", "wrong password", from: "198.51.100.2"), .wrongEmailOrPassword)
        clock.advance(by: 60)
        XCTAssertEqual(try admin.signIn("user11@example.com", "wrong password", from: "198.51.100.1"), .wrongEmailOrPassword)
    }

    func testTenAttemptsAMinutePerEmailFromAnyAddresses() throws {
        // Given an owner's email guessed from ten addresses within a minute
        try admin.person("ann@example.com", password: "correct horse battery")
        for i in 0..<10 {
            XCTAssertEqual(try admin.signIn("ann@example.com", "guess \(i) of many", from: "198.51.100.\(i + 1)"), .wrongEmailOrPassword)
        }
        // When an eleventh address tries, even with the right password (and in another case)
        XCTAssertThrowsError(try admin.signIn("ANN@example.com", "correct horse battery", from: "198.51.100.99")) { error in
            // Then it is 429 RATE_LIMITED: the budget is the email's
            XCTAssertEqual((error as? APIError)?.code, "RATE_LIMITED")
        }
        // And six seconds later one attempt is back, and the right password works
        clock.advance(by: 6)
        XCTAssertNoThrow(try admin.signedIn(try admin.signIn("ann@example.com", "correct horse battery", from: "198.51.100.99")))
    }

    /// A completion's result, set on the calling thread when the call answers at once.
    final class Answer: @unchecked Sendable {
        var result: Result<SignInOutcome, Error>?
        var error: Error? {
            guard case .failure(let error) = result else { return nil }
            return error
        }
    }
}
