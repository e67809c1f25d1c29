import Foundation

/// An invitation or setup link's code as stored: single use, valid 7 days. An invitation asks
/// someone to join an organization with a role; a setup code lets a user made by
/// `ingest user add` set their password (docs/accounts.md, "Invitations and setup links").
/// The code itself is in the link only, never stored.
public struct AccountCode: Equatable, Sendable {
    public enum Kind: String, Sendable {
        case invitation, setup
    }

    /// Invitations and setup links both.
    public static let lifetime: TimeInterval = 7 * 86_400

    public let id: String
    public let kind: Kind
    public let organizationId: String
    public let role: Role
    public let email: String
    /// Setup: the user made with it.
    public let userId: String?
    public let createdByMemberId: String?
    public let expiresAt: String
    public let usedAt: String?
    public let revokedAt: String?
    public let createdAt: String

    var json: [String: Any] {
        [
            "id": id, "kind": kind.rawValue, "email": email, "role": role.rawValue,
            "createdByMemberId": createdByMemberId as Any? ?? NSNull(), "expiresAt": expiresAt, "createdAt": createdAt,
        ]
    }
}
