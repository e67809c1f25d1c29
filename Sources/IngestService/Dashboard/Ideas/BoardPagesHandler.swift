import Dashboard
import Foundation
import HubHTTPServer

/// The boards and statuses of an app: `GET /dashboard/ideas/boards` for every member, the
/// posts (create and edit a board, add, edit and delete a status) for roles with `.manageApps`.
/// The checks are the operator API's (`AdminBoardsHandler.spec`/`changes`,
/// `AdminStatusesHandler.spec`/`changes`), fed from the forms.
struct BoardPagesHandler {
    let store: IngestStore

    var community: CommunityPages { CommunityPages(store: store) }

    static let notices: [String: String] = [
        "created": "Board created.", "saved": "Board saved.", "status-added": "Status added.", "status-saved": "Status saved.",
        "status-deleted": "Status deleted.",
    ]

    /// `GET /dashboard/ideas/boards?app=`.
    func page(_ context: PageContext) throws -> HTTPResponse {
        PageResponse.html(
            try view(context).html(viewer: context.viewer(), notice: CommunityPages.notice(context, BoardPagesHandler.notices)))
    }

    func view(_ context: PageContext, app chosen: String? = nil) throws -> BoardsPage {
        let (apps, app) = try community.apps(context, chosen: chosen)
        guard let app else { return BoardsPage(apps: apps, app: nil) }
        return BoardsPage(
            apps: apps, app: app,
            boards: try store.boards(projectId: app.id).map { board in
                BoardsPage.Board(
                    id: board.id, slug: board.slug, name: board.name, description: board.description,
                    moderation: BoardsPage.Moderation(rawValue: board.moderation.rawValue) ?? .none,
                    submission: BoardsPage.Participation(rawValue: board.policies.submission.rawValue) ?? .anyone,
                    vote: BoardsPage.Participation(rawValue: board.policies.vote.rawValue) ?? .anyone,
                    comment: BoardsPage.Participation(rawValue: board.policies.comment.rawValue) ?? .anyone,
                    statuses: board.statuses.map {
                        BoardsPage.Status(
                            id: $0.id, slug: $0.slug, label: $0.label, color: $0.color, isDefault: $0.isDefault, isFinal: $0.isFinal)
                    })
            })
    }

    /// Runs `change` for the app `projectId`; a refusal draws the boards page again with it.
    func attempt(_ context: PageContext, _ what: String, projectId: String, _ change: () throws -> String) throws -> HTTPResponse {
        try PageRefusal.attempt(what) {
            CommunityPages.back("/dashboard/ideas/boards", app: projectId, done: try change())
        } page: { refusal in
            PageResponse.html(
                try view(context, app: projectId).html(viewer: context.viewer(), notice: refusal.notice), status: refusal.status)
        }
    }

    static func policies(_ form: FormFields) -> AdminBoardsHandler.PoliciesBody {
        AdminBoardsHandler.PoliciesBody(submission: form["submission"], vote: form["vote"], comment: form["comment"])
    }

    /// `POST /dashboard/ideas/boards` (`app`, `slug`, `name`, `description`, `moderation`,
    /// `submission`, `vote`, `comment`): a board with the default statuses.
    func create(_ context: PageContext) throws -> HTTPResponse {
        let form = FormFields(context.request)
        let project = try community.project(context, form["app"])
        return try attempt(context, "Board", projectId: project.id) {
            let spec = try AdminBoardsHandler.spec(
                AdminBoardsHandler.CreateBody(
                    slug: form["slug"], name: form.raw("name"), description: form.raw("description"), moderation: form["moderation"],
                    policies: BoardPagesHandler.policies(form), statuses: nil))
            _ = try store.createBoard(projectId: project.id, spec: spec)
            return "created"
        }
    }

    func board(_ context: PageContext) throws -> (board: Board, projectId: String) {
        guard
            let found = try store.adminBoard(id: context.request.pathParameters["id"] ?? "", organizationId: context.session.organizationId)
        else { throw PageError.notFound }
        return found
    }

    /// `POST /dashboard/ideas/boards/{id}`: the board's name, description, review and policies.
    func update(_ context: PageContext) throws -> HTTPResponse {
        let found = try board(context)
        let form = FormFields(context.request)
        return try attempt(context, "Board", projectId: found.projectId) {
            let changes = try AdminBoardsHandler.changes(
                name: form.raw("name"), setsDescription: form.raw("description") != nil, description: form.raw("description"),
                moderation: form["moderation"], policies: BoardPagesHandler.policies(form))
            _ = try store.updateBoard(id: found.board.id, projectId: found.projectId, changes: changes)
            return "saved"
        }
    }

    /// `POST /dashboard/ideas/boards/{id}/statuses` (`label`, `slug`, `color`, `final=1`).
    func createStatus(_ context: PageContext) throws -> HTTPResponse {
        let found = try board(context)
        let form = FormFields(context.request)
        return try attempt(context, "Status", projectId: found.projectId) {
            let spec = try AdminStatusesHandler.spec(
                AdminStatusesHandler.CreateBody(
                    slug: form["slug"], label: form.raw("label"), color: form["color"], isFinal: form["final"] == "1", isDefault: nil))
            _ = try store.createStatus(boardId: found.board.id, spec: spec)
            return "status-added"
        }
    }

    func status(_ context: PageContext, of found: (board: Board, projectId: String)) throws -> BoardStatus {
        guard let status = found.board.statuses.first(where: { $0.id == context.request.pathParameters["statusId"] }) else {
            throw PageError.notFound
        }
        return status
    }

    /// `POST /dashboard/ideas/boards/{id}/statuses/{statusId}` (`label`, `slug`, `color`,
    /// `final=1`, `default=1`): an unticked box clears closing; the default stays until another is made it.
    func updateStatus(_ context: PageContext) throws -> HTTPResponse {
        let found = try board(context)
        let status = try status(context, of: found)
        let form = FormFields(context.request)
        return try attempt(context, "Status", projectId: found.projectId) {
            let changes = try AdminStatusesHandler.changes(
                AdminStatusesHandler.CreateBody(
                    slug: form["slug"], label: form.raw("label"), color: form["color"],
                    isFinal: status.isDefault ? nil : form["final"] == "1", isDefault: form["default"] == "1" ? true : nil))
            _ = try store.updateStatus(id: status.id, boardId: found.board.id, changes: changes)
            return "status-saved"
        }
    }

    /// `POST /dashboard/ideas/boards/{id}/statuses/{statusId}/delete`: only a status no idea uses.
    func deleteStatus(_ context: PageContext) throws -> HTTPResponse {
        let found = try board(context)
        let status = try status(context, of: found)
        return try attempt(context, "Status", projectId: found.projectId) {
            try store.deleteStatus(id: status.id)
            return "status-deleted"
        }
    }
}
