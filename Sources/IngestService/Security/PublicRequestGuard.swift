import Foundation
import HubCrypto
import HubHTTPServer
import HubRuntime

/// Everything a public route checks before its own work, in the order of
/// docs/http-conventions.md ("Checks of a public request"): the community IP budget (before the
/// project is known), the App ID, the voter token, the identity credential, and for writes the
/// Origin. Handlers call `resolve` then `require`.
public final class PublicRequestGuard: @unchecked Sendable {
    let store: IngestStore
    let verifier: IdentityVerifier
    let communityBudget: RateLimiter
    let voterTokenHashes = VoterTokenHashes()

    /// `communityBudget` is spent by every request `resolve` sees, per client address.
    public init(store: IngestStore, clock: Clock, communityBudget: RateLimiter) {
        self.store = store
        verifier = IdentityVerifier(clock: clock)
        self.communityBudget = communityBudget
    }

    /// `consume: false` checks the community budget without spending it (a header check, whose
    /// request is resolved again once its body is in).
    public func resolve(
        _ request: HTTPRequest, write: Bool, origin rule: OriginCheck.Rule = .required,
        consume: Bool = true
    ) throws -> PublicContext {
        // The handler after the header check of the same request: everything but spending the
        // budget was decided on the same head.
        if consume, let head = request.headerCheckMemo.value as? ResolvedHead, head.write == write, head.rule == rule {
            try communityBudget.consume(head.context.clientAddress)
            return head.context
        }
        let address = request.remoteAddress ?? "unknown"
        if consume { try communityBudget.consume(address) } else { try communityBudget.check(address) }
        guard let appId = request.query["app_id"], InputLimits.appId.contains(appId.utf16.count) else {
            throw APIError.invalidAppId
        }
        guard let project = try store.project(appId: appId) else { throw APIError.projectNotFound }
        try store.refuseIfAccountErasing(project.organizationId)
        var voterTokenHash: String?
        if let token = request.query["voter_token"] {
            guard PublicRequestGuard.isValidVoterToken(token) else {
                throw APIError.invalidQuery(["voter_token": ["must be 16-128 characters of letters, digits, '_' and '-'"]])
            }
            voterTokenHash = voterTokenHashes.hash(token)
        }
        var identity: VerifiedIdentity?
        if IdentityVerifier.hasCredential(request.headers) {
            identity = try verifier.verify(request.headers, projectId: project.id, secret: try store.identitySecret(projectId: project.id))
        }
        if write {
            try OriginCheck.check(request.headers["origin"], allowed: project.allowedOrigins, rule: rule)
        }
        let context = PublicContext(
            project: project, participant: Participant(identity: identity, voterTokenHash: voterTokenHash),
            clientAddress: address)
        if !consume { request.headerCheckMemo.value = ResolvedHead(context: context, write: write, rule: rule) }
        return context
    }

    /// A head resolved by a header check (`consume: false`), for its handler.
    private struct ResolvedHead: Sendable {
        let context: PublicContext
        let write: Bool
        let rule: OriginCheck.Rule
    }

    /// The check of a public write's head: budget, App ID, voter token, identity and Origin as
    /// `resolve` does, and the route's own budget (`limiter`, keyed by project and client),
    /// spending nothing, so a request refused for any of them is answered before its body is read.
    public func headerCheck(origin rule: OriginCheck.Rule = .required, limiter: RateLimiter? = nil) -> Route.HeaderCheck {
        { [self] request in
            let context = try resolve(request, write: true, origin: rule, consume: false)
            try limiter?.check(context.project.id + "|" + context.clientAddress)
        }
    }

    /// A board policy for this participant: `disabled` → 403 `ACTION_DISABLED`; `identified`
    /// without a verified identity, or `anyone` with neither identity nor voter token →
    /// 401 `IDENTITY_REQUIRED`.
    public func require(_ policy: Participation, _ participant: Participant) throws {
        switch policy {
        case .disabled: throw APIError.actionDisabled
        case .identified: if participant.identity == nil { throw APIError.identityRequired }
        case .anyone: if participant.key == nil { throw APIError.identityRequired }
        }
    }

    static func isValidVoterToken(_ token: String) -> Bool {
        let u = token.utf8
        return InputLimits.voterToken.contains(u.count)
            && u.allSatisfy {
                ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 90) || ($0 >= 97 && $0 <= 122) || $0 == 95 || $0 == 45
            }
    }
}
