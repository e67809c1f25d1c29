/// `GET /dashboard/settings`, for owners and admins: the organization's members and their
/// roles, pending invitations, and API tokens. A value made here (an invitation link, a token)
/// is in the response that made it only; the page says so next to it.
public struct SettingsPage: Sendable {
    public struct Member: Sendable, Equatable {
        public var id: String
        public var name: String
        public var email: String
        /// `owner`, `admin` or `member`.
        public var role: String
        /// nil: has not signed in yet.
        public var lastSignedInAt: String?
        public var joinedAt: String
        /// The viewer's own membership, which this page does not change.
        public var isYou: Bool

        public init(id: String, name: String, email: String, role: String, lastSignedInAt: String?, joinedAt: String, isYou: Bool) {
            self.id = id
            self.name = name
            self.email = email
            self.role = role
            self.lastSignedInAt = lastSignedInAt
            self.joinedAt = joinedAt
            self.isYou = isYou
        }
    }

    /// An invitation or setup link that can still be used.
    public struct Invitation: Sendable, Equatable {
        public var id: String
        public var email: String
        public var role: String
        public var expiresAt: String
        /// Who made it; nil for a setup link made on the command line.
        public var invitedBy: String?
        /// `invitation`, or `setup` for a link made by `appnorth user add`.
        public var kind: String
        /// Its email's delivery (`queued`, `sent`, `failed`, `off`, `unknown`); nil: none was sent.
        public var emailState: String?

        public init(
            id: String, email: String, role: String, expiresAt: String, invitedBy: String?, kind: String = "invitation",
            emailState: String? = nil
        ) {
            self.emailState = emailState
            self.id = id
            self.email = email
            self.role = role
            self.expiresAt = expiresAt
            self.invitedBy = invitedBy
            self.kind = kind
        }
    }

    public enum TokenAuthor: Sendable, Equatable {
        /// Acts with this member's role now.
        case member(name: String, role: String)
        /// Its author left the organization: the token is refused.
        case removed
        /// The bootstrap token or an organization's first one: acts as owner.
        case organization
    }

    public struct Token: Sendable, Equatable {
        public var id: String
        public var name: String
        /// The token's first characters, to recognise it by; never the token.
        public var prefix: String
        /// `read` or `write`.
        public var scope: String
        public var author: TokenAuthor
        public var createdAt: String
        public var lastUsedAt: String?
        public var revokedAt: String?

        public init(
            id: String, name: String, prefix: String, scope: String, author: TokenAuthor, createdAt: String, lastUsedAt: String?,
            revokedAt: String?
        ) {
            self.id = id
            self.name = name
            self.prefix = prefix
            self.scope = scope
            self.author = author
            self.createdAt = createdAt
            self.lastUsedAt = lastUsedAt
            self.revokedAt = revokedAt
        }
    }

    /// What the post that drew this page made, shown this once.
    public enum Created: Sendable, Equatable {
        /// `emailed`: the hub sends it to them too.
        case invitation(email: String, role: String, url: String, expiresAt: String, emailed: Bool = false)
        case token(name: String, scope: String, value: String)
    }

    public struct InviteDraft: Sendable, Equatable {
        public var email: String
        public var role: String

        public init(email: String, role: String) {
            self.email = email
            self.role = role
        }

        public static let initial = InviteDraft(email: "", role: "member")
    }

    public struct TokenDraft: Sendable, Equatable {
        public var name: String
        public var scope: String

        public init(name: String, scope: String) {
            self.name = name
            self.scope = scope
        }

        public static let initial = TokenDraft(name: "", scope: "read")
    }

    public var organizationName: String
    public var members: [Member]
    public var invitations: [Invitation]
    /// Revoked ones included, oldest first.
    public var tokens: [Token]
    /// `APPNORTH_SMTP_URL` is set: invitations are emailed too.
    public var emailOn: Bool
    /// `manageMembers`: invite, change roles, remove.
    public var canManageMembers: Bool
    /// `manageOwners`: grant or take the owner role, remove an owner.
    public var canManageOwners: Bool
    /// `manageTokens`.
    public var canManageTokens: Bool
    /// The viewer is an owner: the page offers to delete the whole account (`DeleteAccountPage`).
    public var canDeleteAccount = false
    public var created: Created?
    public var inviteDraft: InviteDraft
    public var inviteProblems: FormProblems
    public var tokenDraft: TokenDraft
    public var tokenProblems: FormProblems

    public init(
        organizationName: String, members: [Member], invitations: [Invitation], tokens: [Token], emailOn: Bool = false,
        canManageMembers: Bool,
        canManageOwners: Bool, canManageTokens: Bool, created: Created? = nil, inviteDraft: InviteDraft = .initial,
        inviteProblems: FormProblems = .none, tokenDraft: TokenDraft = .initial, tokenProblems: FormProblems = .none
    ) {
        self.organizationName = organizationName
        self.members = members
        self.invitations = invitations
        self.tokens = tokens
        self.emailOn = emailOn
        self.canManageMembers = canManageMembers
        self.canManageOwners = canManageOwners
        self.canManageTokens = canManageTokens
        self.created = created
        self.inviteDraft = inviteDraft
        self.inviteProblems = inviteProblems
        self.tokenDraft = tokenDraft
        self.tokenProblems = tokenProblems
    }

    public func html(viewer: PageShell.Viewer, notice: PageShell.Notice? = nil) -> HTML {
        PageShell.page(title: "Settings", section: .settings, viewer: viewer, notice: notice) {
            element("div", .class("topline")) {
                element("h1") { "Settings" }
                element("nav", .class("row small"), .label("On this page")) {
                    element("a", .href("#members")) { "Members" }
                    if canManageMembers { element("a", .href("#invitations")) { "Invitations" } }
                    if canManageTokens { element("a", .href("#tokens")) { "API tokens" } }
                    element("a", .href("/dashboard/settings/retention")) { "Data retention" }
                    if canDeleteAccount { element("a", .href("#delete-account")) { "Delete this account" } }
                }
            }
            if let created { createdPanel(created) }
            membersPanel(token: viewer.formToken)
            if canManageMembers { invitationsPanel(token: viewer.formToken) }
            if canManageTokens { tokensPanel(token: viewer.formToken) }
            if canDeleteAccount { deleteAccountPanel }
        }
    }

    func createdPanel(_ created: Created) -> HTML {
        element("section", .class("panel reveal"), Attribute("role", "status"), Attribute("aria-labelledby", "created-title")) {
            switch created {
            case .invitation(let email, let role, let url, let expiresAt, let emailed):
                element("h2", .id("created-title")) { "Invitation link for " + email }
                element("p") {
                    (emailed
                        ? "It is on its way to them by email; this page shows it only this once. It makes them "
                        : "Copy it now and send it to them yourself: it is shown only this once. It makes them ")
                        + RoleText.label(role).lowercased() + " of " + organizationName + ", works once and expires "
                    TimeText.html(expiresAt)
                    "."
                }
                element("pre", .class("block secret"), .label("Invitation link")) { url }
            case .token(let name, let scope, let value):
                element("h2", .id("created-title")) { "API token “" + name + "”" }
                element("p") {
                    "Copy it now: it is shown only this once. It can " + (scope == "write" ? "read and change" : "read")
                        + " through the operator API and MCP, sent as Authorization: Bearer <token>."
                }
                element("pre", .class("block secret"), .label("API token")) { value }
            }
        }
    }
}
