import Foundation
import HubHTTPServer

/// The dashboard's session cookie, `appnorth_session`: HttpOnly (no script reads it),
/// SameSite=Lax (another site's form post does not carry it), `Secure` when the hub is served
/// over https, for the whole site. Its value is the random session token; the store keeps only
/// its hash.
enum SessionCookie {
    static let name = "appnorth_session"

    /// The value of `appnorth_session` in the request's `Cookie` headers, if any. Linear in the
    /// header's length; a value longer than a session token could be is ignored.
    static func value(in request: HTTPRequest) -> String? {
        for header in request.headers.values("cookie") {
            for pair in header.split(separator: ";") {
                let trimmed = pair.drop { $0 == " " }
                guard trimmed.hasPrefix(name + "=") else { continue }
                let value = trimmed.dropFirst(name.count + 1)
                guard !value.isEmpty, value.utf8.count <= 128 else { return nil }
                return String(value)
            }
        }
        return nil
    }

    /// `Set-Cookie` for a new session; it lasts as long as a session can (30 days).
    static func set(_ token: String, secure: Bool) -> String {
        name + "=" + token + "; Path=/; Max-Age=\(Int(TeamSession.absoluteLifetime)); HttpOnly; SameSite=Lax" + (secure ? "; Secure" : "")
    }

    /// `Set-Cookie` that removes the cookie.
    static func clear(secure: Bool) -> String {
        name + "=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax" + (secure ? "; Secure" : "")
    }
}
