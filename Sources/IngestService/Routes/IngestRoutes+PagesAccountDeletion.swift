import Dashboard
import HubHTTPServer

/// Settings → Delete this account: owners only, the page and its confirmation alike.
extension IngestRoutes {
    var accountDeletionPageRoutes: [RouteLine] {
        let gate = pageGate
        let pages = accountDeletionPages
        let form = BodyLimit.bytes(IngestRoutes.pageFormBytes)
        return [
            .hubSync("GET", DeleteAccountPage.path, gate.page(.deleteAccount, pages.page), body: .serverDefault),
            .hubSync("POST", DeleteAccountPage.path, gate.page(.deleteAccount, pages.delete), body: form),
        ]
    }
}
