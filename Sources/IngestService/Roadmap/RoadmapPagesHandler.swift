import Dashboard
import Foundation
import HubCrypto
import HubHTTPServer
import HubRuntime
import HubStore

/// The hosted roadmap (`/roadmap/<APP_ID>`, one idea, and their forms) and the public
/// changelog (`/changelog/<APP_ID>` and its Atom feed). They read and write the community
/// through the SDK API's own store functions and checks (`CommunityWrites`,
/// `PublicRequestGuard.require`), as the visitor of `RoadmapVisitor`.
///
/// Caching: a page drawn for an anonymous visitor (no roadmap cookie) is the same for every
/// such visitor: it is kept until the community changes and sent with
/// `Cache-Control: public, max-age=60` and a weak `ETag` (answered 304 when it matches). Its
/// form keys are filled in per answer (`PublicShell.withFormKeys`). A page with a session or
/// a voter token shows that visitor's votes: `private, no-store`.
struct RoadmapPagesHandler {
    let store: IngestStore
    let requestGuard: PublicRequestGuard
    let cursors: CursorSigner
    let publicURL: String?
    /// HMAC key of the pages' form tokens and of the voter tokens made from a form key.
    let formKey: [UInt8]
    let writes: WriteBatcher
    let pages: GenerationCache<Rendered>

    static let keyName = "roadmap-forms"
    static let pageSize = 20
    static let columnSize = 5
    static let commentPageSize = 50

    /// A drawn page: its bytes (form keys still markers) and its validator.
    struct Rendered {
        let bytes: [UInt8]
        let etag: String
    }

    init(store: IngestStore, requestGuard: PublicRequestGuard, cursors: CursorSigner, publicURL: String?) throws {
        self.store = store
        self.requestGuard = requestGuard
        self.cursors = cursors
        self.publicURL = publicURL
        formKey = try store.signingKey(named: RoadmapPagesHandler.keyName)
        writes = store.writes
        pages = GenerationCache(capacity: 4_096, maxBytes: 32 << 20) { $0.bytes.count }
    }

    /// What every page works from: the project of the path's App ID, who is visiting, and the
    /// site as drawn for them.
    struct Visit {
        let project: Project
        let visitor: RoadmapVisitor
        let site: RoadmapSite
    }

    /// The visit of `request`, or nil when the path's App ID names no project.
    func visit(_ request: HTTPRequest, cookies: Bool = true) throws -> Visit? {
        guard let appId = request.pathParameters["appId"], InputLimits.appId.contains(appId.utf16.count),
            let project = try store.project(appId: appId)
        else { return nil }
        try store.refuseIfAccountErasing(project.organizationId)
        let visitor =
            cookies
            ? try RoadmapVisitor.of(request, projectId: project.id, store: store)
            : RoadmapVisitor(sessionToken: nil, email: nil, voterToken: nil)
        let language = RoadmapLanguage.choose(projectLanguages: project.languages, acceptLanguage: request.headers["accept-language"])
        let site = RoadmapSite(
            appId: project.appId, appName: project.name, language: language, watermark: project.watermark, signedInEmail: visitor.email,
            formToken: visitor.formToken(key: formKey, projectId: project.id))
        return Visit(project: project, visitor: visitor, site: site)
    }

    /// The site of a page about an App ID that names no project.
    func unknownSite(_ request: HTTPRequest) -> RoadmapSite {
        RoadmapSite(
            appId: request.pathParameters["appId"] ?? "", appName: "AppNorth",
            language: RoadmapLanguage.choose(projectLanguages: ["en", "es"], acceptLanguage: request.headers["accept-language"]),
            watermark: true, signedInEmail: nil, formToken: "")
    }

    /// A page for `visit`, drawn once per community generation for each visitor and address.
    func page(_ kind: String, _ request: HTTPRequest, _ visit: Visit, source: GenerationSource? = nil, draw: () throws -> HTML) throws
        -> HTTPResponse
    {
        let key = [
            kind, visit.project.id, visit.site.language.rawValue, visit.site.formToken, visit.visitor.email ?? "", request.pathAndQuery,
        ]
        .joined(separator: "\n")
        let rendered = try pages.value(for: key, in: source ?? store.communityChanges) {
            let bytes = Array(try draw().markup.utf8)
            return Rendered(bytes: bytes, etag: "W/\"" + String(SHA256.hex(bytes).prefix(24)) + "\"")
        }
        return respond(rendered, request, visit)
    }

    /// The answer for a drawn page with the caching the visitor allows.
    func respond(_ rendered: Rendered, _ request: HTTPRequest, _ visit: Visit, status: Int = 200) -> HTTPResponse {
        var headers = PageHeaders.all.filter { $0.0 != "Cache-Control" }
        headers.append(("Content-Language", visit.site.language.rawValue))
        headers.append(("Vary", "Accept-Language, Cookie"))
        if visit.visitor.endedSession {
            headers.append(
                ("Set-Cookie", RoadmapCookies.clear(RoadmapCookies.session, appId: visit.project.appId, secure: secure(request))))
        }
        guard visit.visitor.isAnonymous && status == 200 else {
            headers.append(("Cache-Control", "private, no-store"))
            return HTTPResponse(
                status: status, headers: headers, body: PublicShell.withFormKeys(rendered.bytes, key: RoadmapPagesHandler.newFormKey()))
        }
        headers.append(("Cache-Control", "public, max-age=60"))
        headers.append(("ETag", rendered.etag))
        if let sent = request.headers["if-none-match"],
            sent.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == rendered.etag })
        {
            return HTTPResponse(status: 304, headers: headers.filter { $0.0 != "Content-Type" })
        }
        return HTTPResponse(
            status: status, headers: headers, body: PublicShell.withFormKeys(rendered.bytes, key: RoadmapPagesHandler.newFormKey()))
    }

    /// A page that says why something was not done; never cached.
    func message(_ reason: RoadmapMessagePage.Reason, _ request: HTTPRequest, _ visit: Visit?, status: Int, back: String? = nil)
        -> HTTPResponse
    {
        let site = visit?.site ?? unknownSite(request)
        var response = PageResponse.html(RoadmapMessagePage(site: site, reason: reason, back: back).html, status: status)
        response.headers.append(("Content-Language", site.language.rawValue))
        return response
    }

    /// Every form of an answer gets this key: 128 random bits, hex.
    static func newFormKey() -> String { Hex.encode(SecureRandom.bytes(16)) }

    func secure(_ request: HTTPRequest) -> Bool { request.publicBase(configured: publicURL).lowercased().hasPrefix("https://") }

    /// What a board's policy leaves this visitor (the display side of `PublicRequestGuard.require`).
    static func control(_ policy: Participation, _ visitor: RoadmapVisitor) -> RoadmapControl {
        switch policy {
        case .disabled: return .hidden
        case .identified: return visitor.email == nil ? .signIn : .open
        case .anyone: return .open
        }
    }

    static func item(_ idea: CommunityIdea, boards: [Board], visitor: RoadmapVisitor) -> RoadmapIdea {
        let board = boards.first { $0.id == idea.boardId }
        return RoadmapIdea(
            id: idea.id, slug: idea.slug, title: idea.title, description: idea.description, boardName: board?.name ?? idea.boardSlug,
            statusLabel: idea.status?.label, statusColor: idea.status?.color, votes: idea.voteCount, comments: idea.commentCount,
            hasVoted: idea.hasVoted, pinned: idea.pinned, vote: board.map { control($0.policies.vote, visitor) } ?? .hidden)
    }
}
