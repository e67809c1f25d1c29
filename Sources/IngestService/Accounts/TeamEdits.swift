import HubHTTPServer

/// Invitations, roles and API tokens as the operator API (JSON) and the dashboard's settings
/// page (forms) ask for them: the values are checked here once, so both answer the same 400
/// `INVALID_PAYLOAD` fields; who may do what is the store's `AccountActor` rules
/// (403 `FORBIDDEN`, 409 `LAST_OWNER`, `MEMBER_EXISTS`).
struct TeamEdits {
    let store: IngestStore

    /// An invitation for `email` (trimmed, lowercased) with `role`; its code is returned once.
    /// With `linkBase` (email is on), the invitation is emailed with its link.
    func invite(email: String?, role: String?, by actor: AccountActor, linkBase: String? = nil) throws -> (
        code: String, record: AccountCode
    ) {
        var errors = FieldErrors()
        let email = AdminMembersHandler.email(email, into: &errors)
        if role == nil { errors.add("role", "is required") }
        let role = AdminValidation.choice(role, Role.self, "role", into: &errors)
        try errors.throwIfAny()
        return try store.createInvitation(email: email!, role: role!, by: actor, linkBase: linkBase)
    }

    /// The member with `role`.
    func changeRole(memberId: String, to role: String?, by actor: AccountActor) throws -> OrganizationMember {
        var errors = FieldErrors()
        if role == nil { errors.add("role", "is required") }
        let role = AdminValidation.choice(role, Role.self, "role", into: &errors)
        try errors.throwIfAny()
        return try store.changeRole(memberId: memberId, to: role!, by: actor)
    }

    /// A token authored by `actor`; its text is returned once.
    func createToken(name: String?, scope: String?, by actor: AccountActor) throws -> (token: String, record: APIToken) {
        var errors = FieldErrors()
        let name = errors.text(name, "name", AdminValidation.tokenName)
        if scope == nil { errors.add("scope", "is required") }
        let scope = AdminValidation.choice(scope, APIToken.Scope.self, "scope", into: &errors)
        try errors.throwIfAny()
        return try store.createToken(name: name!, scope: scope!, by: actor)
    }

    /// Revokes at once (tokens are looked up on every call); 404 when the organization has no such token.
    func revokeToken(id: String, by actor: AccountActor) throws {
        guard try store.revokeToken(id: id, by: actor) else { throw APIError.adminNotFound("token") }
    }
}
