import Foundation
import TestSupport
import XCTest

@testable import HubCrypto
@testable import HubMessaging
@testable import HubRuntime
@testable import IngestService
@testable import PushService

/// Team replies reach the fake APNs as the issue prescribes: headers, a verified JWT reused
/// across pushes, a payload without conversation text, badge-only once read, no push for notes.
final class PushDeliveryTests: XCTestCase {
    var fixture: PushFixture!

    override func setUpWithError() throws { fixture = try PushFixture() }
    override func tearDown() { fixture?.shutdown() }

    func testReplySendsAGenericAlertWithTheRequiredHeadersAndPayload() throws {
        // Given a device and a team reply with distinctive text
        let (token, _) = try fixture.queuedReply(body: "The refund code is ZEBRA-42")

        // When the push job runs
        let processed = try fixture.runPush()

        // Then one alert went to /3/device/<token> with the APNs headers and a verified JWT
        XCTAssertEqual(processed, 1)
        let log = try fixture.fake.log().requests
        XCTAssertEqual(log.count, 1)
        let push = try XCTUnwrap(log.first)
        XCTAssertEqual(push.token, token)
        XCTAssertEqual(push.headers["apns-topic"], PushFixture.bundleId)
        XCTAssertEqual(push.headers["apns-push-type"], "alert")
        XCTAssertEqual(push.headers["apns-expiration"], String(Int64(fixture.clock.now().timeIntervalSince1970) + 86_400))
        let apnsId = try XCTUnwrap(push.headers["apns-id"])
        XCTAssertNotNil(UUID(uuidString: apnsId))
        XCTAssertEqual(push.headers["content-type"], "application/json")
        // libcurl's own Accept and User-Agent are left out
        XCTAssertNil(push.headers["accept"])
        XCTAssertNil(push.headers["user-agent"])
        XCTAssertTrue(push.jwtValid, "the fake could not verify the JWT")
        XCTAssertEqual(push.kid, PushFixture.keyId)
        XCTAssertEqual(push.claims["iss"] as? String, PushFixture.teamId)
        XCTAssertEqual(push.claims["iat"] as? Int, Int(fixture.clock.now().timeIntervalSince1970))
        XCTAssertTrue(push.isAlert)
        XCTAssertEqual(push.badge, 1)
        XCTAssertEqual(
            push.payload["appnorth"] as? [String: String],
            ["type": "chat", "appId": fixture.appId, "url": "appnorth://appnorth/chat/current"])
        XCTAssertFalse(push.rawPayload.contains("ZEBRA"))
        XCTAssertFalse(push.rawPayload.contains("refund"))
        // And the queue row is complete
        XCTAssertEqual(try fixture.queue(token: token).map(\.status), ["sent"])
        XCTAssertEqual(try fixture.runPush(), 0)
    }

    func testOneJWTServesManyPushesOnOneConnectionUntilItIsFiftyMinutesOld() throws {
        // Given replies to 30 devices, sent in two passes ten minutes apart
        for n in 1...30 {
            let voter = PushFixture.voter(n)
            XCTAssertEqual(try fixture.device(token: PushFixture.randomToken(), voter: voter).status, 204)
            try fixture.teamReply(try fixture.userMessage(voter: voter), body: "Reply \(n) with private words")
            if n == 15 {
                try fixture.waitForEvents()
                XCTAssertEqual(try fixture.runPush(), 15)
                fixture.clock.advance(by: 600)
            }
        }
        try fixture.waitForEvents()
        XCTAssertEqual(try fixture.runPush(), 15)
        // When a reply goes out 51 minutes after the first token was signed
        fixture.clock.advance(by: 41 * 60 + 1)
        let later = try fixture.userMessage(voter: PushFixture.voter(1))
        try fixture.teamReply(later, body: "Later")
        try fixture.waitForEvents()
        XCTAssertEqual(try fixture.runPush(), 1)

        // Then the first 30 pushes share one JWT and one connection; the 31st has a new JWT
        let (log, connections) = try fixture.fake.log()
        XCTAssertEqual(log.count, 31)
        XCTAssertEqual(Set(log.prefix(30).map(\.jwt)).count, 1)
        XCTAssertNotEqual(log[30].jwt, log[0].jwt)
        XCTAssertTrue(log.allSatisfy(\.jwtValid))
        XCTAssertEqual(Set(log.map(\.connection)).count, 1)
        // The fake counts the test's own control connection too.
        XCTAssertEqual(connections, 2)
        XCTAssertFalse(log.contains { $0.rawPayload.contains("private words") })
    }

    func testAReplyToManyDevicesFillsTheWindowAPNsAllows() throws {
        // Given a team reply to one user with 500 devices, each answered by the fake (which, like
        // APNs, allows 500 streams) one second after it arrives
        let tokens = try queueReplyToDevices(500, answeredAfterMs: 1000)

        // When the job runs
        XCTAssertEqual(try fixture.runPush(), 500)

        // Then they were all on the one connection at once, not 100 at a time (at an Internet
        // round trip, a window of 100 streams would cap a connection near 3,000 pushes a second)
        let (log, _) = try fixture.fake.log()
        XCTAssertEqual(log.count, 500)
        XCTAssertEqual(Set(log.map(\.token)), Set(tokens))
        XCTAssertEqual(Set(log.map(\.connection)).count, 1)
        XCTAssertGreaterThan(log.map(\.inFlight).max() ?? 0, 400)
    }

    func testTheNextBatchGoesOutWhileTheLastIsStillUnanswered() throws {
        // Given batches of 5 and a reply to 20 devices, each answered half a second after it arrives
        fixture.shutdown()
        fixture = try PushFixture(environment: ["APPNORTH_PUSH_BATCH": "5"])
        let tokens = try queueReplyToDevices(20, answeredAfterMs: 500)

        // When the job runs
        XCTAssertEqual(try fixture.runPush(), 20)

        // Then the four batches were on the connection together, not one after another's answers
        let (log, _) = try fixture.fake.log()
        XCTAssertEqual(log.map(\.token).sorted(), tokens.sorted())
        XCTAssertEqual(Set(log.map(\.connection)).count, 1)
        XCTAssertGreaterThan(log.map(\.inFlight).max() ?? 0, 15)
        XCTAssertEqual(try tokens.flatMap { try fixture.queue(token: $0).map(\.status) }, Array(repeating: "sent", count: 20))
    }

    func testAPushWaitsForTheAnswerToTheLastOneToItsDeviceThenGoesOutInTheSamePass() throws {
        // Given batches of one, and two replies for one device whose first push APNs answers
        // after 300 ms
        fixture.shutdown()
        fixture = try PushFixture(environment: ["APPNORTH_PUSH_BATCH": "1"])
        let (token, conversation) = try fixture.queuedReply()
        try fixture.fake.script(token, [["status": 200, "delayMs": 300]])
        try fixture.teamReply(conversation, body: "Second")
        try fixture.waitForEvents()

        // When one pass runs
        XCTAssertEqual(try fixture.runPush(), 2)

        // Then the second push went out only once the first was answered (an answer can remove
        // the registration), and both were sent
        let log = try fixture.fake.log().requests
        XCTAssertEqual(log.map(\.token), [token, token])
        XCTAssertEqual(log.map(\.inFlight), [1, 1])
        XCTAssertEqual(try fixture.queue(token: token).map(\.status), ["sent", "sent"])
    }

    func testEveryPushGetsItsOutcomeWhenRejectionsShrinkTheWindowToOneStream() throws {
        // Given 300 devices of one user, three of them rejected as bad tokens (the fake, like
        // APNs, then allows one stream at a time until a push goes through)
        let voter = PushFixture.voter(1)
        let tokens = try registerDevices(300, voter: voter)
        let rejected = Set([tokens[10], tokens[150], tokens[290]])
        try fixture.fake.script(Dictionary(uniqueKeysWithValues: rejected.map { ($0, [["status": 400, "reason": "BadDeviceToken"]]) }))

        // When a team reply goes out to all of them
        try fixture.teamReply(try fixture.userMessage(voter: voter), body: "Reply")
        try fixture.waitForEvents()
        XCTAssertEqual(try fixture.runPush(), 300)

        // Then each device got exactly one push, all on one connection (a stream opened past
        // the shrunken window would draw a GOAWAY, as from APNs), and each outcome is recorded:
        // sent, or failed with the rejected token's registration removed
        let (log, _) = try fixture.fake.log()
        XCTAssertEqual(log.map(\.token).sorted(), tokens.sorted())
        XCTAssertEqual(Set(log.map(\.connection)).count, 1)
        for token in tokens {
            let row = try XCTUnwrap(try fixture.queue(token: token).first)
            if rejected.contains(token) {
                XCTAssertEqual([row.status, row.reason], ["failed", "BadDeviceToken"])
                XCTAssertEqual(try fixture.deviceCount(token: token), 0)
            } else {
                XCTAssertEqual(row.status, "sent")
            }
        }
        XCTAssertEqual(try fixture.runPush(), 0)
    }

    /// Queues a team reply to one user with `count` devices, each answered by the fake after
    /// `answeredAfterMs`; returns their tokens.
    private func queueReplyToDevices(_ count: Int, answeredAfterMs delay: Int) throws -> [String] {
        let voter = PushFixture.voter(1)
        let tokens = try registerDevices(count, voter: voter)
        try fixture.fake.script(Dictionary(uniqueKeysWithValues: tokens.map { ($0, [["status": 200, "delayMs": delay]]) }))
        try fixture.teamReply(try fixture.userMessage(voter: voter), body: "Reply")
        try fixture.waitForEvents()
        return tokens
    }

    /// Registers `count` random tokens for `voter`, moving the test's clock past the per-minute
    /// registration limit as needed.
    private func registerDevices(_ count: Int, voter: String) throws -> [String] {
        try (0..<count).map { n in
            if n > 0 && n % RateLimits.pushRegistrationsPerMinute == 0 { fixture.clock.advance(by: 61) }
            let token = PushFixture.randomToken()
            XCTAssertEqual(try fixture.device(token: token, voter: voter).status, 204)
            return token
        }
    }

    func testInternalNotesNeverPush() throws {
        // Given a device whose conversation only gets an internal note
        let token = PushFixture.randomToken()
        XCTAssertEqual(try fixture.device(token: token).status, 204)
        let conversation = try fixture.userMessage(voter: PushFixture.voter(1))
        try fixture.teamReply(conversation, body: "Note for the team", internal: true)
        try fixture.waitForEvents()

        // When the job runs
        let processed = try fixture.runPush()

        // Then nothing is queued or sent
        XCTAssertEqual(processed, 0)
        XCTAssertEqual(try fixture.queue(token: token).count, 0)
        XCTAssertEqual(try fixture.fake.log().requests.count, 0)
    }

    func testAReplyAlreadyReadBecomesABadgeOnlyUpdate() throws {
        // Given a reply the user reads before the job runs
        let (token, _) = try fixture.queuedReply()
        try fixture.read(voter: PushFixture.voter(1))
        try fixture.waitForEvents()

        // When the job runs
        XCTAssertEqual(try fixture.runPush(), 2)

        // Then the alert went out as badge 0 without an alert, and the read queued a badge 0 too
        let log = try fixture.fake.log().requests
        XCTAssertEqual(log.count, 2)
        XCTAssertTrue(log.allSatisfy { !$0.isAlert && $0.badge == 0 && $0.token == token })
        XCTAssertTrue(log.allSatisfy { ($0.payload["appnorth"] as? [String: String])?["type"] == "chat" })
        XCTAssertEqual(try fixture.queue(token: token).map(\.kind), ["alert", "badge"])
    }

    func testResolvingQueuesABadgeUpdateThatFollowsUnreadState() throws {
        // Given a reply sent as an alert, then the conversation resolved while still unread
        let (token, conversation) = try fixture.queuedReply()
        XCTAssertEqual(try fixture.runPush(), 1)
        let resolved = try fixture.call("POST", "/conversations/\(conversation)/resolve", json: ["sentiment": "neutral"])
        XCTAssertEqual(resolved.status, 200)
        try fixture.waitForEvents()

        // When the job runs
        XCTAssertEqual(try fixture.runPush(), 1)

        // Then a badge-only update with badge 1 (the reply is still unread) followed the alert
        let log = try fixture.fake.log().requests
        XCTAssertEqual(log.map(\.isAlert), [true, false])
        XCTAssertEqual(log.map(\.badge), [1, 1])
        XCTAssertEqual(log.last?.token, token)
    }

    func testUnreadStateComesFromChatdForEachOwner() throws {
        // Given one owner with an unread reply, one who read it, one without a conversation
        let unread = try fixture.userMessage(voter: PushFixture.voter(1))
        try fixture.teamReply(unread, body: "a")
        let read = try fixture.userMessage(voter: PushFixture.voter(2))
        try fixture.teamReply(read, body: "b")
        try fixture.read(voter: PushFixture.voter(2))
        let chatd = try fixture.hub.client(of: .chatd, clock: fixture.clock)
        defer { chatd.close() }
        let owners = [1, 2, 3].map { ChatUnreadState.Owner(kind: .token, value: SHA256.hex(PushFixture.voter($0))) }

        // When pushd's question is asked
        let answer = try chatd.call(ChatUnreadState.self, ChatUnreadState.Request(projectId: fixture.projectId, owners: owners)).get()

        // Then each owner's state comes back in order
        XCTAssertEqual(answer.unread, [true, false, false])
    }

    func testAReplysPushReachesAPNsWithinTwoSecondsWhileTheJobRunsHourly() throws {
        // Given pushd's job scheduled once an hour, and a registered device with a conversation
        fixture.shutdown()
        fixture = try PushFixture(environment: ["APPNORTH_PUSH_INTERVAL_S": "3600"])
        let token = PushFixture.randomToken()
        XCTAssertEqual(try fixture.device(token: token, voter: PushFixture.voter(1)).status, 204)
        let conversation = try fixture.userMessage(voter: PushFixture.voter(1))

        // When the team replies
        let started = Date()
        try fixture.teamReply(conversation, body: "On its way")

        // Then the alert reaches the fake APNs within 2 s, without anyone running the job
        var pushes: [PushFakeAPNs.Logged] = []
        let arrived = try eventually(timeout: started.addingTimeInterval(2).timeIntervalSinceNow, every: 0.02) {
            pushes = try fixture.fake.log().requests
            return !pushes.isEmpty
        }
        let seconds = Date().timeIntervalSince(started)
        XCTAssertTrue(arrived, "no push within 2 s of the reply")
        XCTAssertLessThan(seconds, 2)
        XCTAssertEqual(pushes.map(\.token), [token])
        XCTAssertEqual(pushes.first?.isAlert, true)
        // And its outcome is recorded
        XCTAssertTrue(try eventually(timeout: 5, every: 0.02) { try fixture.queue(token: token).map(\.status) == ["sent"] })
    }
}
