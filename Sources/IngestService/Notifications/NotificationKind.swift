/// The kinds of item the notifications feed lists, as the `kind` filter and each item name them.
public enum NotificationKind: String, CaseIterable, Codable, Sendable {
    case chat, report, review, keyword
    case priceJob = "price-job"
    case revenue, tracker

    /// The kind of a feed item ID (`<kind>:…`).
    init?(itemId: String) {
        guard let colon = itemId.firstIndex(of: ":") else { return nil }
        self.init(rawValue: String(itemId[..<colon]))
    }
}
