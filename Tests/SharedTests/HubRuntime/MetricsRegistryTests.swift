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

    func testConcurrentObservationsAreNotLostAndLandInTheirBuckets() {
        // Given a histogram observed from many threads under two label sets at once
        let registry = MetricsRegistry()
        let latency = registry.histogram("h_seconds", help: "h", labels: ["route"], buckets: [0.1, 1])
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for i in 0..<1000 { latency.observe(i % 2 == 0 ? 0.05 : 2, [thread % 2 == 0 ? "a" : "b"]) }
        }
        // Then every observation is counted once, in its bucket
        XCTAssertEqual(latency.count(["a"]), 4000)
        XCTAssertEqual(latency.count(["b"]), 4000)
        let text = registry.render()
        XCTAssertTrue(text.contains("h_seconds_bucket{route=\"a\",le=\"0.1\"} 2000\n"), text)
        XCTAssertTrue(text.contains("h_seconds_bucket{route=\"b\",le=\"1.0\"} 2000\n"), text)
        XCTAssertTrue(text.contains("h_seconds_bucket{route=\"b\",le=\"+Inf\"} 4000\n"), text)
    }

    func testConcurrentIncrementsAreNotLost() {
        let counter = MetricsRegistry().counter("c", help: "c", labels: ["k"])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in for _ in 0..<1000 { counter.inc(["a"]) } }
        XCTAssertEqual(counter.value(["a"]), 8000)
    }
}
