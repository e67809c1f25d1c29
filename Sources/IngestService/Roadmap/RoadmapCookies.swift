import Dashboard
import Foundation
import HubHTTPServer

/// The hosted roadmap's two cookies, both scoped to one app's roadmap (`Path=/roadmap/<APP_ID>`),
/// HttpOnly and SameSite=Lax, `Secure` when the hub is served over https:
/// `appnorth_roadmap`, a handoff session (seven days), and `appnorth_voter`, an anonymous
/// visitor's voter token (a year), made on their first post.
enum RoadmapCookies {
    static let session = "appnorth_roadmap"
    static let voter = "appnorth_voter"
    static let sessionLifetime: TimeInterval = 7 * 86_400
    static let voterLifetime: TimeInterval = 365 * 86_400

    /// The value of cookie `name`, if present and no longer than a token can be.
    static func value(_ name: String, in request: HTTPRequest) -> String? {
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

    static func set(_ name: String, _ value: String, appId: String, lifetime: TimeInterval, secure: Bool) -> String {
        let path: String = RoadmapPaths(appId: appId).roadmap
        let attributes: String = "; Max-Age=" + String(Int(lifetime)) + "; HttpOnly; SameSite=Lax" + (secure ? "; Secure" : "")
        return name + "=" + value + "; Path=" + path + attributes
    }

    static func clear(_ name: String, appId: String, secure: Bool) -> String {
        set(name, "", appId: appId, lifetime: 0, secure: secure)
    }
}
