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
    /// Someone who is no member, answering through a chat-ops integration (`telegram:<user id>`).
    public let externalId: String?
    /// The name they go by there, kept with what they write.
    public let externalName: String?

    public init(
        organizationId: String, role: Role, memberId: String?, tokenId: String? = nil, externalId: String? = nil,
        externalName: String? = nil
    ) {
        self.organizationId = organizationId
        self.role = role
        self.memberId = memberId
        self.tokenId = tokenId
        self.externalId = externalId
        self.externalName = externalName
    }

    /// How timelines name it, as they name every change: `token:<id>` for a token (whoever
    /// its author), the integration's ID for an outside author, else `member:<id>`.
    public var label: String {
        if let tokenId { return "token:" + tokenId }
        if let externalId { return externalId }
        return "member:" + (memberId ?? "unknown")
    }

    /// How the dashboard and the API name an outside author: "Ana (Telegram)", or the ID
    /// with the provider when no name came.
    public static func externalLabel(id: String, name: String?) -> String {
        let provider = id.split(separator: ":", maxSplits: 1).first.map { $0.prefix(1).uppercased() + $0.dropFirst() } ?? id
        return (name ?? id) + " (" + provider + ")"
    }

    /// Throws 403 `FORBIDDEN` unless the role allows `permission`.
    public func require(_ permission: Permission) throws {
        guard role.allows(permission) else { throw APIError.roleForbidden }
    }
}
