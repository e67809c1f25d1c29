import Dashboard
import HubHTTPServer

/// The ideas, moderation, boards and changelog pages (`IngestRoutes+PagesTriage` holds the
/// report's). Reading boards and the changelog needs only a session; changing them needs
/// `.manageApps` and `.publish`.
extension IngestRoutes {
    var ideaPageRoutes: [RouteLine] {
        let gate = pageGate
        let ideas = ideaPages
        let boards = BoardPagesHandler(store: ideas.store)
        let changelog = ChangelogPagesHandler(store: ideas.store)
        let form = BodyLimit.bytes(IngestRoutes.pageFormBytes)
        let read = BodyLimit.serverDefault
        return [
            .hubSync("GET", "/dashboard/ideas", gate.page(.moderateIdeas, ideas.list), body: read),
            .hubSync("GET", "/dashboard/ideas/moderation", gate.page(.moderateIdeas, ideas.moderation), body: read),
            .hubSync("GET", "/dashboard/ideas/{id}", gate.page(.moderateIdeas, ideas.page), body: read),
            .hubSync("POST", "/dashboard/ideas/{id}", gate.page(.moderateIdeas, ideas.update), body: form),
            .hubSync("POST", "/dashboard/ideas/{id}/approve", gate.page(.moderateIdeas, ideas.moderate(.approved)), body: form),
            .hubSync("POST", "/dashboard/ideas/{id}/reject", gate.page(.moderateIdeas, ideas.moderate(.rejected)), body: form),
            .hubSync("POST", "/dashboard/ideas/{id}/merge", gate.page(.moderateIdeas, ideas.merge), body: form),
            .hubSync("POST", "/dashboard/ideas/{id}/comments", gate.page(.moderateIdeas, ideas.comment), body: form),
            .hubSync("POST", "/dashboard/comments/{id}/approve", gate.page(.moderateIdeas, ideas.moderateComment(.approved)), body: form),
            .hubSync("POST", "/dashboard/comments/{id}/reject", gate.page(.moderateIdeas, ideas.moderateComment(.rejected)), body: form),
            .hubSync("GET", "/dashboard/ideas/boards", gate.page(nil, boards.page), body: read),
            .hubSync("POST", "/dashboard/ideas/boards", gate.page(.manageApps, boards.create), body: form),
            .hubSync("POST", "/dashboard/ideas/boards/{id}", gate.page(.manageApps, boards.update), body: form),
            .hubSync("POST", "/dashboard/ideas/boards/{id}/statuses", gate.page(.manageApps, boards.createStatus), body: form),
            .hubSync("POST", "/dashboard/ideas/boards/{id}/statuses/{statusId}", gate.page(.manageApps, boards.updateStatus), body: form),
            .hubSync(
                "POST", "/dashboard/ideas/boards/{id}/statuses/{statusId}/delete", gate.page(.manageApps, boards.deleteStatus), body: form),
            .hubSync("GET", "/dashboard/changelog", gate.page(nil, changelog.page), body: read),
            .hubSync("POST", "/dashboard/changelog", gate.page(.publish, changelog.create), body: form),
            .hubSync("POST", "/dashboard/changelog/{id}", gate.page(.publish, changelog.update), body: form),
            .hubSync("POST", "/dashboard/changelog/{id}/publish", gate.page(.publish, changelog.publish(true)), body: form),
            .hubSync("POST", "/dashboard/changelog/{id}/unpublish", gate.page(.publish, changelog.publish(false)), body: form),
        ]
    }
}
