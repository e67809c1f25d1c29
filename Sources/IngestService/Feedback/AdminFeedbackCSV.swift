import Foundation
import HubHTTPServer
import HubRuntime
import HubStore

/// The inbox export's columns and file; `CSVWriter` writes them (RFC 4180, CRLF, formula cells
/// neutralized). The operator API's export and the dashboard's `GET /dashboard/reports.csv`
/// both answer with `response`.
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

    /// The reports of `projectIds` matching `query`, newest first within each project, at most
    /// `limit` in all, as a CSV download.
    static func response(
        store: IngestStore, projectIds: [String], query: AdminFeedbackQuery, limit: Int, filename: String
    ) throws -> HTTPResponse {
        var csv = CSVWriter(header: header)
        var left = limit
        if !query.matchesNothing {
            for projectId in projectIds where left > 0 {
                let rows = try store.inboxPage(projectId: projectId, filter: query.filter, after: nil, limit: left).rows
                for row in rows { csv.append(cells(row)) }
                left -= rows.count
            }
        }
        return HTTPResponse(
            status: 200,
            headers: [
                ("Content-Type", "text/csv; charset=utf-8"), ("Content-Disposition", "attachment; filename=\"" + filename + "\""),
                ("Cache-Control", "no-store"),
            ], body: Array(csv.text.utf8))
    }
}
