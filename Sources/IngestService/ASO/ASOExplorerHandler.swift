import HubHTTPServer
import HubMessaging

/// `GET /aso/explorer?term=&country=`: Keyword Explorer (its shape: docs/aso-difficulty.md,
/// "The answer"), answered by asod from the shared cache or a live search under the
/// organization's daily quota.
struct ASOExplorerHandler {
    let asod: ASOBackend

    func get(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let call = try Self.explorerRequest(request, organizationId: caller.organizationId, asod: asod)
        asod.forward(ASOExplorer.self, call, timeout: ASOBackend.liveSearchTimeout, respond: respond) {
            .jsonBytes(ASOExplorerJSON.render($0))
        }
    }

    /// The search of the request's `term` and `country`, checked for the operator API and the
    /// Keyword Explorer page alike: 400 for the fields, then 403 `PLAN_REQUIRED` without ASO.
    static func explorerRequest(_ request: HTTPRequest, organizationId: String, asod: ASOBackend) throws -> ASOExplorer.Request {
        var errors = FieldErrors()
        let term = request.query["term"] ?? ""
        if let problem = ASOTerm.problem(term) { errors.add("term", problem) }
        let country = ASOStorefront.normalize(request.query["country"] ?? "us")
        if country == nil { errors.add("country", "must be a supported App Store country code, e.g. us") }
        try errors.throwIfAnyInQuery()
        return ASOExplorer.Request(
            organizationId: organizationId, plan: try asod.plan(organizationId: organizationId), term: term,
            country: country!, ownAppStoreIds: try asod.ownAppStoreIds(organizationId: organizationId))
    }
}
