/// Who is acting on a public route: a verified identity, an anonymous voter token, both or
/// neither. The identity wins wherever both are present.
public struct Participant: Equatable, Sendable {
    public let identity: VerifiedIdentity?
    /// SHA-256 hex of the `voter_token`; the token itself is never stored.
    public let voterTokenHash: String?

    public init(identity: VerifiedIdentity?, voterTokenHash: String?) {
        self.identity = identity
        self.voterTokenHash = voterTokenHash
    }

    /// `email:<email>`, else `token:<hash>`, else nil: the key of votes, authorship and
    /// idempotency scope.
    public var key: String? {
        if let identity { return "email:" + identity.email }
        if let voterTokenHash { return "token:" + voterTokenHash }
        return nil
    }

    public var idempotencyScope: String { key ?? "anonymous" }
}
