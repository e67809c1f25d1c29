import XCTest

@testable import HubRuntime

final class MetricsRegistryTests: XCTestCase {
    func testRendersCountersAndCumulativeHistogramsInPrometheusText() {
        // Given a counter and a histogram with observations
        let registry = MetricsRegistry()
        let requests = registry.counter("http_requests_total", help: "Requests.", labels: ["route", "status"])
        let latency = registry.histogram("http_seconds", help: "Latency.", labels: ["route"], buckets: [0.1, 1])
        requests.inc(["/healthz", "200"])
        requests.inc(["/healthz", "200"])
        requests.inc(["/x\"y", "503"])
        latency.observe(0.05, ["/healthz"])
        latency.observe(0.5, ["/healthz"])
        latency.observe(5, ["/healthz"])
        // When rendered
        let text = registry.render()
        // Then the exposition lines are exact, buckets cumulative, labels escaped
        XCTAssertTrue(text.contains("# TYPE http_requests_total counter\n"))
        XCTAssertTrue(text.contains("http_requests_total{route=\"/healthz\",status=\"200\"} 2\n"))
        XCTAssertTrue(text.contains("http_requests_total{route=\"/x\\\"y\",status=\"503\"} 1\n"))
        XCTAssertTrue(text.contains("http_seconds_bucket{route=\"/healthz\",le=\"0.1\"} 1\n"))
        XCTAssertTrue(text.contains("http_seconds_bucket{route=\"/healthz\",le=\"1.0\"} 2\n"))
        XCTAssertTrue(text.contains("http_seconds_bucket{route=\"/healthz\",le=\"+Inf\"} 3\n"))
        XCTAssertTrue(text.contains("http_seconds_count{route=\"/healthz\"} 3\n"))
        XCTAssertTrue(text.contains("http_seconds_sum{route=\"/healthz\"} 5.55"))
    }

    func testConcurrentIncrementsAreNotLost() {
        let counter = MetricsRegistry().counter("c", help: "c", labels: ["k"])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in for _ in 0..<1000 { counter.inc(["a"]) } }
        XCTAssertEqual(counter.value(["a"]), 8000)
    }
}
