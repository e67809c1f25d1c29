/// What every dashboard and hosted page is sent with. The policy admits only the hub's own
/// style sheet and script (no `unsafe-inline`), images from the hub, and form posts back to
/// the hub; no page can be framed.
public enum PageHeaders {
    public static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
        + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

    public static let all: [(String, String)] = headers(policy: contentSecurityPolicy)

    /// The same, for a page whose form is answered by a redirect to another site (Connect
    /// Discord goes to Discord's authorize page): browsers hold a redirect after a post to
    /// `form-action` too, so that site's origin is admitted there, and only there.
    public static func all(formActionsAlso origins: [String]) -> [(String, String)] {
        guard !origins.isEmpty else { return all }
        let policy = contentSecurityPolicy.replacingOccurrences(
            of: "form-action 'self'", with: "form-action 'self' " + origins.joined(separator: " "))
        return headers(policy: policy)
    }

    static func headers(policy: String) -> [(String, String)] {
        [
            ("Content-Type", "text/html; charset=utf-8"),
            ("Content-Security-Policy", policy),
            ("X-Frame-Options", "DENY"),
            ("Referrer-Policy", "same-origin"),
            ("X-Content-Type-Options", "nosniff"),
            ("Cache-Control", "no-store"),
        ]
    }
}
