/// Who is calling the operator API: a live token and the organization every resource it
/// touches must belong to.
public struct AdminCaller: Sendable {
    public let token: APIToken
    public var organizationId: String { token.organizationId }
    /// The role the token acts with (`APIToken.role`); `AdminAuth` admits no token without one.
    public var role: Role { token.role ?? .member }

    /// The caller as the author of account changes: its author, or the token itself.
    public var actor: AccountActor {
        AccountActor(organizationId: organizationId, role: role, memberId: token.authorMemberId, tokenId: token.id)
    }
}
