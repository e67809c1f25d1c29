/// What every dashboard and hosted page is sent with. The policy admits only the hub's own
/// style sheet and script (no `unsafe-inline`), images from the hub, and form posts back to
/// the hub; no page can be framed.
public enum PageHeaders {
    public static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
        + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

    public static let all: [(String, String)] = [
        ("Content-Type", "text/html; charset=utf-8"),
        ("Content-Security-Policy", contentSecurityPolicy),
        ("X-Frame-Options", "DENY"),
        ("Referrer-Policy", "same-origin"),
        ("X-Content-Type-Options", "nosniff"),
        ("Cache-Control", "no-store"),
    ]
}
