import Dashboard
import HubHTTPServer

/// The market pages: Explore (apps, a profile and its export, Trending, Rising). Every member
/// reads them; what a plan opens is decided by the same checks as the operator API's.
extension IngestRoutes {
    var marketPageRoutes: [RouteLine] {
        let gate = pageGate
        let explore = explorePages
        let read = BodyLimit.serverDefault
        let base = "/dashboard/explore"
        return [
            .hubAsync("GET", base + "/apps", gate.pageAsync(nil, explore.apps), body: read),
            .hubAsync("GET", base + "/apps/{handle}", gate.pageAsync(nil, explore.profile), body: read),
            .hubAsync("GET", base + "/apps/{handle}/export", gate.pageAsync(nil, explore.export), body: read),
            .hubAsync("GET", base + "/trending", gate.pageAsync(nil, explore.trending), body: read),
            .hubAsync("GET", base + "/rising", gate.pageAsync(nil, explore.rising), body: read),
        ]
    }
}
