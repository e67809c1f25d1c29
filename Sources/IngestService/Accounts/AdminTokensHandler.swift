import HubHTTPServer

/// The caller organization's API tokens: list, create (text shown once), revoke. Owners and
/// admins only; a token made here has the caller's author (none for a token without one).
struct AdminTokensHandler {
    struct CreateBody: Decodable {
        let name: String?
        let scope: String?
    }

    let store: IngestStore

    func list(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        .json(["items": try store.tokens(by: caller.actor).map { AdminTokenView(record: $0) }])
    }

    func create(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        let body = try request.decodeJSON(CreateBody.self)
        let created = try TeamEdits(store: store).createToken(name: body.name, scope: body.scope, by: caller.actor)
        var response = HTTPResponse.json(AdminTokenView(record: created.record, token: created.token), status: 201)
        response.headers.append(("Cache-Control", "no-store"))
        return response
    }

    /// Revocation takes effect on the next request: tokens are looked up on every call.
    func delete(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        guard let id = request.pathParameters["tokenId"] else { throw APIError.adminNotFound("token") }
        try TeamEdits(store: store).revokeToken(id: id, by: caller.actor)
        return .noContent
    }
}
