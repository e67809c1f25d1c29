/// `GET /login` and the answer to a refused `POST /login` (`email`, `password`, `next`). A
/// wrong email and a wrong password get the same words, so the page never tells whether an
/// email has an account.
public struct LoginPage: Sendable {
    public enum Message: Sendable, Equatable {
        /// The one answer for an unknown email and a wrong password.
        case wrongEmailOrPassword
        /// 429 from the sign-in throttle, with its `Retry-After`.
        case throttled(retryAfterSeconds: Int)
        /// The password was right, but the person belongs to no organization any more.
        case noMembership
        /// 503: the password checker is full.
        case busy
        case signedOut
        /// The session expired or was revoked (a password change, removal from the organization).
        case sessionEnded
    }

    /// As typed, so a mistake does not cost retyping it; the password never comes back.
    public var email: String
    /// Where to go after signing in; kept only when it is a path of this hub (`isLocalPath`).
    public var next: String?
    public var message: Message?
    /// A pre-session form token, when the hub issues one.
    public var formToken: String?

    public init(email: String = "", next: String? = nil, message: Message? = nil, formToken: String? = nil) {
        self.email = email
        self.next = next
        self.message = message
        self.formToken = formToken
    }

    /// A path on this hub (`/dashboard/…`), never another site (`//evil.example`,
    /// `https://…`) or a backslash trick browsers read as one: what `next` may be, here and
    /// where the post is redirected.
    public static func isLocalPath(_ path: String) -> Bool {
        path.hasPrefix("/") && !path.hasPrefix("//") && !path.contains("\\") && path.utf8.count <= 2_000
            && !path.unicodeScalars.contains { $0.value < 32 || $0.value == 127 }
    }

    var notice: PageShell.Notice? {
        switch message {
        case .wrongEmailOrPassword: return .problem("Wrong email or password.")
        case .throttled(let seconds): return .problem("Too many sign-in attempts. " + RetryText.tryAgain(in: seconds))
        case .noMembership:
            return .problem("This account no longer belongs to an organization. Ask an owner or admin for a new invitation.")
        case .busy: return .problem("Signing in is busy right now. Try again in a moment.")
        case .signedOut: return .info("You signed out.")
        case .sessionEnded: return .info("Your session ended. Sign in again to continue.")
        case nil: return nil
        }
    }

    public func html() -> HTML {
        PageShell.bare(title: "Sign in", notice: notice) {
            element("h1") { "Sign in" }
            SignedOutForm.make(action: "/login", token: formToken) {
                if let next, LoginPage.isLocalPath(next) { voidElement("input", .type("hidden"), .name("next"), .value(next)) }
                LabeledField(id: "login-email", label: "Email")
                    .input(
                        "email", type: "email", value: email,
                        attributes: [.required, Attribute("autocomplete", "username"), Attribute("maxlength", "320")]
                            + (email.isEmpty ? [.autofocus] : []))
                LabeledField(id: "login-password", label: "Password")
                    .input(
                        "password", type: "password",
                        attributes: [.required, Attribute("autocomplete", "current-password")] + (email.isEmpty ? [] : [.autofocus]))
                element("button", .type("submit"), .class("primary")) { "Sign in" }
            }
            element("p", .class("small muted")) { "Forgot your password? Ask whoever runs this hub for a new setup link." }
        }
    }
}
