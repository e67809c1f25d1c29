import Foundation
import XCTest

@testable import HubHTTPServer
@testable import HubRuntime
@testable import IngestService

/// Dashboard sessions (docs/accounts.md, "Sessions"): 14 days idle and 30 days at most,
/// revoked on sign-out, on a password change and when the member is removed.
final class SessionTests: XCTestCase {
    var admin: AdminClient!
    let clock = ManualClock(Date(timeIntervalSince1970: 1_900_000_000))
    let day: TimeInterval = 86_400

    override func setUpWithError() throws { admin = try AdminClient(clock: clock) }
    override func tearDown() { admin?.shutdown() }

    func testASessionEndsAfterFourteenIdleDays() throws {
        // Given two sessions opened now
        try admin.person("ann@example.com")
        let used = try admin.signedIn(try admin.signIn("ann@example.com", "correct horse battery"))
        let idle = try admin.signedIn(try admin.signIn("ann@example.com", "correct horse battery"))
        // When one is used a second before 14 idle days, and the other a second after
        clock.advance(by: 14 * day - 1)
        let justInTime = try admin.accounts.session(token: used.token)
        clock.advance(by: 2)
        let tooLate = try admin.accounts.session(token: idle.token)
        // Then the first still works (and its idle time starts again), the second is gone
        XCTAssertEqual(justInTime?.id, used.session.id)
        XCTAssertNil(tooLate)
        clock.advance(by: 14 * day - 3)
        XCTAssertNotNil(try admin.accounts.session(token: used.token))
    }

    func testASessionEndsThirtyDaysAfterSignInHoweverBusy() throws {
        // Given a session used every 13 days
        try admin.person("ann@example.com")
        let busy = try admin.signedIn(try admin.signIn("ann@example.com", "correct horse battery"))
        for _ in 0..<2 {
            clock.advance(by: 13 * day)
            XCTAssertNotNil(try admin.accounts.session(token: busy.token))
        }
        // When it is used a second before 30 days after sign-in, then two seconds later
        clock.advance(by: 4 * day - 1)
        let justInTime = try admin.accounts.session(token: busy.token)
        clock.advance(by: 2)
        let tooLate = try admin.accounts.session(token: busy.token)
        // Then it works the first time and not the second, and it said when it would end
        XCTAssertNotNil(justInTime)
        XCTAssertEqual(justInTime?.expiresAt, "2030-04-16T17:46:40.000Z")
        XCTAssertNil(tooLate)
    }

    func testLastSeenIsWrittenAtMostOnceAMinute() throws {
        // Given a session
        try admin.person("ann@example.com")
        let opened = try admin.signedIn(try admin.signIn("ann@example.com", "correct horse battery"))
        let stamp = {
            try self.admin.store.db.scalar("SELECT last_seen_at FROM user_sessions WHERE id = ?", [.text(opened.session.id)]).stringValue
        }
        // When it is used 30 s later, then 61 s after it opened
        clock.advance(by: 30)
        _ = try admin.accounts.session(token: opened.token)
        let early = try stamp()
        clock.advance(by: 31)
        let later = try admin.accounts.session(token: opened.token)
        // Then only the second use is recorded
        XCTAssertEqual(early, "2030-03-17T17:46:40.000Z")
        XCTAssertEqual(try stamp(), "2030-03-17T17:47:41.000Z")
        XCTAssertEqual(later?.lastSeenAt, "2030-03-17T17:47:41.000Z")
    }

    func testSigningOutEndsOnlyThatSession() throws {
        // Given two sessions of one person, and the form token of one
        try admin.person("ann@example.com")
        let laptop = try admin.signedIn(try admin.signIn("ann@example.com", "correct horse battery"))
        let phone = try admin.signedIn(try admin.signIn("ann@example.com", "correct horse battery"))
        XCTAssertTrue(laptop.session.acceptsFormToken(laptop.session.formToken))
        XCTAssertFalse(laptop.session.acceptsFormToken(phone.session.formToken))
        XCTAssertFalse(laptop.session.acceptsFormToken(nil))
        // When the laptop signs out (twice, as a double click would)
        try admin.accounts.signOut(token: laptop.token)
        try admin.accounts.signOut(token: laptop.token)
        // Then its cookie no longer finds a session, and the phone's still does
        XCTAssertNil(try admin.accounts.session(token: laptop.token))
        XCTAssertEqual(try admin.accounts.session(token: phone.token)?.id, phone.session.id)
        // And unknown or absurd cookie values find nothing
        XCTAssertNil(try admin.accounts.session(token: "nope"))
        XCTAssertNil(try admin.accounts.session(token: String(repeating: "x", count: 5_000)))
    }

    func testChangingThePasswordEndsEverySessionAndGivesAFreshOne() throws {
        // Given two sessions of one person
        try admin.person("ann@example.com", password: "correct horse battery")
        let laptop = try admin.signedIn(try admin.signIn("ann@example.com", "correct horse battery"))
        let phone = try admin.signedIn(try admin.signIn("ann@example.com", "correct horse battery"))
        // When the laptop changes the password with a wrong, then a too short, then the right current one
        let wrong = try admin.outcome {
            admin.accounts.changePassword(
                session: laptop.session, current: "not it at all", new: "staple battery horse", address: AdminClient.address, completion: $0
            )
        }
        XCTAssertThrowsError(
            try admin.outcome {
                admin.accounts.changePassword(
                    session: laptop.session, current: "correct horse battery", new: "too short", address: AdminClient.address,
                    completion: $0)
            }
        ) { error in
            XCTAssertEqual((error as? APIError)?.code, "INVALID_PAYLOAD")
            XCTAssertEqual((error as? APIError)?.fields?.keys.sorted(), ["newPassword"])
        }
        XCTAssertNotNil(try admin.accounts.session(token: phone.token))
        let changed = try admin.signedIn(
            try admin.outcome {
                admin.accounts.changePassword(
                    session: laptop.session, current: "correct horse battery", new: "staple battery horse", address: AdminClient.address,
                    completion: $0)
            })
        // Then the wrong one changed nothing; the right one ended both old sessions and opened a
        // new one in the same membership, and only the new password signs in
        XCTAssertEqual(wrong, .wrongEmailOrPassword)
        XCTAssertNil(try admin.accounts.session(token: laptop.token))
        XCTAssertNil(try admin.accounts.session(token: phone.token))
        XCTAssertEqual(try admin.accounts.session(token: changed.token)?.memberId, laptop.session.memberId)
        XCTAssertEqual(try admin.signIn("ann@example.com", "correct horse battery"), .wrongEmailOrPassword)
        XCTAssertNoThrow(try admin.signedIn(try admin.signIn("ann@example.com", "staple battery horse")))
    }

    func testRemovingAMemberEndsTheirSessionsAtOnce() throws {
        // Given an owner and a member, both signed in
        try admin.person("ann@example.com")
        let member = try admin.person("bo@example.com", role: .member)
        let owner = try admin.signedIn(try admin.signIn("ann@example.com", "correct horse battery"))
        // When the owner removes the member
        try admin.store.removeMember(id: member.session.memberId, by: owner.session.actor)
        // Then the member's session is revoked and finds nothing on the very next request; the owner's still works
        XCTAssertNil(try admin.accounts.session(token: member.token))
        XCTAssertNotNil(
            try admin.store.db.scalar("SELECT revoked_at FROM user_sessions WHERE id = ?", [.text(member.session.id)]).stringValue)
        XCTAssertNotNil(try admin.accounts.session(token: owner.token))
    }

    func testASessionCarriesTheMembersRoleAsItIsNow() throws {
        // Given a member's session
        try admin.person("ann@example.com")
        let member = try admin.person("bo@example.com", role: .member)
        XCTAssertEqual(member.session.role, .member)
        // When an owner makes them admin
        XCTAssertEqual(
            try admin.call("PATCH", "/organization/members/\(member.session.memberId)", json: ["role": "admin"]).status, 200)
        // Then the same session acts as admin from the next request on
        XCTAssertEqual(try admin.accounts.session(token: member.token)?.role, .admin)
    }

    func testCleanupDeletesSessionsAndLinksNothingCanUseAnyMore() throws {
        // Given a session that will expire, one that stays in use, and an invitation
        try admin.person("ann@example.com")
        let expiring = try admin.signedIn(try admin.signIn("ann@example.com", "correct horse battery"))
        let kept = try admin.signedIn(try admin.signIn("ann@example.com", "correct horse battery"))
        let invited = try admin.call("POST", "/organization/invitations", json: ["email": "bo@example.com", "role": "member"])
        XCTAssertEqual(invited.status, 201)
        let count = {
            try self.admin.store.db.scalar("SELECT (SELECT COUNT(*) FROM user_sessions) || '/' || (SELECT COUNT(*) FROM account_codes)")
                .stringValue
        }
        XCTAssertEqual(try count(), "3/2")
        // When cleanup runs 13 days on, with one session used meanwhile, then 15 days on
        clock.advance(by: 13 * day)
        XCTAssertNotNil(try admin.accounts.session(token: kept.token))
        let early = try admin.hub.app!.cleanup.run()
        clock.advance(by: 2 * day)
        let late = try admin.hub.app!.cleanup.run()
        // Then the first pass removes nothing; the second removes the two sessions idle for 14
        // days and both links, expired a week before, and keeps the session in use
        XCTAssertEqual(early, 0)
        XCTAssertEqual(late, 4)
        XCTAssertNotNil(try admin.accounts.session(token: kept.token))
        XCTAssertNil(try admin.accounts.session(token: expiring.token))
        XCTAssertEqual(try count(), "1/0")
    }
}
