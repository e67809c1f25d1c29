import HubHTTPServer

/// `GET /api/v1/boards`: the project's boards with statuses and policies.
struct BoardsHandler {
    let store: IngestStore
    let requestGuard: PublicRequestGuard

    func list(_ request: HTTPRequest) throws -> HTTPResponse {
        let context = try requestGuard.resolve(request, write: false)
        var out = "{\"boards\":["
        for (i, board) in try store.boards(projectId: context.project.id).enumerated() {
            if i > 0 { out += "," }
            PublicJSON.appendBoard(board, to: &out)
        }
        out += "]}"
        return .jsonBytes(Array(out.utf8))
    }
}
