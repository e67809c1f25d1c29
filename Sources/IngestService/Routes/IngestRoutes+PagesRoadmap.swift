import Dashboard
import HubHTTPServer

/// The hosted roadmap and changelog of each app (public: no dashboard session, no `PageGate`).
/// `RoadmapPagesHandler` checks its posts itself: same origin, the visitor's form token and
/// the community budget; the handoff's API side is `POST /api/v1/identity/handoff`
/// (`IngestRoutes+Public`).
extension IngestRoutes {
    var roadmapPageRoutes: [RouteLine] {
        let pages = roadmapPages
        let form = BodyLimit.bytes(IngestRoutes.pageFormBytes)
        let read = BodyLimit.serverDefault
        return [
            .hubSync("GET", "/roadmap/{appId}", pages.roadmap, body: read),
            .hubAsync("POST", "/roadmap/{appId}/ideas", pages.submitIdea, body: form),
            .hubSync("GET", "/roadmap/{appId}/ideas/{handle}", pages.idea, body: read),
            .hubAsync("POST", "/roadmap/{appId}/ideas/{handle}/vote", pages.vote, body: form),
            .hubAsync("POST", "/roadmap/{appId}/ideas/{handle}/comments", pages.comment, body: form),
            .hubSync("POST", "/roadmap/{appId}/session", pages.exchange, body: form),
            .hubSync("POST", "/roadmap/{appId}/signout", pages.signOut, body: form),
            .hubSync("GET", "/changelog/{appId}", pages.changelog, body: read),
            .hubSync("GET", "/changelog/{appId}/feed.atom", pages.feed, body: read),
        ]
    }
}
