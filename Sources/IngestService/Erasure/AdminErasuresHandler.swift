import HubHTTPServer

/// `POST /projects/{id}/erasures` erases one participant of the app (`{"email"}` or
/// `{"voterToken"}`), answering 202 with the recorded erasure; `GET /erasures/{id}` follows it
/// to `done`. Owners and admins only; another organization's project or erasure is 404.
struct AdminErasuresHandler {
    let lookup: AdminLookup
    let requests: ErasureRequests

    struct Body: Decodable {
        let email: String?
        let voterToken: String?
    }

    func create(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        let project = try lookup.project(request, caller)
        try caller.actor.require(.manageApps)
        let body = try request.decodeJSON(Body.self)
        let owner = try ErasureRequests.owner(projectId: project.id, email: body.email, voterToken: body.voterToken)
        let answer = try requests.store.idempotent(
            projectId: "", route: "POST /api/admin/v1/projects/\(project.id)/erasures", scope: caller.actor.label,
            key: CommunityHTTP.idempotencyKey(request), payload: IngestStore.canonicalPayload(request.body)
        ) {
            let response = try requests.record(owner, organizationId: caller.organizationId).response(status: 202)
            return (response.status, response.body)
        }
        if !answer.replayed { requests.wake() }
        var response = HTTPResponse.jsonBytes(answer.body, status: answer.status)
        if answer.replayed { response.headers.append(("Idempotency-Replayed", "true")) }
        return response
    }

    func get(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        guard let id = request.pathParameters["erasureId"],
            let record = try requests.store.erasure(id: id, organizationId: caller.organizationId)
        else { throw APIError.adminNotFound("erasure") }
        return record.response()
    }
}
