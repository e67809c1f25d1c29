import Foundation
import XCTest

@testable import PushService

/// The failure rules, from the fake APNs's scripted replies: backoff from
/// `APPNORTH_PUSH_RETRY_BASE_S` for at most eight attempts, permanent failures, provider-token
/// renewal without spending attempts, and the 410 timestamp rule.
final class PushRetryTests: XCTestCase {
    var fixture: PushFixture!

    override func setUpWithError() throws { fixture = try PushFixture() }
    override func tearDown() { fixture?.shutdown() }

    func testServiceUnavailableThenSuccessWaitsForTheBackoff() throws {
        // Given a push whose first attempt APNs answers 503
        let token = PushFixture.randomToken()
        try fixture.fake.script(token, [["status": 503, "reason": "ServiceUnavailable"]])
        _ = try fixture.queuedReply(token: token)
        let start = fixture.clock.nowMillis()

        // When the job runs at once, again before the backoff ends, and after it
        XCTAssertEqual(try fixture.runPush(), 1)
        let afterFirst = try fixture.queue(token: token)
        XCTAssertEqual(try fixture.runPush(), 0)
        fixture.clock.advance(by: 899)
        XCTAssertEqual(try fixture.runPush(), 0)
        fixture.clock.advance(by: 1)
        XCTAssertEqual(try fixture.runPush(), 1)

        // Then the retry came 900 s later and succeeded
        XCTAssertEqual(afterFirst.first?.status, "pending")
        XCTAssertEqual(afterFirst.first?.attempts, 1)
        XCTAssertEqual(afterFirst.first?.nextAttemptMs, start + 900_000)
        XCTAssertEqual(try fixture.fake.log().requests.map(\.status), [503, 200])
        XCTAssertEqual(try fixture.queue(token: token).first?.status, "sent")
        XCTAssertEqual(try fixture.queue(token: token).first?.attempts, 2)
    }

    func testTransientFailuresDoubleTheBackoffAndStopAfterEightAttempts() throws {
        // Given APNs answering 429 and 500 to every attempt
        let token = PushFixture.randomToken()
        let replies: [[String: Any]] = (0..<8).map {
            $0 % 2 == 0
                ? ["status": 429, "reason": "TooManyRequests"]
                : ["status": 500, "reason": "InternalServerError"]
        }
        try fixture.fake.script(token, replies)
        _ = try fixture.queuedReply(token: token)

        // When the job runs each time the push is due
        var delays: [Int64] = []
        for _ in 1...8 {
            let before = fixture.clock.nowMillis()
            XCTAssertEqual(try fixture.runPush(), 1)
            if let row = try fixture.queue(token: token).first, row.status == "pending" {
                delays.append(row.nextAttemptMs - before)
                fixture.clock.advance(by: TimeInterval(row.nextAttemptMs - before) / 1000)
            }
        }
        fixture.clock.advance(by: 86_400)

        // Then the delays doubled from 900 s, and the eighth failure was the last attempt
        XCTAssertEqual(delays, [900, 1_800, 3_600, 7_200, 14_400, 28_800, 57_600].map { Int64($0) * 1000 })
        XCTAssertEqual(try fixture.runPush(), 0)
        XCTAssertEqual(try fixture.fake.log().requests.count, 8)
        let row = try XCTUnwrap(try fixture.queue(token: token).first)
        XCTAssertEqual(row.status, "failed")
        XCTAssertEqual(row.attempts, 8)
        XCTAssertEqual(row.reason, "InternalServerError")
    }

    func testBadDeviceTokenFailsAtOnceAndRemovesTheRegistration() throws {
        // Given a push answered 400 BadDeviceToken
        let token = PushFixture.randomToken()
        try fixture.fake.script(token, [["status": 400, "reason": "BadDeviceToken"]])
        let (_, conversation) = try fixture.queuedReply(token: token)

        // When the job runs, then later with another reply
        XCTAssertEqual(try fixture.runPush(), 1)
        fixture.clock.advance(by: 86_400)
        try fixture.teamReply(conversation, body: "Another")
        try fixture.waitForEvents()
        XCTAssertEqual(try fixture.runPush(), 0)

        // Then it was tried once, failed, and the token is no longer registered
        XCTAssertEqual(try fixture.fake.log().requests.count, 1)
        XCTAssertEqual(try fixture.queue(token: token).map(\.status), ["failed"])
        XCTAssertEqual(try fixture.queue(token: token).first?.reason, "BadDeviceToken")
        XCTAssertEqual(try fixture.deviceCount(token: token), 0)
    }

    func testOtherPermanentFailuresStopWithoutRetrying() throws {
        // Given pushes answered DeviceTokenNotForTopic and PayloadTooLarge
        let first = PushFixture.randomToken()
        let second = PushFixture.randomToken()
        try fixture.fake.script(first, [["status": 400, "reason": "DeviceTokenNotForTopic"]])
        try fixture.fake.script(second, [["status": 413, "reason": "PayloadTooLarge"]])
        _ = try fixture.queuedReply(token: first, voter: PushFixture.voter(1))
        _ = try fixture.queuedReply(token: second, voter: PushFixture.voter(2))

        // When the job runs, and again a day later
        XCTAssertEqual(try fixture.runPush(), 2)
        fixture.clock.advance(by: 86_400)
        XCTAssertEqual(try fixture.runPush(), 0)

        // Then each was tried once and failed with its reason
        XCTAssertEqual(try fixture.fake.log().requests.count, 2)
        XCTAssertEqual(try fixture.queue(token: first).first?.reason, "DeviceTokenNotForTopic")
        XCTAssertEqual(try fixture.queue(token: second).first?.reason, "PayloadTooLarge")
        XCTAssertEqual(try fixture.queue(token: second).first?.status, "failed")
    }

    func testExpiredProviderTokenSignsANewJWTWithoutSpendingAnAttempt() throws {
        // Given a push answered 403 ExpiredProviderToken once
        let token = PushFixture.randomToken()
        try fixture.fake.script(token, [["status": 403, "reason": "ExpiredProviderToken"]])
        _ = try fixture.queuedReply(token: token)

        // When the job runs twice
        XCTAssertEqual(try fixture.runPush(), 1)
        let afterRefusal = try XCTUnwrap(try fixture.queue(token: token).first)
        fixture.clock.advance(by: 1)
        XCTAssertEqual(try fixture.runPush(), 1)

        // Then the refusal spent no attempt and the retry carried a new, valid JWT
        XCTAssertEqual(afterRefusal.status, "pending")
        XCTAssertEqual(afterRefusal.attempts, 0)
        let log = try fixture.fake.log().requests
        XCTAssertEqual(log.map(\.status), [403, 200])
        XCTAssertNotEqual(log[0].jwt, log[1].jwt)
        XCTAssertTrue(log[1].jwtValid)
        XCTAssertEqual(try fixture.queue(token: token).first?.attempts, 1)
        XCTAssertEqual(try fixture.queue(token: token).first?.status, "sent")
    }

    func testUnregisteredOlderThanTheLatestRegistrationKeepsTheToken() throws {
        // Given a token registered now, answered 410 with a timestamp from before that
        let token = PushFixture.randomToken()
        let registeredAt = fixture.clock.nowMillis()
        try fixture.fake.script(token, [["status": 410, "reason": "Unregistered", "timestamp": registeredAt - 60_000]])
        _ = try fixture.queuedReply(token: token)

        // When the job runs
        XCTAssertEqual(try fixture.runPush(), 1)

        // Then the push failed but the renewed registration stays
        XCTAssertEqual(try fixture.queue(token: token).first?.status, "failed")
        XCTAssertEqual(try fixture.queue(token: token).first?.reason, "Unregistered")
        XCTAssertEqual(try fixture.deviceCount(token: token), 1)
    }

    func testUnregisteredSinceTheRegistrationRemovesTheToken() throws {
        // Given a token answered 410 ExpiredToken with a timestamp after its registration
        let token = PushFixture.randomToken()
        try fixture.fake.script(token, [["status": 410, "reason": "ExpiredToken", "timestamp": fixture.clock.nowMillis() + 5_000]])
        _ = try fixture.queuedReply(token: token)

        // When the job runs
        XCTAssertEqual(try fixture.runPush(), 1)

        // Then the registration is gone
        XCTAssertEqual(try fixture.queue(token: token).first?.reason, "ExpiredToken")
        XCTAssertEqual(try fixture.deviceCount(token: token), 0)
    }

    func testARemovedRegistrationCancelsItsPushAlreadyReadAheadForTheNextBatch() throws {
        // Given batches of one push, and two replies queued for a token APNs answers 410
        // ExpiredToken (after its registration) the first time
        fixture.shutdown()
        fixture = try PushFixture(environment: ["APPNORTH_PUSH_BATCH": "1"])
        let token = PushFixture.randomToken()
        try fixture.fake.script(token, [["status": 410, "reason": "ExpiredToken", "timestamp": fixture.clock.nowMillis() + 5_000]])
        let (_, conversation) = try fixture.queuedReply(token: token)
        try fixture.teamReply(conversation, body: "Second")
        try fixture.waitForEvents()
        XCTAssertEqual(try fixture.queue(token: token).map(\.status), ["pending", "pending"])

        // When one pass runs (the second batch is read while the first is sent)
        XCTAssertEqual(try fixture.runPush(), 1)

        // Then the second push, read before the removal committed, was cancelled, not sent
        XCTAssertEqual(try fixture.fake.log().requests.count, 1)
        XCTAssertEqual(try fixture.queue(token: token).map(\.status), ["failed", "cancelled"])
        XCTAssertEqual(try fixture.deviceCount(token: token), 0)
    }

    func testTransportErrorsRetryAndEachEnvironmentUsesItsOwnURL() throws {
        // Given production pointing at a port nothing listens on, sandbox at the fake
        fixture.shutdown()
        fixture = try PushFixture(environment: ["APPNORTH_APNS_URL_PRODUCTION": "https://127.0.0.1:9"])
        let production = PushFixture.randomToken()
        let sandbox = PushFixture.randomToken()
        XCTAssertEqual(try fixture.device(token: production, environment: "production").status, 204)
        XCTAssertEqual(try fixture.device(token: sandbox, environment: "sandbox").status, 204)
        try fixture.teamReply(try fixture.userMessage(voter: PushFixture.voter(1)), body: "Hi")
        try fixture.waitForEvents()

        // When the job runs
        XCTAssertEqual(try fixture.runPush(), 2)

        // Then the sandbox push arrived and the production one waits for its retry
        XCTAssertEqual(try fixture.fake.log().requests.map(\.token), [sandbox])
        let row = try XCTUnwrap(try fixture.queue(token: production).first)
        XCTAssertEqual(row.status, "pending")
        XCTAssertEqual(row.attempts, 1)
        XCTAssertEqual(row.reason, "HTTP_COULD_NOT_CONNECT")
    }
}
