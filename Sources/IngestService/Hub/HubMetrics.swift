import Foundation
import HubHTTPServer
import HubMessaging
import HubRuntime

/// ingest's Prometheus metrics: HTTP requests by route and status with latency, and
/// ZeroMQ round trips per daemon with timeouts.
public final class HubMetrics: HTTPServerObserver, @unchecked Sendable {
    public let registry = MetricsRegistry()
    let httpRequests: CounterFamily
    let httpLatency: HistogramFamily
    let rpcLatency: HistogramFamily
    let rpcTimeouts: CounterFamily
    let rpcErrors: CounterFamily

    init(clock: Clock, startedAt: Date) {
        httpRequests = registry.counter(
            "appnorth_http_requests_total", help: "HTTP requests by method, route pattern and status.",
            labels: ["method", "route", "status"])
        httpLatency = registry.histogram(
            "appnorth_http_request_duration_seconds", help: "HTTP request latency by route pattern.",
            labels: ["route"])
        rpcLatency = registry.histogram(
            "appnorth_rpc_duration_seconds", help: "ZeroMQ request round trips by daemon and message type.",
            labels: ["daemon", "type"])
        rpcTimeouts = registry.counter(
            "appnorth_rpc_timeouts_total", help: "ZeroMQ requests that got no reply before their deadline.",
            labels: ["daemon"])
        rpcErrors = registry.counter(
            "appnorth_rpc_errors_total", help: "ZeroMQ requests answered with an error, by daemon and code.",
            labels: ["daemon", "code"])
        registry.gauge("appnorth_uptime_seconds", help: "Seconds since ingest started.") {
            clock.now().timeIntervalSince(startedAt).rounded()
        }
    }

    public func requestCompleted(method: String, route: String, status: Int, duration: TimeInterval) {
        httpRequests.inc([method, route, String(status)])
        httpLatency.observe(duration, [route])
    }

    func record(_ outcome: RPCCallOutcome) {
        rpcLatency.observe(outcome.duration, [outcome.peer, outcome.type])
        switch outcome.result {
        case .ok: break
        case .timeout: rpcTimeouts.inc([outcome.peer])
        case .error(let code): rpcErrors.inc([outcome.peer, code])
        }
    }
}
