import Foundation
import HubStore

/// The inbox export's columns; `CSVWriter` writes them (RFC 4180, CRLF, formula cells neutralized).
enum AdminFeedbackCSV {
    static let header = [
        "id", "createdAt", "type", "status", "priority", "read", "email", "pageURL", "pageTitle", "labels",
        "assignee", "message",
    ]

    /// The cells of one report row from the inbox query, in `header` order.
    static func cells(_ row: Row) -> [String] {
        [
            row.string("id") ?? "", row.string("created_at") ?? "", row.string("type") ?? "", row.string("status") ?? "",
            row.string("priority") ?? "", row.string("read_at") != nil ? "true" : "false", row.string("email") ?? "",
            row.string("page_url") ?? "", row.string("page_title") ?? "", AdminFeedbackJSON.labels(row).joined(separator: "; "),
            row.string("assignee_email") ?? "", row.string("message") ?? "",
        ]
    }
}
