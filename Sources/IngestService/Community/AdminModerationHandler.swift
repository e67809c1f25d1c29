import Shared

/// The moderation queue of a project and the approve/reject decisions on ideas and comments.
struct AdminModerationHandler {
    let store: IngestStore
    var lookup: AdminLookup { AdminLookup(store: store) }

    func register(on admin: AdminRouter) {
        admin.add("GET", "/projects/{id}/moderation", list)
        admin.add("POST", "/ideas/{ideaId}/approve") { try moderateIdea($0, $1, .approved) }
        admin.add("POST", "/ideas/{ideaId}/reject") { try moderateIdea($0, $1, .rejected) }
        admin.add("POST", "/comments/{commentId}/approve") { try moderateComment($0, $1, .approved) }
        admin.add("POST", "/comments/{commentId}/reject") { try moderateComment($0, $1, .rejected) }
    }

    /// `{"ideas":[…],"comments":[…]}`: pending items, oldest first, up to 100 of each.
    func list(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        let queue = try store.moderationQueue(projectId: try lookup.project(request, caller).id)
        return .json(Queue(ideas: queue.ideas, comments: queue.comments))
    }

    func moderateIdea(_ request: HTTPRequest, _ caller: AdminCaller, _ decision: ModerationDecision) throws -> HTTPResponse {
        .json(try store.moderateIdea(id: try lookup.idea(request, caller).id, decision: decision))
    }

    func moderateComment(_ request: HTTPRequest, _ caller: AdminCaller, _ decision: ModerationDecision) throws -> HTTPResponse {
        .json(try store.moderateComment(id: try lookup.comment(request, caller).id, decision: decision))
    }

    private struct Queue: Encodable {
        let ideas: [AdminIdea]
        let comments: [AdminComment]
    }
}
