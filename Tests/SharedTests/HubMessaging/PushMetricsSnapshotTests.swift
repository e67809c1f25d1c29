import XCTest

@testable import HubMessaging

/// pushd's figures as Prometheus text.
final class PushMetricsSnapshotTests: XCTestCase {
    func testFiguresRenderAsPrometheusTextWithReasonsSortedAndEscaped() {
        // Given a snapshot with two failure reasons
        let snapshot = PushMetricsSnapshot.Response(
            sent: 7, failedByReason: ["Unregistered": 2, "Bad\"Reason": 1], retries: 3,
            providerTokens: 1, queueDepth: 4, oldestPendingSeconds: 12.5)

        // When it is rendered
        let text = snapshot.prometheusText

        // Then each figure has its HELP/TYPE and value, reasons as sorted labels
        XCTAssertTrue(text.contains("# TYPE appnorth_push_sent_total counter\nappnorth_push_sent_total 7\n"))
        XCTAssertTrue(
            text.contains("appnorth_push_failed_total{reason=\"Bad\\\"Reason\"} 1\nappnorth_push_failed_total{reason=\"Unregistered\"} 2\n")
        )
        XCTAssertTrue(text.contains("appnorth_push_retries_total 3\n"))
        XCTAssertTrue(text.contains("appnorth_push_queue_depth 4\n"))
        XCTAssertTrue(text.contains("appnorth_push_oldest_pending_seconds 12.5\n"))
        XCTAssertTrue(text.contains("appnorth_push_up 1\n"))
        XCTAssertTrue(text.hasSuffix("\n"))
    }
}
