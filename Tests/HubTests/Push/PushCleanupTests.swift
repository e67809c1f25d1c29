import Foundation
import XCTest

@testable import PushService

/// Retention on the manual clock: pending pushes older than 7 days are discarded, completed
/// rows deleted after 7 days, tokens after 180 days without registration. And the figures
/// `/metrics` shows.
final class PushCleanupTests: XCTestCase {
    var fixture: PushFixture!

    override func setUpWithError() throws { fixture = try PushFixture() }
    override func tearDown() { fixture?.shutdown() }

    func testPendingPushesOlderThanSevenDaysAreDiscardedUnsent() throws {
        // Given a push APNs keeps refusing with 503
        let token = PushFixture.randomToken()
        try fixture.fake.script(token, Array(repeating: ["status": 503], count: 8))
        _ = try fixture.queuedReply(token: token)
        XCTAssertEqual(try fixture.runPush(), 1)

        // When the job runs just after it turned seven days old
        fixture.clock.advance(by: 7 * 86_400 + 1)
        let processed = try fixture.runPush()

        // Then it was discarded instead of sent again
        XCTAssertEqual(processed, 0)
        XCTAssertEqual(try fixture.queue(token: token).map(\.status), ["discarded"])
        XCTAssertEqual(try fixture.fake.log().requests.count, 1)
    }

    func testCompletedRowsAndEventsAreDeletedAfterSevenDays() throws {
        // Given a sent push
        let (token, _) = try fixture.queuedReply()
        XCTAssertEqual(try fixture.runPush(), 1)

        // When the job runs just before and just after seven days
        fixture.clock.advance(by: 7 * 86_400 - 1)
        _ = try fixture.runPush()
        let before = try fixture.queue(token: token).count
        let eventsBefore = try fixture.pushDB.scalar("SELECT COUNT(*) FROM chat_events").intValue
        fixture.clock.advance(by: 2)
        _ = try fixture.runPush()

        // Then the row and the events were kept, then deleted
        XCTAssertEqual(before, 1)
        XCTAssertEqual(eventsBefore, 3, "the conversation's start, the user's message and the reply")
        XCTAssertEqual(try fixture.queue(token: token).count, 0)
        XCTAssertEqual(try fixture.pushDB.scalar("SELECT COUNT(*) FROM chat_events").intValue, 0)
    }

    func testTokensNotRegisteredFor180DaysAreDropped() throws {
        // Given two tokens, one registered again after 100 days
        let stale = PushFixture.randomToken()
        let renewed = PushFixture.randomToken()
        XCTAssertEqual(try fixture.device(token: stale, voter: PushFixture.voter(1)).status, 204)
        XCTAssertEqual(try fixture.device(token: renewed, voter: PushFixture.voter(2)).status, 204)
        fixture.clock.advance(by: 100 * 86_400)
        XCTAssertEqual(try fixture.device(token: renewed, voter: PushFixture.voter(2)).status, 204)

        // When the job runs 180 days and a second after the first registration
        fixture.clock.advance(by: 80 * 86_400 + 1)
        _ = try fixture.runPush()

        // Then only the stale token is gone
        XCTAssertEqual(try fixture.deviceCount(token: stale), 0)
        XCTAssertEqual(try fixture.deviceCount(token: renewed), 1)
    }

    func testMetricsShowSentFailuresRetriesAndTheQueue() throws {
        // Given one push sent, one failed with BadDeviceToken, one waiting for a retry
        let ok = PushFixture.randomToken()
        let bad = PushFixture.randomToken()
        let busy = PushFixture.randomToken()
        try fixture.fake.script(bad, [["status": 400, "reason": "BadDeviceToken"]])
        try fixture.fake.script(busy, [["status": 503, "reason": "ServiceUnavailable"]])
        _ = try fixture.queuedReply(token: ok, voter: PushFixture.voter(1))
        _ = try fixture.queuedReply(token: bad, voter: PushFixture.voter(2))
        _ = try fixture.queuedReply(token: busy, voter: PushFixture.voter(3))
        XCTAssertEqual(try fixture.runPush(), 3)
        fixture.clock.advance(by: 120)

        // When ingest's /metrics is read
        let text = try fixture.hub.get("/metrics").text

        // Then pushd's figures are in it
        XCTAssertTrue(text.contains("appnorth_push_up 1"), text)
        XCTAssertTrue(text.contains("appnorth_push_sent_total 1\n"), text)
        XCTAssertTrue(text.contains("appnorth_push_failed_total{reason=\"BadDeviceToken\"} 1\n"), text)
        XCTAssertTrue(text.contains("appnorth_push_retries_total 1\n"), text)
        XCTAssertTrue(text.contains("appnorth_push_provider_tokens_total 1\n"), text)
        XCTAssertTrue(text.contains("appnorth_push_queue_depth 1\n"), text)
        XCTAssertTrue(text.contains("appnorth_push_oldest_pending_seconds 120\n"), text)
        XCTAssertTrue(text.contains("appnorth_http_requests_total"), text)
    }
}
