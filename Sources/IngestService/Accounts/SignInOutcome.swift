/// How an attempt that checks or sets a password ended (`Accounts.signIn`, `accept`,
/// `changePassword`). Mistakes a person can make are outcomes; bad input (a password of the
/// wrong length), the throttle (429) and overload (503) are thrown `APIError`s.
public enum SignInOutcome: Equatable, Sendable {
    /// A new session: `token` is the cookie value, given once.
    case signedIn(token: String, session: TeamSession)
    /// The one answer for an unknown email, a user without a password and a wrong password
    /// (sign-in), or a wrong current password (password change, accepting as an existing user).
    case wrongEmailOrPassword
    /// The password was right but the user is a member of no organization any more.
    case noMembership
    /// The invitation or setup code is unknown, used, revoked or expired.
    case codeUnusable
}
