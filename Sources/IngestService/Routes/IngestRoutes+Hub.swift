/// The hub's own routes, as `docs/openapi.yaml` lists them: health, metrics and version, with
/// no project, token or budget.
extension IngestRoutes {
    var hubRoutes: [RouteLine] {
        [
            .hubAsync("GET", "/healthz", health.get, body: .serverDefault),
            .hubAsync("GET", "/metrics", metrics.get, body: .serverDefault),
            .hubSync("GET", "/version", version.get, body: .serverDefault),
        ]
    }
}
