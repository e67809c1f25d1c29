import Dashboard
import Foundation
import HubCrypto
import HubHTTPServer
import HubRuntime

/// The public pages' posts: suggest an idea, vote, comment. Each must come from a page of this
/// hub (`SameOrigin`) and carry the form token of the visitor it was drawn for, spends the
/// community budget of the client address, and goes through `CommunityWrites` with the
/// board's policies as the SDK's routes do, joining the store's group commit. The form's `key`
/// is the write's idempotency key, so a form sent twice writes once. An anonymous visitor's
/// first post gets a voter token cookie, made from that key. A good post answers 303 to
/// the page it came from with `?done=`; a refused one draws a page saying why.
extension RoadmapPagesHandler {
    typealias Prepared = (write: () throws -> CommunityHTTP.Written, next: (CommunityHTTP.Written) -> String)

    func submitIdea(_ request: HTTPRequest, _ respond: @escaping Route.Completion) {
        post(request, respond) { visit, context, fields, key in
            let input = CommunityWrites.IdeaInput(
                board: fields["board"], title: fields["title"], description: fields["description"],
                authorName: visit.visitor.email == nil ? fields["authorName"] : nil)
            let payload = RoadmapPagesHandler.payload([
                ("board", input.board), ("title", input.title), ("description", input.description), ("authorName", input.authorName),
            ])
            let write = try CommunityWrites.submitIdea(input, context, store: store, requestGuard: requestGuard, key: key, payload: payload)
            return (
                write,
                { written in
                    let created = RoadmapPagesHandler.created(written)
                    if created.moderated { return self.back(fields, visit) + "done=" + RoadmapNotice.ideaPending.rawValue }
                    return visit.site.paths.idea(created.slug ?? "") + "?done=" + RoadmapNotice.idea.rawValue
                }
            )
        }
    }

    func vote(_ request: HTTPRequest, _ respond: @escaping Route.Completion) {
        post(request, respond) { visit, context, fields, key in
            let voted = fields["voted"].map { $0 == "true" }
            let payload = Array((voted == true ? "{\"voted\":true}" : "{\"voted\":false}").utf8)
            let write = try CommunityWrites.vote(
                handle: request.pathParameters["handle"], voted: voted, context, store: store, requestGuard: requestGuard, key: key,
                payload: payload)
            return (write, { _ in self.back(fields, visit) + "done=" + RoadmapNotice.vote.rawValue })
        }
    }

    func comment(_ request: HTTPRequest, _ respond: @escaping Route.Completion) {
        post(request, respond) { visit, context, fields, key in
            let authorName = visit.visitor.email == nil ? fields["authorName"] : nil
            let payload = RoadmapPagesHandler.payload([("body", fields["body"]), ("authorName", authorName)])
            let write = try CommunityWrites.comment(
                handle: request.pathParameters["handle"], body: fields["body"], authorName: authorName, context, store: store,
                requestGuard: requestGuard, key: key, payload: payload)
            return (
                write,
                { written in
                    let notice: RoadmapNotice = RoadmapPagesHandler.created(written).moderated ? .commentPending : .comment
                    return visit.site.paths.idea(request.pathParameters["handle"] ?? "") + "?done=" + notice.rawValue + "#comments"
                }
            )
        }
    }

    /// The checks every post shares, then `prepare`'s write in the group commit.
    func post(
        _ request: HTTPRequest, _ respond: @escaping Route.Completion,
        _ prepare: (Visit, PublicContext, FormFields, String?) throws -> Prepared
    ) {
        var known: Visit?
        do {
            guard let visit = try visit(request) else { return respond(.success(message(.notFound, request, nil, status: 404))) }
            known = visit
            let fields = try checked(request, visit)
            try requestGuard.communityBudget.consume(request.remoteAddress ?? "unknown")
            let key = fields["key"]
            var voterCookie: String?
            var participant = visit.visitor.participant
            if visit.visitor.email == nil && visit.visitor.voterToken == nil {
                let token =
                    key.map { RoadmapVisitor.voterToken(key: formKey, projectId: visit.project.id, formKey: $0) }
                    ?? SecureRandom.token(byteCount: 24)
                participant = Participant(identity: nil, voterTokenHash: SHA256.hex(token))
                voterCookie = RoadmapCookies.set(
                    RoadmapCookies.voter, token, appId: visit.project.appId, lifetime: RoadmapCookies.voterLifetime, secure: secure(request)
                )
            }
            let context = PublicContext(project: visit.project, participant: participant, clientAddress: request.remoteAddress ?? "unknown")
            let prepared = try prepare(visit, context, fields, key)
            writes.submit(prepared.write) { result in
                switch result {
                case .success(let written):
                    respond(.success(PageResponse.redirect(prepared.next(written), cookies: voterCookie.map { [$0] } ?? [])))
                case .failure(let error):
                    respond(.success(refusal(error, request, visit)))
                }
            }
        } catch {
            respond(.success(refusal(error, request, known)))
        }
    }

    /// Same origin and the visitor's form token, else a refusal; the form's fields.
    func checked(_ request: HTTPRequest, _ visit: Visit) throws -> FormFields {
        guard SameOrigin.allows(request, origin: SameOrigin.origin(of: request, publicURL: publicURL)) else {
            throw PageError.foreignOrigin
        }
        let fields = FormFields(request)
        guard let sent = fields.raw(PostForm.tokenField), ConstantTime.equals(Array(sent.utf8), Array(visit.site.formToken.utf8)) else {
            throw PageError.formToken
        }
        return fields
    }

    /// Why a post was not done, as a page with the API's status.
    func refusal(_ error: Error, _ request: HTTPRequest, _ visit: Visit?) -> HTTPResponse {
        let back = visit.map { v in request.pathParameters["handle"].map { v.site.paths.idea($0) } ?? v.site.paths.roadmap }
        switch error {
        case PageError.foreignOrigin: return message(.foreignOrigin, request, visit, status: 403, back: back)
        case PageError.formToken: return message(.staleForm, request, visit, status: 403, back: back)
        case let error as APIError:
            var response: HTTPResponse
            switch error.code {
            case "IDENTITY_REQUIRED": response = message(.needsSignIn, request, visit, status: 403, back: back)
            case "ACTION_DISABLED": response = message(.actionDisabled, request, visit, status: 403, back: back)
            case "NOT_FOUND": response = message(.notFound, request, visit, status: 404, back: back)
            case "RATE_LIMITED": response = message(.tooMany, request, visit, status: 429, back: back)
            case "IDEMPOTENCY_CONFLICT", "INVALID_IDEMPOTENCY_KEY": response = message(.staleForm, request, visit, status: 409, back: back)
            default:
                if let fields = error.fields, error.status == 400 {
                    let problems = fields.keys.sorted().map { (field: $0, messages: fields[$0] ?? []) }
                    response = message(.problems(problems), request, visit, status: 400, back: back)
                } else {
                    response = message(.failed, request, visit, status: error.status, back: back)
                }
            }
            response.headers.append(contentsOf: error.headers)
            return response
        default:
            return message(.failed, request, visit, status: 500, back: back)
        }
    }

    /// Where a post goes back to: the form's `back` when it is an address of this roadmap,
    /// ending in `?` or `&` so a notice can follow.
    func back(_ fields: FormFields, _ visit: Visit) -> String {
        let roadmap = visit.site.paths.roadmap
        var path = roadmap
        if let sent = fields["back"], sent == roadmap || sent.hasPrefix(roadmap + "?") || sent.hasPrefix(roadmap + "/ideas/") {
            path = sent
        }
        return path + (path.contains("?") ? "&" : "?")
    }

    /// The canonical payload of a form post, as the idempotency record compares it: the
    /// fields present, as a JSON object with sorted keys.
    static func payload(_ pairs: [(String, String?)]) -> [UInt8] {
        var out = "{"
        for (name, value) in pairs.compactMap({ pair in pair.1.map { (pair.0, $0) } }).sorted(by: { $0.0 < $1.0 }) {
            if out.count > 1 { out += "," }
            JSONText.appendString(name, to: &out)
            out += ":"
            JSONText.appendString(value, to: &out)
        }
        return Array((out + "}").utf8)
    }

    /// The slug and moderation of a created item from its stored answer (`PublicJSON.creation`).
    static func created(_ written: CommunityHTTP.Written) -> (slug: String?, moderated: Bool) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(written.body)) as? [String: Any] else { return (nil, false) }
        let value = object["value"] as? [String: Any]
        return (value?["slug"] as? String, object["moderated"] as? Bool ?? false)
    }
}
