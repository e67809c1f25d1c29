import HubHTTPServer
import HubMessaging

/// `GET /metrics`: Prometheus text exposition — ingest's own metrics, then pushd's delivery
/// figures (`push.metrics`) when pushd answers within `pushdTimeout`.
struct MetricsHandler {
    let metrics: HubMetrics
    var pushd: RPCClient?
    /// A scrape never waits longer than this for pushd.
    var pushdTimeout: Double = 0.5

    func get(_ request: HTTPRequest, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) {
        let own = metrics.registry.render()
        guard let pushd else { return respond(.success(MetricsHandler.text(own))) }
        pushd.call(PushMetricsSnapshot.self, RPCEmpty(), timeout: pushdTimeout) { result in
            let push =
                (try? result.get())?.prometheusText
                ?? "# HELP appnorth_push_up Whether pushd answered for this scrape.\n# TYPE appnorth_push_up gauge\nappnorth_push_up 0\n"
            respond(.success(MetricsHandler.text(own + push)))
        }
    }

    static func text(_ body: String) -> HTTPResponse {
        HTTPResponse.text(body, status: 200, contentType: "text/plain; version=0.0.4; charset=utf-8")
    }
}
