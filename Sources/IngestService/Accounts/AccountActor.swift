import HubHTTPServer

/// Who changes accounts: a signed-in member (a dashboard session), or an API token acting for
/// its author or, without one, as its organization's owner. Both APIs hand the store the same
/// value, so role rules are checked in one place.
public struct AccountActor: Sendable {
    public let organizationId: String
    public let role: Role
    /// The member behind the change; nil for a token without an author.
    public let memberId: String?
    /// The token that made the change, when one did.
    public let tokenId: String?

    public init(organizationId: String, role: Role, memberId: String?, tokenId: String? = nil) {
        self.organizationId = organizationId
        self.role = role
        self.memberId = memberId
        self.tokenId = tokenId
    }

    /// How timelines name it, as they name every change: `token:<id>` for a token (whoever
    /// its author), else `member:<id>`.
    public var label: String {
        if let tokenId { return "token:" + tokenId }
        return "member:" + (memberId ?? "unknown")
    }

    /// Throws 403 `FORBIDDEN` unless the role allows `permission`.
    public func require(_ permission: Permission) throws {
        guard role.allows(permission) else { throw APIError.roleForbidden }
    }
}
