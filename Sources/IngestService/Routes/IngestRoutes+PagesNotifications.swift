import Dashboard
import HubHTTPServer

/// The notifications page (`NotificationPagesHandler`): every member reads their organization's
/// feed and keeps their own read state.
extension IngestRoutes {
    var notificationPageRoutes: [RouteLine] {
        let gate = pageGate
        let pages = notificationPages
        let form = BodyLimit.bytes(IngestRoutes.pageFormBytes)
        return [
            .hubAsync("GET", "/dashboard/notifications", gate.pageAsync(nil, pages.page), body: .serverDefault),
            .hubAsync("POST", "/dashboard/notifications/read-all", gate.pageAsync(nil, pages.readAll), body: form),
            .hubAsync("POST", "/dashboard/notifications/{id}/read", gate.pageAsync(nil, pages.read), body: form),
        ]
    }
}
