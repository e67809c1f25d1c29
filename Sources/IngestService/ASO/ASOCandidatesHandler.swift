import HubHTTPServer
import HubMessaging

/// A project's keyword candidates (from its public listing and the stored searches that
/// returned it, each with evidence, tracked terms excluded) and the competitors observed above
/// it for its tracked keywords.
struct ASOCandidatesHandler {
    let asod: ASOBackend

    private func country(_ request: HTTPRequest, default fallback: String?) throws -> String? {
        guard let raw = request.query["country"] ?? fallback else { return nil }
        guard let code = ASOStorefront.normalize(raw) else {
            throw APIError.invalidQuery(["country": ["must be a supported App Store country code, e.g. us"]])
        }
        return code
    }

    func candidates(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let country = try self.country(request, default: "us")!
        let project = try asod.project(request, caller)
        guard project.appStoreId != nil else {
            throw APIError(
                status: 409, code: ASOErrorCode.appStoreIdRequired,
                message: "Set the project's appStoreId: candidates come from that app's listing and searches.")
        }
        asod.forward(
            ASOCandidates.self, ASOCandidates.Request(project: project, country: country),
            timeout: ASOBackend.liveSearchTimeout, respond: respond
        ) { .json($0) }
    }

    func competitors(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let country = try self.country(request, default: nil)
        let call = ASOCompetitorsAhead.Request(project: try asod.project(request, caller), country: country)
        asod.forward(ASOCompetitorsAhead.self, call, respond: respond) { .json($0) }
    }
}
