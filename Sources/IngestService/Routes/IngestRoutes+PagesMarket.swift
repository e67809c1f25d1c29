import Dashboard
import HubHTTPServer

/// The market pages: Explore (apps, a profile and its export, Trending, Rising) and Keyword
/// Explorer, Publishers, the watchlist, favorites and AppTracker. Every member reads them and
/// edits favorites; the watchlist and tracking a term need `manageApps`; what a plan opens is
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
            .hubAsync("GET", base + "/publishers", gate.pageAsync(nil, explore.publishers), body: read),
            .hubAsync("GET", base + "/publishers/studio", gate.pageAsync(nil, explore.publisher), body: read),
            .hubAsync("GET", base + "/watchlist", gate.pageAsync(nil, explore.watchlist), body: read),
            .hubAsync("POST", base + "/watchlist", gate.pageAsync(.manageApps, explore.watch), body: form),
            .hubAsync("POST", base + "/watchlist/{adamId}/remove", gate.pageAsync(.manageApps, explore.unwatch), body: form),
            .hubAsync("GET", base + "/favorites/apps/{folder}", gate.pageAsync(nil, explore.favorites), body: read),
            .hubAsync("POST", base + "/favorites", gate.pageAsync(.saveFavorites, explore.saveFavorite), body: form),
            .hubAsync("POST", base + "/favorites/{id}/remove", gate.pageAsync(.saveFavorites, explore.removeFavorite), body: form),
            .hubAsync("POST", base + "/favorite-folders", gate.pageAsync(.saveFavorites, explore.createFolder), body: form),
            .hubAsync("POST", base + "/favorite-folders/{id}/rename", gate.pageAsync(.saveFavorites, explore.renameFolder), body: form),
            .hubAsync("POST", base + "/favorite-folders/{id}/delete", gate.pageAsync(.saveFavorites, explore.deleteFolder), body: form),
            .hubAsync("GET", base + "/tracker", gate.pageAsync(nil, explore.tracker), body: read),
            .hubSync("GET", KeywordExplorerPage.path, gate.page(nil, explorer.explorer), body: read),
            .hubAsync("POST", KeywordExplorerPage.path + "/track", gate.pageAsync(.manageApps, explorer.track), body: form),
        ]
    }
}
