import HubHTTPServer

/// `POST /projects/{id}/identity-secret`: creates or rotates the HMAC key of identity
/// signatures. The secret is in this response only; signatures made with the old one fail
/// from the next request on.
struct AdminIdentitySecretHandler {
    let store: IngestStore

    func create(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        let project = try AdminLookup(store: store).project(request, caller)
        var response = HTTPResponse.json(["secret": try store.rotateIdentitySecret(projectId: project.id)], status: 201)
        response.headers.append(("Cache-Control", "no-store"))
        return response
    }
}
