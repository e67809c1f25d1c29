import Foundation

/// What the notifications page shows: the tab and kind chosen, the items, and the sources that
/// did not answer.
public struct NotificationsView: Sendable {
    /// The kinds, as the filter offers them: value and label.
    public static let kinds: [(value: String, label: String)] = [
        ("chat", "Chat"), ("report", "Reports"), ("review", "Reviews"), ("keyword", "Keywords"), ("price-job", "Price jobs"),
        ("revenue", "Revenue"), ("tracker", "AppTracker"),
    ]

    public var kind: String?
    public var unreadOnly: Bool
    public var rows: [NotificationRow]
    /// Kind labels of the sources left out.
    public var unavailable: [String]
    public var now: Date

    public init(kind: String?, unreadOnly: Bool, rows: [NotificationRow], unavailable: [String], now: Date) {
        self.kind = kind
        self.unreadOnly = unreadOnly
        self.rows = rows
        self.unavailable = unavailable
        self.now = now
    }

    public static func label(_ kind: String) -> String { kinds.first { $0.value == kind }?.label ?? kind }

    /// The page's address for these filters.
    public static func path(kind: String?, unreadOnly: Bool) -> String {
        var parts: [String] = []
        if unreadOnly { parts.append("unread=true") }
        if let kind { parts.append("kind=" + InboxPaths.encoded(kind)) }
        return NotificationsPage.path + (parts.isEmpty ? "" : "?" + parts.joined(separator: "&"))
    }
}
