import Dashboard
import HubHTTPServer

/// Settings → Data retention (owners and admins change it; every settings reader sees it) and
/// What's new (every member; opening it clears their sidebar dot).
extension IngestRoutes {
    var retentionPageRoutes: [RouteLine] {
        let gate = pageGate
        let retention = retentionPages
        let whatsNew = whatsNewPages
        let form = BodyLimit.bytes(IngestRoutes.pageFormBytes)
        return [
            .hubSync("GET", "/dashboard/settings/retention", gate.page(nil, retention.page), body: .serverDefault),
            .hubSync("POST", "/dashboard/settings/retention", gate.page(.manageRetention, retention.save), body: form),
            .hubSync("GET", "/dashboard/whats-new", gate.page(nil, whatsNew.page), body: .serverDefault),
        ]
    }
}
