import HubHTTPServer

/// Finds the resource a path names, scoped to the caller's organization: another
/// organization's resource is 404 exactly like a missing one, never 403.
struct AdminLookup {
    let store: IngestStore

    func project(_ request: HTTPRequest, _ caller: AdminCaller, parameter: String = "id") throws -> Project {
        guard let id = request.pathParameters[parameter],
            let project = try store.project(id: id, organizationId: caller.organizationId)
        else {
            throw APIError.adminNotFound("project")
        }
        return project
    }

    func board(_ request: HTTPRequest, _ caller: AdminCaller) throws -> (board: Board, projectId: String) {
        guard let id = request.pathParameters["boardId"], let found = try store.adminBoard(id: id, organizationId: caller.organizationId)
        else { throw APIError.adminNotFound("board") }
        return found
    }

    func status(_ request: HTTPRequest, _ caller: AdminCaller) throws -> (status: BoardStatus, boardId: String) {
        guard let id = request.pathParameters["statusId"],
            let found = try store.adminStatus(id: id, organizationId: caller.organizationId)
        else {
            throw APIError.adminNotFound("status")
        }
        return found
    }

    /// The idea as stored, merged or not.
    func idea(_ request: HTTPRequest, _ caller: AdminCaller) throws -> AdminIdea {
        guard let id = request.pathParameters["ideaId"], let idea = try store.adminIdea(id: id, organizationId: caller.organizationId)
        else { throw APIError.adminNotFound("idea") }
        return idea
    }

    func comment(_ request: HTTPRequest, _ caller: AdminCaller) throws -> AdminComment {
        guard let id = request.pathParameters["commentId"],
            let comment = try store.adminComment(id: id, organizationId: caller.organizationId)
        else {
            throw APIError.adminNotFound("comment")
        }
        return comment
    }
}
