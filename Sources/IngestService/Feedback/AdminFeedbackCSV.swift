import Foundation
import Shared

/// RFC 4180 CSV of inbox reports, safe to open in a spreadsheet: CRLF line ends, fields with
/// a comma, quote, CR or LF quoted with quotes doubled, and any cell a spreadsheet would run
/// as a formula (starting with `=`, `+`, `-`, `@`, tab or CR) prefixed with `'`.
enum AdminFeedbackCSV {
    static let header = ["id", "createdAt", "type", "status", "priority", "read", "email", "pageURL", "pageTitle", "labels",
                         "assignee", "message"]

    static func row(_ cells: [String], to out: inout String) {
        for (i, cell) in cells.enumerated() {
            if i > 0 { out += "," }
            out += field(cell)
        }
        out += "\r\n"
    }

    static func field(_ raw: String) -> String {
        var cell = raw
        if let first = cell.unicodeScalars.first, ["=", "+", "-", "@", "\t", "\r"].contains(first) { cell = "'" + cell }
        guard cell.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }) else { return cell }
        return "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The cells of one report row from the inbox query, in `header` order.
    static func cells(_ row: Row) -> [String] {
        [row.string("id") ?? "", row.string("created_at") ?? "", row.string("type") ?? "", row.string("status") ?? "",
         row.string("priority") ?? "", row.string("read_at") != nil ? "true" : "false", row.string("email") ?? "",
         row.string("page_url") ?? "", row.string("page_title") ?? "", AdminFeedbackJSON.labels(row).joined(separator: "; "),
         row.string("assignee_email") ?? "", row.string("message") ?? ""]
    }
}
