import Foundation

/// The links between the Explore pages (docs "Explore"): the apps list, the charts, the
/// studios, the watchlist, favorites and AppTracker.
public enum ExploreNav {
    public enum Tab: Sendable { case apps, trending, rising, publishers, watchlist, favorites, tracker }

    public static let base = "/dashboard/explore"

    static func html(current: Tab?) -> HTML {
        let tabs: [(Tab, String, String)] = [
            (.apps, "Apps", base + "/apps"), (.trending, "Trending", base + "/trending"), (.rising, "Rising", base + "/rising"),
            (.publishers, "Publishers", base + "/publishers"), (.watchlist, "Watchlist", base + "/watchlist"),
            (.favorites, "Favorites", base + "/favorites/apps/all"), (.tracker, "AppTracker", base + "/tracker"),
        ]
        return element("nav", .class("tabs"), .label("Explore")) {
            for (tab, label, path) in tabs {
                element("a", tab == current ? [.href(path), Attribute("aria-current", "page")] : [.href(path)]) { label }
            }
        }
    }

    /// The profile of a catalog app.
    public static func profile(_ adamId: String) -> String { base + "/apps/" + adamId }

    /// A query string of the non-empty pairs, percent-encoded, with its `?` (empty when none).
    static func query(_ pairs: [(String, String?)]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let parts = pairs.compactMap { name, value -> String? in
            guard let value, !value.isEmpty else { return nil }
            return name + "=" + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
        }
        return parts.isEmpty ? "" : "?" + parts.joined(separator: "&")
    }
}
