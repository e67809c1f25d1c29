import Foundation
import HubHTTPServer
import HubMessaging

/// App Store metadata of an imported project (docs/app-store-connect.md, "Metadata"): read from
/// Apple, validate a draft, suggest keywords from candidates, publish reviewed changes against the
/// values loaded (`expected`), and the audit of publish outcomes.
struct AdminMetadataHandler {
    let lookup: AdminLookup
    let asod: BackendForwarding

    struct DraftBody: Decodable {
        let fields: ASCMetadataFields?
        let candidates: [String]?
    }

    struct PublishBody: Decodable {
        let locale: String?
        let expected: ASCMetadataFields?
        let changes: ASCMetadataFields?
    }

    private func app(_ request: HTTPRequest, _ caller: AdminCaller) throws -> ASCAppRef {
        try lookup.importedApp(request, caller).ref
    }

    func read(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        asod.forward(ASCMetadataRead.self, try app(request, caller), timeout: AdminAppStoreConnectHandler.appleTimeout, respond: respond) {
            .json($0)
        }
    }

    /// `{fields}` → `{valid, problems}`; nothing reaches Apple.
    func validate(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        _ = try lookup.project(request, caller)
        let body = try request.decodeJSON(DraftBody.self)
        guard let fields = body.fields else { throw APIError.invalidPayload(["fields": ["is required"]]) }
        let problems = MetadataValidator.validate(fields)
        return .json(Validation(valid: !problems.contains { $0.severity == .error }, problems: problems))
    }

    /// `{fields, candidates}` → `{keywords, added}`: a draft only; nothing is published.
    func suggest(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        _ = try lookup.project(request, caller)
        let body = try request.decodeJSON(DraftBody.self)
        guard let fields = body.fields, let candidates = body.candidates, candidates.count <= 500 else {
            throw APIError.invalidPayload(["candidates": ["fields and at most 500 candidates are required"]])
        }
        let suggestion = MetadataValidator.suggest(fields, candidates: candidates)
        return .json(Suggestion(keywords: suggestion.keywords, added: suggestion.added))
    }

    func publish(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let body = try request.decodeJSON(PublishBody.self)
        let call = try Self.publishRequest(
            app: try app(request, caller), locale: body.locale, expected: body.expected, changes: body.changes,
            actor: "token:" + caller.token.id)
        asod.forward(ASCMetadataPublish.self, call, timeout: AdminAppStoreConnectHandler.appleTimeout, respond: respond) { .json($0) }
    }

    /// The publish call checked as the operator route checks it; the dashboard's publish uses it too.
    static func publishRequest(
        app: ASCAppRef, locale: String?, expected: ASCMetadataFields?, changes: ASCMetadataFields?, actor: String
    ) throws -> ASCMetadataPublish.Request {
        var errors = FieldErrors()
        if !(2...20).contains(locale?.count ?? 0) { errors.add("locale", "is required, e.g. en-US") }
        if expected == nil { errors.add("expected", "is required: the values the edit was based on") }
        if changes == nil { errors.add("changes", "is required") }
        try errors.throwIfAny()
        return ASCMetadataPublish.Request(app: app, locale: locale!, expected: expected!, changes: changes!, actor: actor)
    }

    func audit(_ request: HTTPRequest, _ caller: AdminCaller, _ respond: @escaping (Result<HTTPResponse, Error>) -> Void) throws {
        let project = try lookup.project(request, caller)
        asod.forward(ASCMetadataAudit.self, ASCMetadataAudit.Request(projectId: project.id), respond: respond) { .json($0) }
    }

    private struct Validation: Encodable {
        let valid: Bool
        let problems: [ASCMetadataProblem]
    }

    private struct Suggestion: Encodable {
        let keywords: String
        let added: [String]
    }
}
