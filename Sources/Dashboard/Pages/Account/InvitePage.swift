import Foundation

/// `GET /invite/{code}` and the answer to a refused `POST /invite/{code}`: an invitation to
/// join an organization, or a setup link made by `appnorth user add`. Someone new chooses a
/// name and a password (`name`, `password`, `passwordAgain`); someone who already has an
/// account confirms it with its password (`password`). A code that cannot be used (expired,
/// used, revoked, unknown: the hub does not tell these apart) says so and leads on.
public struct InvitePage: Sendable {
    /// What the link is for, from `CodeLookup`.
    public struct Invitation: Sendable, Equatable {
        /// `invitation` or `setup`.
        public var kind: String
        public var organizationName: String
        public var role: String
        public var email: String
        /// The person has a password already: they confirm it instead of choosing one.
        public var accountExists: Bool
        public var expiresAt: String

        public init(kind: String, organizationName: String, role: String, email: String, accountExists: Bool, expiresAt: String) {
            self.kind = kind
            self.organizationName = organizationName
            self.role = role
            self.email = email
            self.accountExists = accountExists
            self.expiresAt = expiresAt
        }
    }

    public enum Message: Sendable, Equatable {
        /// The existing account's password was wrong.
        case wrongPassword
        case throttled(retryAfterSeconds: Int)
        /// 409 `MEMBER_EXISTS`: they are a member already.
        case alreadyMember
        case busy
    }

    static let nameLength = 1...100

    public var code: String
    /// nil: the code cannot be used.
    public var invitation: Invitation?
    /// As typed in a refused post.
    public var name: String
    public var problems: FormProblems
    public var message: Message?
    public var formToken: String?

    public init(
        code: String, invitation: Invitation?, name: String = "", problems: FormProblems = .none, message: Message? = nil,
        formToken: String? = nil
    ) {
        self.code = code
        self.invitation = invitation
        self.name = name
        self.problems = problems
        self.message = message
        self.formToken = formToken
    }

    var action: String {
        "/invite/" + (code.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "-._~").union(.alphanumerics)) ?? "")
    }

    var notice: PageShell.Notice? {
        switch message {
        case .wrongPassword: return .problem("That is not the password of this account.")
        case .throttled(let seconds): return .problem("Too many attempts. " + RetryText.tryAgain(in: seconds))
        case .alreadyMember: return .problem("You are already a member of this organization. Sign in instead.")
        case .busy: return .problem("This is busy right now. Try again in a moment.")
        case nil: return nil
        }
    }

    public func html() -> HTML {
        guard let invitation else {
            return PageShell.bare(title: "Link not valid") {
                element("h1") { "This link can't be used" }
                element("p") { "It has expired (links last 7 days), was already used, or was revoked." }
                element("p") { "Ask whoever sent it for a new one. If you already have an account, sign in." }
                element("p") { element("a", .class("button"), .href("/login")) { "Sign in" } }
            }
        }
        let title = invitation.kind == "setup" ? "Set up your account" : "Join " + invitation.organizationName
        return PageShell.bare(title: title, notice: notice) {
            element("h1") { title }
            element("dl", .class("facts")) {
                element("dt") { "Organization" }
                element("dd") { invitation.organizationName }
                element("dt") { "Role" }
                element("dd") {
                    element("strong") { RoleText.label(invitation.role) }
                    element("div", .class("small muted")) { RoleText.hint(invitation.role) }
                }
                element("dt") { "Email" }
                element("dd") { invitation.email }
            }
            SignedOutForm.make(action: action, token: formToken) {
                // The email lets a password manager file the new password under the right account.
                voidElement("input", .type("email"), .value(invitation.email), Attribute("autocomplete", "username"), .hidden)
                if invitation.accountExists {
                    element("p") { "You already have an account with this email. Enter its password to join." }
                    LabeledField(id: "invite-password", label: "Password", problems: problems["password"])
                        .input("password", type: "password", .required, Attribute("autocomplete", "current-password"), .autofocus)
                    element("button", .type("submit"), .class("primary")) { "Join " + invitation.organizationName }
                } else {
                    LabeledField(id: "invite-name", label: "Your name", hint: "As your team will see it.", problems: problems["name"])
                        .input(
                            "name", type: "text", value: name, .required, Attribute("maxlength", String(InvitePage.nameLength.upperBound)),
                            Attribute("autocomplete", "name"), .autofocus)
                    newPasswordFields
                    element("button", .type("submit"), .class("primary")) {
                        invitation.kind == "setup" ? "Set password and sign in" : "Join"
                    }
                }
            }
            element("p", .class("small muted")) {
                "This link works once and expires "
                TimeText.html(invitation.expiresAt)
                "."
            }
        }
    }

    var newPasswordFields: HTML {
        HTMLBuilder.join([
            LabeledField(
                id: "invite-new-password", label: "Password",
                hint: PasswordRules.hint,
                problems: problems["password"]
            ).input("password", type: "password", attributes: PasswordRules.newPassword),
            LabeledField(id: "invite-new-password-again", label: "Password again", problems: problems["passwordAgain"])
                .input("passwordAgain", type: "password", attributes: PasswordRules.newPassword),
        ])
    }
}
