import HubHTTPServer
import HubMessaging

/// The chat mode of a public request's project applied to its participant
/// (docs/http-conventions.md, "Chat identity scope"): whose conversation the request acts on, if any.
struct ChatAccess {
    let requestGuard: PublicRequestGuard

    enum Outcome {
        /// Chat is disabled for the project.
        case unavailable
        case owner(ChatOwner, PublicContext)
    }

    /// `identified` needs a verified identity; `anyone` takes the identity when present,
    /// else the voter token; neither is 401 `IDENTITY_REQUIRED`.
    func resolve(_ request: HTTPRequest, write: Bool, consume: Bool = true) throws -> Outcome {
        let context = try requestGuard.resolve(request, write: write, origin: .ifPresent, consume: consume)
        let project = context.project
        let participant = context.participant
        switch project.chatMode {
        case .disabled:
            return .unavailable
        case .identified:
            guard let identity = participant.identity else { throw APIError.identityRequired }
            return .owner(ChatOwner(projectId: project.id, kind: .email, value: identity.email), context)
        case .anyone:
            if let identity = participant.identity {
                return .owner(ChatOwner(projectId: project.id, kind: .email, value: identity.email), context)
            }
            guard let hash = participant.voterTokenHash else { throw APIError.identityRequired }
            return .owner(ChatOwner(projectId: project.id, kind: .token, value: hash), context)
        }
    }

    /// For writes: a disabled chat is 403 `CHAT_DISABLED`.
    func requireOwner(_ request: HTTPRequest, consume: Bool = true) throws -> (owner: ChatOwner, context: PublicContext) {
        switch try resolve(request, write: true, consume: consume) {
        case .unavailable: throw APIError.chatDisabled
        case .owner(let owner, let context): return (owner, context)
        }
    }

    /// The head check of a chat or push write: everything `requireOwner` decides, and the
    /// route's budget, spending nothing.
    func headerCheck(_ limiter: RateLimiter) -> Route.HeaderCheck {
        { request in
            let (_, context) = try requireOwner(request, consume: false)
            try limiter.check(context.project.id + "|" + context.clientAddress)
        }
    }
}
