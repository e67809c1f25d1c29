import Foundation
import HubCrypto

/// A signed-in member's dashboard session, as `Accounts.session(token:)` finds it: who, in
/// which organization, with which role now, and the form token every form of the session
/// carries. The cookie value itself is never stored (only its SHA-256).
public struct TeamSession: Equatable, Sendable {
    /// At most this long without a request (docs/accounts.md, "Sessions").
    public static let idleLifetime: TimeInterval = 14 * 86_400
    /// At most this long after sign-in, however busy.
    public static let absoluteLifetime: TimeInterval = 30 * 86_400
    /// `last_seen_at` is written at most this often, so page views stay off the write lock.
    public static let lastSeenResolution: TimeInterval = 60

    public let id: String
    public let userId: String
    public let memberId: String
    public let organizationId: String
    public let organizationName: String
    public let email: String
    /// The member's name in this organization.
    public let name: String
    public let role: Role
    /// Put into every form of the session and checked on every mutation (`acceptsFormToken`).
    public let formToken: String
    public let createdAt: String
    public let lastSeenAt: String
    /// When it ends unless used again: the earlier of the idle and the absolute limit.
    public let expiresAt: String
    /// When the member last opened What's new; nil: never.
    public var whatsNewSeenAt: String? = nil

    /// Whether `value` is this session's form token, compared in constant time.
    public func acceptsFormToken(_ value: String?) -> Bool {
        guard let value else { return false }
        return ConstantTime.equals(Array(value.utf8), Array(formToken.utf8))
    }

    /// The session as the author of account changes.
    public var actor: AccountActor { AccountActor(organizationId: organizationId, role: role, memberId: memberId) }
}
