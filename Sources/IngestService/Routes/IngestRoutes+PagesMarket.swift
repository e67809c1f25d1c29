import Dashboard
import HubHTTPServer

/// The market pages: Explore (apps, a profile and its export, Trending, Rising) and Keyword
/// Explorer. Every member reads them; tracking a term needs `manageApps`; what a plan opens is
/// decided by the same checks as the operator API's.
extension IngestRoutes {
    var marketPageRoutes: [RouteLine] {
        let gate = pageGate
        let explore = explorePages
        let explorer = keywordExplorerPages
        let read = BodyLimit.serverDefault
        let form = BodyLimit.bytes(IngestRoutes.pageFormBytes)
        let base = "/dashboard/explore"
        return [
            .hubAsync("GET", base + "/apps", gate.pageAsync(nil, explore.apps), body: read),
            .hubAsync("GET", base + "/apps/{handle}", gate.pageAsync(nil, explore.profile), body: read),
            .hubAsync("GET", base + "/apps/{handle}/export", gate.pageAsync(nil, explore.export), body: read),
            .hubAsync("GET", base + "/trending", gate.pageAsync(nil, explore.trending), body: read),
            .hubAsync("GET", base + "/rising", gate.pageAsync(nil, explore.rising), body: read),
            .hubSync("GET", KeywordExplorerPage.path, gate.page(nil, explorer.explorer), body: read),
            .hubAsync("POST", KeywordExplorerPage.path + "/track", gate.pageAsync(.manageApps, explorer.track), body: form),
        ]
    }
}
