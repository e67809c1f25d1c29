import Dashboard
import HubHTTPServer

/// `/dashboard/settings`: members and their roles, invitations and API tokens, for owners and
/// admins. The posts go through `TeamEdits` and the store's `AccountActor` rules, as the
/// operator API's do: only owners touch owners, the last owner stays (409 `LAST_OWNER`),
/// a member with open reports stays (409 `MEMBER_ASSIGNED`). A link or token made here is in
/// the answer that made it only: that answer is the page itself, never a redirect.
struct SettingsPagesHandler {
    let store: IngestStore
    /// `APPNORTH_PUBLIC_URL`, the base of invitation links (else the request's own).
    let publicURL: String?
    /// `APPNORTH_SMTP_URL` is set: a new invitation is also emailed.
    var emailOn = false
    /// Whether each invitation's email went out (pushd's `email.deliveries`).
    var deliveries: ReplyDeliveries?
    var edits: TeamEdits { TeamEdits(store: store) }

    /// `GET /dashboard/settings`.
    func page(_ context: PageContext) throws -> HTTPResponse {
        let notice = SettingsPagesHandler.notice(context.request.query["done"])
        return PageResponse.html(try settings(context).html(viewer: context.viewer(), notice: notice))
    }

    // MARK: Invitations

    /// `POST /dashboard/settings/invitations` (`email`, `role`): the page with the link, once.
    func invite(_ context: PageContext) throws -> HTTPResponse {
        let form = FormFields(context.request)
        let draft = SettingsPage.InviteDraft(email: String((form["email"] ?? "").prefix(320)), role: form["role"] ?? "")
        do {
            let base = context.request.publicBase(configured: publicURL)
            let created = try edits.invite(
                email: form["email"], role: form["role"], by: context.session.actor, linkBase: emailOn ? base : nil)
            var page = try settings(context)
            page.created = .invitation(
                email: created.record.email, role: created.record.role.rawValue,
                url: Accounts.link(code: created.code, base: base), expiresAt: created.record.expiresAt, emailed: emailOn)
            return PageResponse.html(page.html(viewer: context.viewer()))
        } catch let error as APIError where error.code == "INVALID_PAYLOAD" || error.code == "MEMBER_EXISTS" {
            var page = try settings(context)
            page.inviteDraft = draft
            page.inviteProblems = FormProblems(error.fields ?? ["email": [error.message]])
            return PageResponse.html(
                page.html(viewer: context.viewer(), notice: .problem("No invitation was made. See Invitations below.")),
                status: error.status)
        }
    }

    /// `POST /dashboard/settings/invitations/{id}/revoke`.
    func revokeInvitation(_ context: PageContext) throws -> HTTPResponse {
        try store.revokeCode(id: context.request.pathParameters["id"] ?? "", by: context.session.actor)
        return PageResponse.redirect("/dashboard/settings?done=invitation-revoked")
    }

    // MARK: Members

    /// `POST /dashboard/settings/members/{id}` (`role`).
    func changeRole(_ context: PageContext) throws -> HTTPResponse {
        try refusedAsConflict(context) {
            _ = try edits.changeRole(
                memberId: context.request.pathParameters["id"] ?? "", to: FormFields(context.request)["role"], by: context.session.actor)
            return PageResponse.redirect("/dashboard/settings?done=role")
        }
    }

    /// `POST /dashboard/settings/members/{id}/remove`: their sessions and tokens stop at once.
    func remove(_ context: PageContext) throws -> HTTPResponse {
        try refusedAsConflict(context) {
            try store.removeMember(id: context.request.pathParameters["id"] ?? "", by: context.session.actor)
            return PageResponse.redirect("/dashboard/settings?done=removed")
        }
    }

    // MARK: Tokens

    /// `POST /dashboard/settings/tokens` (`name`, `scope`): the page with the token's value, once.
    func createToken(_ context: PageContext) throws -> HTTPResponse {
        let form = FormFields(context.request)
        let draft = SettingsPage.TokenDraft(name: String((form.raw("name") ?? "").prefix(200)), scope: form["scope"] ?? "")
        do {
            let created = try edits.createToken(name: form.raw("name"), scope: form["scope"], by: context.session.actor)
            var page = try settings(context)
            page.created = .token(name: created.record.name, scope: created.record.scope.rawValue, value: created.token)
            return PageResponse.html(page.html(viewer: context.viewer()))
        } catch let error as APIError where error.code == "INVALID_PAYLOAD" {
            var page = try settings(context)
            page.tokenDraft = draft
            page.tokenProblems = FormProblems(error.fields ?? [:])
            return PageResponse.html(
                page.html(viewer: context.viewer(), notice: .problem("No token was made. See API tokens below.")), status: 400)
        }
    }

    /// `POST /dashboard/settings/tokens/{id}/revoke`: refused from its next request on.
    func revokeToken(_ context: PageContext) throws -> HTTPResponse {
        try edits.revokeToken(id: context.request.pathParameters["id"] ?? "", by: context.session.actor)
        return PageResponse.redirect("/dashboard/settings?done=token-revoked")
    }

    // MARK: Parts

    /// The page's view model from the store. 403 unless the role manages members or tokens.
    func settings(_ context: PageContext) throws -> SettingsPage {
        let session = context.session
        let role = session.role
        guard role.allows(.manageMembers) || role.allows(.manageTokens) else { throw PageError.forbidden }
        let members = try store.members(organizationId: session.organizationId)
        let names = Dictionary(members.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let signIns = try store.lastSignIns(organizationId: session.organizationId)
        let codes = role.allows(.manageMembers) ? try store.pendingCodes(by: session.actor) : []
        let emails = deliveries?.invitations(codes.filter { $0.kind == .invitation }.map(\.id)) ?? [:]
        let invitations = codes.map {
            SettingsPage.Invitation(
                id: $0.id, email: $0.email, role: $0.role.rawValue, expiresAt: $0.expiresAt,
                invitedBy: $0.createdByMemberId.flatMap { names[$0] }, kind: $0.kind.rawValue, emailState: emails[$0.id]?.state)
        }
        let tokens = role.allows(.manageTokens) ? try store.tokens(by: session.actor).map(SettingsPagesHandler.token) : []
        var page = SettingsPage(
            organizationName: session.organizationName,
            members: members.map {
                SettingsPage.Member(
                    id: $0.id, name: $0.name, email: $0.email, role: $0.role.rawValue, lastSignedInAt: signIns[$0.id],
                    joinedAt: $0.createdAt, isYou: $0.id == session.memberId)
            },
            invitations: invitations, tokens: tokens, emailOn: emailOn, canManageMembers: role.allows(.manageMembers),
            canManageOwners: role.allows(.manageOwners), canManageTokens: role.allows(.manageTokens))
        page.canDeleteAccount = role.allows(.deleteAccount)
        return page
    }

    static func token(_ record: APIToken) -> SettingsPage.Token {
        let author: SettingsPage.TokenAuthor
        if record.authorMemberId == nil {
            author = .organization
        } else if let name = record.authorName, let role = record.authorRole {
            author = .member(name: name, role: role.rawValue)
        } else {
            author = .removed
        }
        return SettingsPage.Token(
            id: record.id, name: record.name, prefix: record.prefix, scope: record.scope.rawValue, author: author,
            createdAt: record.createdAt, lastUsedAt: record.lastUsedAt, revokedAt: record.revokedAt)
    }

    /// A change the role rules refuse for this member's state (409: the last owner, open
    /// reports) draws the page again saying why; anything else is the error page.
    func refusedAsConflict(_ context: PageContext, _ change: () throws -> HTTPResponse) throws -> HTTPResponse {
        do {
            return try change()
        } catch let error as APIError where error.status == 409 || error.code == "INVALID_PAYLOAD" {
            let text = error.code == "INVALID_PAYLOAD" ? "Choose owner, admin or member." : error.message
            return PageResponse.html(
                try settings(context).html(viewer: context.viewer(), notice: .problem("Nothing changed. " + text)), status: error.status)
        }
    }

    /// The short notice a good post's redirect asks for.
    static func notice(_ done: String?) -> PageShell.Notice? {
        switch done {
        case "invitation-revoked": return .ok("Invitation revoked. Its link no longer works.")
        case "role": return .ok("Role changed. It applies from their next page.")
        case "removed": return .ok("Member removed. Their sessions and API tokens stopped working.")
        case "token-revoked": return .ok("Token revoked. It is refused from its next request.")
        default: return nil
        }
    }
}
