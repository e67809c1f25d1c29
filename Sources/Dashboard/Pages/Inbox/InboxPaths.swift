import Foundation

/// The addresses the inbox and conversation pages link and post to. Identifiers are
/// percent-encoded as one path segment, so an odd one cannot point a form elsewhere.
enum InboxPaths {
    static let inbox = "/dashboard"

    static func inbox(_ query: InboxQuery, cursor: String? = nil) -> String { inbox + query.queryString(cursor: cursor) }

    static func conversation(_ id: String) -> String { "/dashboard/conversations/" + encoded(id) }
    static func reply(_ id: String) -> String { conversation(id) + "/reply" }
    static func cards(_ id: String) -> String { conversation(id) + "/cards" }
    static func resolve(_ id: String) -> String { conversation(id) + "/resolve" }
    static func reopen(_ id: String) -> String { conversation(id) + "/reopen" }
    static func report(_ id: String) -> String { "/dashboard/reports/" + encoded(id) }

    /// The CSV export of the reports the filters select, in the operator export's words.
    static func reportsCSV(_ query: InboxQuery) -> String { ReportExport.href(query) }

    /// ASCII letters, digits and `-._~` stay; every other byte becomes `%XX`.
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func encoded(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? "" }
}
