/// `GET /dashboard/account`: who is signed in, and the password change (`POST
/// /dashboard/account` with `currentPassword`, `newPassword`, `newPasswordAgain`). A change
/// signs out every other session, which the page says before it happens.
public struct AccountPage: Sendable {
    public enum Message: Sendable, Equatable {
        case changed
        case wrongCurrentPassword
        case throttled(retryAfterSeconds: Int)
        case busy
    }

    public var problems: FormProblems
    public var message: Message?

    public init(problems: FormProblems = .none, message: Message? = nil) {
        self.problems = problems
        self.message = message
    }

    var notice: PageShell.Notice? {
        switch message {
        case .changed: return .ok("Password changed. Your other sessions were signed out.")
        case .wrongCurrentPassword: return .problem("The current password is not right; nothing was changed.")
        case .throttled(let seconds): return .problem("Too many attempts. " + RetryText.tryAgain(in: seconds))
        case .busy: return .problem("This is busy right now. Try again in a moment.")
        case nil: return nil
        }
    }

    public func html(viewer: PageShell.Viewer) -> HTML {
        PageShell.page(title: "Account", section: nil, viewer: viewer, notice: notice) {
            element("h1") { "Account" }
            element("div", .class("grid2")) {
                element("section", .class("panel"), Attribute("aria-labelledby", "password-title")) {
                    element("h2", .id("password-title")) { "Change password" }
                    PostForm.make(action: "/dashboard/account", token: viewer.formToken) {
                        // The email lets a password manager file the new password under the right account.
                        voidElement("input", .type("email"), .value(viewer.email), Attribute("autocomplete", "username"), .hidden)
                        LabeledField(id: "account-current", label: "Current password", problems: problems["currentPassword"])
                            .input("currentPassword", type: "password", .required, Attribute("autocomplete", "current-password"))
                        LabeledField(id: "account-new", label: "New password", hint: PasswordRules.hint, problems: problems["newPassword"])
                            .input("newPassword", type: "password", attributes: PasswordRules.newPassword)
                        LabeledField(id: "account-new-again", label: "New password again", problems: problems["newPasswordAgain"])
                            .input("newPasswordAgain", type: "password", attributes: PasswordRules.newPassword)
                        element("p", .class("small muted")) { "Changing it signs you out everywhere else." }
                        element("button", .type("submit"), .class("primary")) { "Change password" }
                    }
                }
                element("section", .class("panel"), Attribute("aria-labelledby", "you-title")) {
                    element("h2", .id("you-title")) { "You" }
                    element("dl", .class("facts")) {
                        element("dt") { "Name" }
                        element("dd") { viewer.name.isEmpty ? "—" : viewer.name }
                        element("dt") { "Email" }
                        element("dd") { viewer.email }
                        element("dt") { "Organization" }
                        element("dd") { viewer.organization }
                        element("dt") { "Role" }
                        element("dd") {
                            RoleText.label(viewer.role)
                            element("div", .class("small muted")) { RoleText.hint(viewer.role) }
                        }
                        element("dt") { "Email alerts" }
                        element("dd") { element("a", .href("/dashboard/settings/notifications")) { "Choose what you are emailed about" } }
                    }
                }
            }
        }
    }
}
