import HubHTTPServer

/// `POST /organization/erasure` deletes the caller's whole account: every app with all its
/// data in every daemon, its people, tokens and sessions, and the organization itself. Owners
/// only, confirmed by typing the organization's name (`{"confirm"}`); answers 202 with the
/// erasure, followed by `GET /erasures/{id}` while it runs (docs/privacy.md).
struct AdminAccountErasureHandler {
    let store: IngestStore
    let requests: ErasureRequests

    struct Body: Decodable {
        let confirm: String?
    }

    func create(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        guard caller.role.allows(.deleteAccount) else { throw APIError.roleForbidden }
        let body = try request.decodeJSON(Body.self)
        let record = try requests.recordAccountErasure(caller.organizationId, confirm: body.confirm)
        return record.response(status: 202)
    }
}
