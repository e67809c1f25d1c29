import Dashboard
import Foundation
import HubHTTPServer

/// The handoff's browser side: `POST /roadmap/<APP_ID>/session` takes the code the page's
/// script read from the address's fragment (and already removed from the address bar), uses it
/// once and sets the session cookie (seven days, this app's roadmap only); a used, expired or
/// foreign code gets a page saying which. `POST /roadmap/<APP_ID>/signout` ends the session.
extension RoadmapPagesHandler {
    func exchange(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let visit = try visit(request) else { return message(.handoffUnknown, request, nil, status: 404) }
        let fields: FormFields
        do { fields = try checked(request, visit) } catch { return refusal(error, request, visit) }
        do {
            try requestGuard.communityBudget.consume(request.remoteAddress ?? "unknown")
        } catch {
            return refusal(error, request, visit)
        }
        guard let code = fields["code"], code.utf8.count <= 128 else { return message(.handoffUnknown, request, visit, status: 400) }
        let exchange: IngestStore.HandoffExchange
        do {
            exchange = try store.exchangeHandoffCode(code, projectId: visit.project.id, sessionLifetime: RoadmapCookies.sessionLifetime)
        } catch let refusal as IngestStore.HandoffRefusal {
            switch refusal {
            case .used: return message(.handoffUsed, request, visit, status: 410)
            case .expired: return message(.handoffExpired, request, visit, status: 410)
            case .unknown: return message(.handoffUnknown, request, visit, status: 400)
            }
        }
        let paths = visit.site.paths
        var next = paths.roadmap
        if let sent = fields["next"], sent == paths.roadmap || sent.hasPrefix(paths.roadmap + "/ideas/") { next = sent }
        if exchange.ideaId != nil && next == paths.roadmap, let ideaId = exchange.ideaId { next = paths.idea(ideaId) }
        let cookie = RoadmapCookies.set(
            RoadmapCookies.session, exchange.sessionToken, appId: visit.project.appId, lifetime: RoadmapCookies.sessionLifetime,
            secure: secure(request))
        return PageResponse.redirect(next + "?done=" + RoadmapNotice.signedIn.rawValue, cookies: [cookie])
    }

    func signOut(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let visit = try visit(request) else { return message(.notFound, request, nil, status: 404) }
        do { _ = try checked(request, visit) } catch { return refusal(error, request, visit) }
        if let token = visit.visitor.sessionToken { try store.endRoadmapSession(token: token) }
        return PageResponse.redirect(
            visit.site.paths.roadmap + "?done=" + RoadmapNotice.signedOut.rawValue,
            cookies: [RoadmapCookies.clear(RoadmapCookies.session, appId: visit.project.appId, secure: secure(request))])
    }
}
