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
        let call = try Self.createRequest(concept: body.concept, terms: body.terms ?? [:], dryRun: body.dryRun == true) {
            try asod.project(request, caller)
        }
        asod.forward(ASOGroupCreate.self, call, respond: respond) { .json($0, status: call.dryRun == true ? 200 : 201) }
    }

    /// The group call after the checks the API and the dashboard share (400 for the concept
    /// and terms, then 409 `APP_STORE_ID_REQUIRED` for a project without its App Store app).
    static func createRequest(concept: String?, terms: [String: String], dryRun: Bool, project: () throws -> ASOProjectRef) throws
        -> ASOGroupCreate.Request
    {
        var errors = FieldErrors()
        let concept = errors.text(concept, "concept", 1...100)
        if terms.isEmpty { errors.add("terms", "is required: an object of country code to term") }
        try errors.throwIfAny()
        let project = try project()
        guard project.appStoreId != nil else {
            throw APIError(
                status: 409, code: ASOErrorCode.appStoreIdRequired,
                message: "Set the project's appStoreId before tracking keywords: ranks are measured for that app.")
        }
        return ASOGroupCreate.Request(project: project, concept: concept!, terms: terms, dryRun: dryRun)
    }

    func grid(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        asod.forward(ASOGrid.self, ASOGrid.Request(project: try asod.project(request, caller)), respond: respond) { .json($0) }
    }
}
