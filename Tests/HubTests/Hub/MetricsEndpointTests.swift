import Foundation
import XCTest

final class MetricsEndpointTests: XCTestCase {
    var hub: HubHarness!

    override func setUpWithError() throws {
        hub = try HubHarness()
        try hub.start()
    }

    override func tearDown() { hub.shutdown() }

    func testRequestsLatencyAndRPCRoundTripsAreExposed() throws {
        // Given some traffic: two health checks and a request for an unknown route
        _ = try hub.get("/healthz")
        _ = try hub.get("/healthz")
        _ = try hub.get("/nope")
        // When the metrics are read
        let response = try hub.get("/metrics")
        let text = response.text
        // Then requests are counted by route and status, with latency and ZeroMQ round trips per daemon
        XCTAssertEqual(response.status, 200)
        XCTAssertTrue(response.header("content-type")!.hasPrefix("text/plain"))
        XCTAssertTrue(text.contains("appnorth_http_requests_total{method=\"GET\",route=\"/healthz\",status=\"200\"} 2"), text)
        XCTAssertTrue(text.contains("appnorth_http_requests_total{method=\"GET\",route=\"unmatched\",status=\"404\"} 1"), text)
        XCTAssertTrue(text.contains("appnorth_http_request_duration_seconds_count{route=\"/healthz\"} 2"), text)
        for daemon in ["chatd", "pushd", "marketd", "asod"] {
            XCTAssertTrue(text.contains("appnorth_rpc_duration_seconds_count{daemon=\"\(daemon)\",type=\"sys.ping\"} 2"), daemon)
        }
    }

    func testTimeoutsAreCountedPerDaemon() throws {
        // Given asod has gone silent
        hub.stopDaemon(.asod)
        // When health is checked
        _ = try hub.get("/healthz")
        // Then the failed round trip is counted against asod
        let text = try hub.get("/metrics").text
        let asodFailures = text.split(separator: "\n").filter {
            ($0.hasPrefix("appnorth_rpc_timeouts_total{daemon=\"asod\"}") || $0.hasPrefix("appnorth_rpc_errors_total{daemon=\"asod\""))
                && !$0.hasSuffix(" 0")
        }
        XCTAssertFalse(asodFailures.isEmpty, text)
    }
}
