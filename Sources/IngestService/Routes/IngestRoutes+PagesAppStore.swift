import Dashboard
import HubHTTPServer

/// The App Store pages: the App Store Connect panel's posts, an app's reviews and keywords, and
/// the page of a task waiting on Apple or iTunes. Every member reads; the connection needs
/// `manageCredentials`, review changes `publish`, keyword changes `manageApps`.
extension IngestRoutes {
    var appStorePageRoutes: [RouteLine] {
        let gate = pageGate
        let asc = appStoreConnectPages
        let reviews = reviewPages
        let keywords = keywordPages
        let form = BodyLimit.bytes(IngestRoutes.pageFormBytes)
        let read = BodyLimit.serverDefault
        let app = "/dashboard/apps/{id}"
        return [
            .hubSync("GET", "/dashboard/work/{id}", gate.page(nil, workPages.page), body: read),
            .hubAsync(
                "POST", AppStoreConnectPanel.path, gate.pageAsync(.manageCredentials, asc.connectAppStore),
                body: .bytes(AppStoreConnectPagesHandler.uploadBytes)),
            .hubAsync(
                "POST", AppStoreConnectPanel.path + "/disconnect", gate.pageAsync(.manageCredentials, asc.disconnectAppStore), body: form),
            .hubSync("GET", AppStoreConnectPanel.path + "/apps", gate.page(.manageCredentials, asc.importableApps), body: read),
            .hubSync("POST", AppStoreConnectPanel.path + "/import", gate.page(.manageCredentials, asc.importApps), body: form),
            .hubAsync("GET", app + "/reviews", gate.pageAsync(nil, reviews.list), body: read),
            .hubSync("POST", app + "/reviews/sync", gate.page(.publish, reviews.sync), body: form),
            .hubAsync("GET", app + "/reviews/{reviewId}", gate.pageAsync(nil, reviews.review), body: read),
            .hubAsync("POST", app + "/reviews/{reviewId}/response", gate.pageAsync(.publish, reviews.respondToReview), body: form),
            .hubSync("POST", app + "/reviews/{reviewId}/response/delete", gate.page(.publish, reviews.deleteResponse), body: form),
            .hubAsync("POST", app + "/reviews/{reviewId}/status", gate.pageAsync(.publish, reviews.setStatus), body: form),
            .hubAsync("POST", app + "/reviews/{reviewId}/promote", gate.pageAsync(.publish, reviews.promote), body: form),
            .hubSync("POST", app + "/reviews/{reviewId}/draft", gate.page(.publish, reviews.draft), body: form),
            .hubAsync("GET", app + "/keywords", gate.pageAsync(nil, keywords.list), body: read),
            .hubAsync("POST", app + "/keywords", gate.pageAsync(.manageApps, keywords.add), body: form),
            .hubAsync("POST", app + "/keywords/groups", gate.pageAsync(.manageApps, keywords.addGroup), body: form),
            .hubSync("GET", app + "/keywords/candidates", gate.page(nil, keywords.candidates), body: read),
            .hubAsync("GET", app + "/keywords/{keywordId}", gate.pageAsync(nil, keywords.keyword), body: read),
            .hubAsync("POST", app + "/keywords/{keywordId}/remove", gate.pageAsync(.manageApps, keywords.remove), body: form),
        ]
    }
}
