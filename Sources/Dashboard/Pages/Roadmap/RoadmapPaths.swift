import Foundation

/// The addresses of an app's public pages; every value is one encoded path segment.
public struct RoadmapPaths: Sendable {
    public let appId: String

    public init(appId: String) { self.appId = appId }

    public var roadmap: String { "/roadmap/" + RoadmapPaths.segment(appId) }
    public func idea(_ handle: String) -> String { roadmap + "/ideas/" + RoadmapPaths.segment(handle) }
    public var changelog: String { "/changelog/" + RoadmapPaths.segment(appId) }
    public var feed: String { changelog + "/feed.atom" }
    /// Where the page's script posts a handoff code.
    public var session: String { roadmap + "/session" }
    public var signOut: String { roadmap + "/signout" }
    public var ideas: String { roadmap + "/ideas" }
    public func vote(_ ideaId: String) -> String { idea(ideaId) + "/vote" }
    public func comments(_ ideaId: String) -> String { idea(ideaId) + "/comments" }

    public static func segment(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? "" }

    /// A query string of the non-empty values, in the given order.
    public static func query(_ pairs: [(String, String?)]) -> String {
        let parts = pairs.compactMap { name, value in value.flatMap { $0.isEmpty ? nil : name + "=" + segment($0) } }
        return parts.isEmpty ? "" : "?" + parts.joined(separator: "&")
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
