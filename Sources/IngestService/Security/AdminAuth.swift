import Foundation
import HubHTTPServer
import HubRuntime

/// Authenticates `Authorization: Bearer an_…` for every operator route (the operator kinds of
/// `RouteLine`): 401 without a live token (or when its author is no longer a member), 403
/// `FORBIDDEN` when a `read` token attempts anything but GET or HEAD, and 403 `WRITE_NOT_ALLOWED`
/// when a `write` token does while its author is not an owner or admin (docs/accounts.md).
public struct AdminAuth: Sendable {
    /// `last_used_at` is written at most this often per token, so reads stay off the write lock.
    static let lastUsedResolution: TimeInterval = 60

    let store: IngestStore

    public init(store: IngestStore) { self.store = store }

    public func authorize(_ request: HTTPRequest) throws -> AdminCaller {
        let token = try authenticate(request)
        try recordUse(token)
        return AdminCaller(token: token)
    }

    /// Notes that `token` was used, at most once per `lastUsedResolution`.
    func recordUse(_ token: APIToken) throws {
        let threshold = ISOTime.format(store.clock.now().addingTimeInterval(-AdminAuth.lastUsedResolution))
        if token.lastUsedAt.map({ $0 < threshold }) ?? true {
            try store.recordTokenUse(id: token.id)
        }
    }

    /// The live token of the request, allowed its method; throws 401 or 403. Changes nothing,
    /// so the server runs it on a request's head too, before the body is read.
    public func authenticate(_ request: HTTPRequest) throws -> APIToken {
        guard let token = try liveToken(request) else {
            var error = APIError.unauthorized
            error.headers.append(("WWW-Authenticate", "Bearer"))
            throw error
        }
        let reads = request.method == "GET" || request.method == "HEAD"
        if !reads && token.scope != .write { throw APIError.forbidden }
        if !reads && !(token.role?.allows(.writeWithTokens) ?? false) { throw APIError.writeNotAllowed }
        return token
    }

    /// The request's live token of either scope, whatever the method: nil without a bearer
    /// token, for a revoked one, or when its author is no longer a member. For routes that
    /// decide themselves what each scope may do (the MCP server, `MCPHTTPHandler`). While the
    /// organization's account is erased, 409 `ACCOUNT_ERASING` for all but reading an erasure,
    /// so nothing new is written into a half-erased account.
    func liveToken(_ request: HTTPRequest) throws -> APIToken? {
        guard let text = AdminAuth.bearerToken(request.headers["authorization"]),
            let token = try store.authenticate(token: text)
        else { return nil }
        let followsErasure = request.method == "GET" && request.path.hasPrefix("/api/admin/v1/erasures/")
        if !followsErasure { try store.refuseIfAccountErasing(token.organizationId) }
        return token
    }

    /// A missing, revoked or read-only token is refused from the head, before a body is read.
    var headerCheck: Route.HeaderCheck {
        { request in _ = try authenticate(request) }
    }

    /// The token of a `Bearer` credential (scheme case-insensitive), only when it has the
    /// operator prefix: anything else cannot be ours and is not looked up.
    static func bearerToken(_ header: String?) -> String? {
        guard let header else { return nil }
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        guard trimmed.count > 7, trimmed.prefix(7).lowercased() == "bearer " else { return nil }
        let token = trimmed.dropFirst(7).trimmingCharacters(in: .whitespaces)
        guard token.hasPrefix("an_"), token.utf8.count <= 200 else { return nil }
        return token
    }
}
