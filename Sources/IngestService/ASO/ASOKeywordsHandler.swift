import HubHTTPServer
import HubMessaging

/// A project's tracked keywords: list with latest ranks, add (normalized duplicates are
/// returned, not added again), remove, and one keyword's rank history.
struct ASOKeywordsHandler {
    let asod: ASOBackend

    /// Terms per add call (asod enforces the same).
    static let maximumTerms = 100
    /// 100 terms of up to 100 characters, escaped, with room to spare.
    static let maxBodyBytes = 64_000

    struct AddBody: Decodable {
        let country: String?
        let terms: [String]?
        let term: String?
        /// Preview: the same checks and answer, nothing saved.
        let dryRun: Bool?
    }

    func list(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        var errors = FieldErrors()
        let country = request.query["country"].flatMap { raw -> String? in
            guard let code = ASOStorefront.normalize(raw) else {
                errors.add("country", "must be a supported App Store country code, e.g. us")
                return nil
            }
            return code
        }
        try errors.throwIfAnyInQuery()
        let call = ASOKeywordsList.Request(project: try asod.project(request, caller), country: country)
        asod.forward(ASOKeywordsList.self, call, respond: respond) { .json($0) }
    }

    func create(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let body = try request.decodeJSON(AddBody.self)
        let terms = body.terms ?? body.term.map { [$0] } ?? []
        let call = try Self.addRequest(country: body.country, terms: terms, dryRun: body.dryRun == true) {
            try asod.project(request, caller)
        }
        asod.forward(ASOKeywordsAdd.self, call, respond: respond) { .json($0, status: $0.added.isEmpty || call.dryRun == true ? 200 : 201) }
    }

    /// The add call after the checks the API and the dashboard share: terms given, a supported
    /// country (400), then the project (`project`, which checks the plan) linked to its App
    /// Store app (409 `APP_STORE_ID_REQUIRED`).
    static func addRequest(country: String?, terms: [String], dryRun: Bool, project: () throws -> ASOProjectRef) throws
        -> ASOKeywordsAdd.Request
    {
        var errors = FieldErrors()
        if terms.isEmpty { errors.add("terms", "is required: a list of 1-\(ASOKeywordsHandler.maximumTerms) terms") }
        if country.flatMap(ASOStorefront.normalize) == nil {
            errors.add("country", "must be a supported App Store country code, e.g. us")
        }
        try errors.throwIfAny()
        let project = try project()
        guard project.appStoreId != nil else {
            throw APIError(
                status: 409, code: ASOErrorCode.appStoreIdRequired,
                message: "Set the project's appStoreId before tracking keywords: ranks are measured for that app.")
        }
        return ASOKeywordsAdd.Request(project: project, country: country!, terms: terms, dryRun: dryRun)
    }

    /// `?dryRun=true` answers 200 with the keyword that would be removed, and removes nothing.
    func delete(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        var preview = false
        if let raw = request.query["dryRun"] {
            guard raw == "true" || raw == "false" else { throw APIError.invalidQuery(["dryRun": ["must be true or false"]]) }
            preview = raw == "true"
        }
        let call = ASOKeywordRef(
            project: try asod.project(request, caller), keywordId: request.pathParameters["keywordId"] ?? "",
            dryRun: preview)
        asod.forward(ASOKeywordRemove.self, call, respond: respond) { preview ? .json($0) : .noContent }
    }

    func history(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let call = ASOKeywordRef(project: try asod.project(request, caller), keywordId: request.pathParameters["keywordId"] ?? "")
        asod.forward(ASOKeywordHistory.self, call, respond: respond) { .json($0) }
    }
}
