import HubHTTPServer

/// The moderation queue of a project and the approve/reject decisions on ideas and comments.
struct AdminModerationHandler {
    let store: IngestStore
    var lookup: AdminLookup { AdminLookup(store: store) }

    /// `{"ideas":[…],"comments":[…]}`: pending items, oldest first, up to 100 of each.
    func list(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        let queue = try store.moderationQueue(projectId: try lookup.project(request, caller).id)
        return .json(Queue(ideas: queue.ideas, comments: queue.comments))
    }

    func approveIdea(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        try moderateIdea(request, caller, .approved)
    }

    func rejectIdea(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        try moderateIdea(request, caller, .rejected)
    }

    func approveComment(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        try moderateComment(request, caller, .approved)
    }

    func rejectComment(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        try moderateComment(request, caller, .rejected)
    }

    func moderateIdea(_ request: HTTPRequest, _ caller: AdminCaller, _ decision: ModerationDecision) throws -> HTTPResponse {
        .json(try IdeaWork(store: store).moderate(idea: request.pathParameters["ideaId"], decision, by: caller.actor))
    }

    func moderateComment(_ request: HTTPRequest, _ caller: AdminCaller, _ decision: ModerationDecision) throws -> HTTPResponse {
        .json(try IdeaWork(store: store).moderate(comment: request.pathParameters["commentId"], decision, by: caller.actor))
    }

    private struct Queue: Encodable {
        let ideas: [AdminIdea]
        let comments: [AdminComment]
    }
}
