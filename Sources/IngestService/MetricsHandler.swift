import Shared

/// `GET /metrics`: Prometheus text exposition.
struct MetricsHandler {
    let metrics: HubMetrics

    func register(on router: Router) {
        router.add("GET", "/metrics") { _ in
            HTTPResponse.text(metrics.registry.render(), status: 200, contentType: "text/plain; version=0.0.4; charset=utf-8")
        }
    }
}
