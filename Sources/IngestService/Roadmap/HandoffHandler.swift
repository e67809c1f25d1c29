import Dashboard
import Foundation
import HubHTTPServer
import HubRuntime

/// `POST /api/v1/identity/handoff?app_id=<APP_ID>`: a client with a verified identity asks
/// for a URL that opens the hosted roadmap (or one idea, `{"idea": "<handle>"}`) signed in as
/// that identity. The URL's fragment carries a single-use code valid 60 seconds; browsers
/// never send a fragment to a server, and neither the credential nor the secret is in it.
/// Budgets: 30 a minute per client address, then 20 a minute per project, each 429 with
/// `Retry-After`, on top of the community budget.
struct HandoffHandler {
    let store: IngestStore
    let requestGuard: PublicRequestGuard
    let addresses: RateLimiter
    let projects: RateLimiter
    let publicURL: String?

    static let codeLifetime: TimeInterval = 60

    struct Body: Codable {
        var idea: String?
    }

    func create(_ request: HTTPRequest) throws -> HTTPResponse {
        try addresses.consume(request.remoteAddress ?? "unknown")
        let context = try requestGuard.resolve(request, write: true, origin: .ifPresent)
        try projects.consume(context.project.id + "|handoff")
        guard let identity = context.participant.identity else { throw APIError.identityRequired }
        let body = request.body.isEmpty ? Body() : try request.decodeJSON(Body.self)
        var idea: CommunityIdea?
        if let handle = body.idea {
            idea = try IdeasHandler.idea(handle: handle, context, store, forWrite: true)
        }
        let made = try store.createHandoffCode(
            projectId: context.project.id, email: identity.email, ideaId: idea?.id, lifetime: HandoffHandler.codeLifetime)
        let paths = RoadmapPaths(appId: context.project.appId)
        let url = request.publicBase(configured: publicURL) + (idea.map { paths.idea($0.slug) } ?? paths.roadmap) + "#handoff=" + made.code
        var out = "{\"url\":"
        JSONText.appendString(url, to: &out)
        out += ",\"expiresAt\":"
        JSONText.appendString(ISOTime.format(made.expiresAt), to: &out)
        out += ",\"expiresIn\":\(Int(HandoffHandler.codeLifetime))}"
        var response = HTTPResponse.jsonBytes(Array(out.utf8), status: 201)
        response.headers.append(("Cache-Control", "no-store"))
        return response
    }
}
