import Foundation
import XCTest

@testable import HubCrypto
@testable import PushService

/// `POST/DELETE /api/v1/push/devices`: validation, the chat identity and Origin rules,
/// re-registration, reassignment and removal.
final class PushDeviceRoutesTests: XCTestCase {
    var fixture: PushFixture!

    override func setUpWithError() throws { fixture = try PushFixture() }
    override func tearDown() { fixture?.shutdown() }

    func testInvalidTokensAndEnvironmentsAreRejected() throws {
        // Given tokens that are not hex of 1-256 bytes, and an unknown environment
        let badTokens = ["", "abc", "zz", String(repeating: "ab", count: 257)]

        // When each is registered
        let responses = try badTokens.map { try fixture.device(token: $0) }
        let badEnvironment = try fixture.device(token: "abcd", environment: "development")

        // Then each is 400 INVALID_PAYLOAD naming the field, and nothing is stored
        for response in responses {
            XCTAssertEqual(response.status, 400)
            XCTAssertEqual(response.code, "INVALID_PAYLOAD")
            XCTAssertNotNil(response.fields["token"])
        }
        XCTAssertEqual(badEnvironment.status, 400)
        XCTAssertNotNil(badEnvironment.fields["environment"])
        XCTAssertEqual(try fixture.pushDB.scalar("SELECT COUNT(*) FROM push_devices").intValue, 0)
        // And the largest token (256 bytes) is accepted
        XCTAssertEqual(try fixture.device(token: String(repeating: "AB", count: 256)).status, 204)
        XCTAssertEqual(try fixture.deviceCount(token: String(repeating: "ab", count: 256)), 1)
    }

    func testTheChatIdentityAndOriginRulesApply() throws {
        // Given a project in identified mode
        let token = PushFixture.randomToken()
        let patched = try fixture.call("PATCH", "/projects/\(fixture.projectId)", json: ["chatMode": "identified"])
        XCTAssertEqual(patched.status, 200)

        // When a device is registered without identity, with a foreign Origin, and in disabled mode
        let anonymous = try fixture.device(token: token)
        let foreign = try fixture.device(token: token, headers: [("Origin", "https://evil.example")])
        _ = try fixture.call("PATCH", "/projects/\(fixture.projectId)", json: ["chatMode": "disabled"])
        let disabled = try fixture.device(token: token)
        _ = try fixture.call("PATCH", "/projects/\(fixture.projectId)", json: ["chatMode": "anyone"])
        let allowedOrigin = try fixture.device(token: token, headers: [("Origin", "http://localhost")])

        // Then they are refused like chat, and a missing or allowed Origin is fine
        XCTAssertEqual(anonymous.status, 401)
        XCTAssertEqual(anonymous.code, "IDENTITY_REQUIRED")
        XCTAssertEqual(foreign.status, 403)
        XCTAssertEqual(foreign.code, "ORIGIN_NOT_ALLOWED")
        XCTAssertEqual(disabled.status, 403)
        XCTAssertEqual(disabled.code, "CHAT_DISABLED")
        XCTAssertEqual(allowedOrigin.status, 204)
        XCTAssertEqual(try fixture.deviceCount(token: token), 1)
    }

    func testRegisteringAgainRefreshesTheRegistrationTime() throws {
        // Given a registered token
        let token = PushFixture.randomToken()
        XCTAssertEqual(try fixture.device(token: token.uppercased()).status, 204)
        let first = try XCTUnwrap(try fixture.pushDB.scalar("SELECT registered_ms FROM push_devices").int64Value)

        // When the same identity registers it again an hour later
        fixture.clock.advance(by: 3_600)
        XCTAssertEqual(try fixture.device(token: token).status, 204)

        // Then one registration remains, stored in lowercase, with the new time
        let rows = try fixture.pushDB.query("SELECT token, registered_ms FROM push_devices")
        XCTAssertEqual(rows.count, 1)
        XCTAssertEqual(rows.first?.string("token"), token)
        XCTAssertEqual(rows.first?.int64("registered_ms"), first + 3_600_000)
    }

    func testMovingATokenToAnotherIdentityCancelsItsQueuedPushes() throws {
        // Given a push queued for the token's first owner
        let (token, _) = try fixture.queuedReply(voter: PushFixture.voter(1))
        XCTAssertEqual(try fixture.queue(token: token).map(\.status), ["pending"])

        // When another identity registers the same token and the job runs
        XCTAssertEqual(try fixture.device(token: token, voter: PushFixture.voter(2)).status, 204)
        let processed = try fixture.runPush()

        // Then the old owner's push was cancelled, never sent, and the token is the new owner's
        XCTAssertEqual(processed, 0)
        XCTAssertEqual(try fixture.queue(token: token).map(\.status), ["cancelled"])
        XCTAssertEqual(try fixture.fake.log().requests.count, 0)
        XCTAssertEqual(
            try fixture.pushDB.scalar("SELECT owner_value FROM push_devices").stringValue,
            SHA256.hex(PushFixture.voter(2)))
    }

    func testUnregisteringRemovesOnlyTheCallersRegistration() throws {
        // Given a token with a queued push
        let (token, _) = try fixture.queuedReply(voter: PushFixture.voter(1))

        // When another identity tries to remove it, then its owner does
        let stranger = try fixture.device("DELETE", token: token, voter: PushFixture.voter(2))
        let countAfterStranger = try fixture.deviceCount(token: token)
        let owner = try fixture.device("DELETE", token: token, voter: PushFixture.voter(1))

        // Then both answer 204, only the owner's call removed it, and its push was cancelled
        XCTAssertEqual(stranger.status, 204)
        XCTAssertEqual(countAfterStranger, 1)
        XCTAssertEqual(owner.status, 204)
        XCTAssertEqual(try fixture.deviceCount(token: token), 0)
        XCTAssertEqual(try fixture.queue(token: token).map(\.status), ["cancelled"])
        XCTAssertEqual(try fixture.runPush(), 0)
    }
}
