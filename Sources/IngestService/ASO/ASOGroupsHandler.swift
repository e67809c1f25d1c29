import HubHTTPServer
import HubMessaging

/// Localized keyword groups (one concept, its term per country) and the country grid.
struct ASOGroupsHandler {
    let asod: ASOBackend

    struct CreateBody: Decodable {
        let concept: String?
        let terms: [String: String]?
        /// Preview: the same checks and answer, nothing saved.
        let dryRun: Bool?
    }

    func create(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let body = try request.decodeJSON(CreateBody.self)
        var errors = FieldErrors()
        let concept = errors.text(body.concept, "concept", 1...100)
        if (body.terms ?? [:]).isEmpty { errors.add("terms", "is required: an object of country code to term") }
        try errors.throwIfAny()
        let project = try asod.project(request, caller)
        guard project.appStoreId != nil else {
            throw APIError(
                status: 409, code: ASOErrorCode.appStoreIdRequired,
                message: "Set the project's appStoreId before tracking keywords: ranks are measured for that app.")
        }
        let preview = body.dryRun == true
        let call = ASOGroupCreate.Request(project: project, concept: concept!, terms: body.terms!, dryRun: preview)
        asod.forward(ASOGroupCreate.self, call, respond: respond) { .json($0, status: preview ? 200 : 201) }
    }

    func grid(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        asod.forward(ASOGrid.self, ASOGrid.Request(project: try asod.project(request, caller)), respond: respond) { .json($0) }
    }
}
