import Foundation
import TestSupport
import XCTest

@testable import PushService

/// Stopping pushd in the middle of a pass loses no queued push: what was not recorded stays
/// pending and goes out after the restart (a push may go out twice, never zero times).
final class PushCrashRecoveryTests: XCTestCase {
    var fixture: PushFixture!

    override func setUpWithError() throws { fixture = try PushFixture(environment: ["APPNORTH_PUSH_BATCH": "5"]) }
    override func tearDown() { fixture?.shutdown() }

    func testStoppingPushdMidPassLosesNoQueuedPush() throws {
        // Given 20 queued alerts, read 5 at a time, the nth answered by the fake after n × 100 ms
        var tokens: [String] = []
        for n in 1...20 {
            let token = PushFixture.randomToken()
            tokens.append(token)
            try fixture.fake.script(token, [["status": 200, "delayMs": n * 100]])
            XCTAssertEqual(try fixture.device(token: token, voter: PushFixture.voter(n)).status, 204)
            try fixture.teamReply(try fixture.userMessage(voter: PushFixture.voter(n)), body: "Reply \(n)")
        }
        try fixture.waitForEvents()

        // When a pass starts and pushd is stopped while it runs, then restarted and run again
        let pass = DispatchQueue(label: "pass")
        let started = DispatchSemaphore(value: 0)
        pass.async {
            started.signal()
            _ = try? self.fixture.call("POST", "/jobs/push/run")
        }
        started.wait()
        _ = try eventually(timeout: 5, every: 0.02) { try !fixture.fake.log().requests.isEmpty }
        fixture.hub.stopDaemon(.pushd)
        let duringPass = try fixture.fake.log().requests.count
        let pendingAfterStop = try XCTUnwrap(try PushFixture.pending(in: fixture.hub.config.storePath(for: .pushd)))
        pass.sync {}
        try fixture.hub.startDaemon(.pushd)
        _ = try fixture.runPush()

        // Then the pass was cut short (the streams still unanswered were given up), and every
        // token got its alert at least once
        XCTAssertLessThan(duringPass, 20)
        XCTAssertGreaterThan(pendingAfterStop, 0)
        let delivered = try fixture.fake.log().requests.filter { $0.status == 200 }
        XCTAssertEqual(Set(delivered.map(\.token)), Set(tokens))
        XCTAssertTrue(delivered.allSatisfy(\.isAlert))
        XCTAssertEqual(try fixture.pushDB.scalar("SELECT COUNT(*) FROM push_queue WHERE status = 'sent'").intValue, 20)
        XCTAssertEqual(try fixture.pushDB.scalar("SELECT COUNT(*) FROM push_queue WHERE status = 'pending'").intValue, 0)
    }
}
