import Dashboard
import HubHTTPServer

/// "Request a feature" (`FeatureRequestPagesHandler`): every member may open and send it.
extension IngestRoutes {
    var featureRequestPageRoutes: [RouteLine] {
        let gate = pageGate
        let pages = featureRequestPages
        return [
            .hubSync("GET", FeatureRequestPage.path, gate.page(nil, pages.page), body: .serverDefault),
            .hubAsync(
                "POST", FeatureRequestPage.path, gate.pageAsync(nil, pages.submit), body: .bytes(FeatureRequestPagesHandler.bodyBytes)),
        ]
    }
}
