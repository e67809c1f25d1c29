/// The CSV export of the reports the inbox shows (`GET /dashboard/reports.csv`): the same
/// filters as the inbox's address, without the ones that do not select reports (`kind`, the
/// page `cursor`), so the file holds what the list holds, all pages of it.
public enum ReportExport {
    /// docs/openapi.yaml, `GET /projects/{id}/feedback/export.csv`: one export holds at most 50,000 reports.
    static let maxRows = 50_000

    static let path = "/dashboard/reports.csv"

    /// The inbox filters that carry over: `app`, `state`, `assignee`, `label`, `unread`, `q`.
    static let carried: Set<String> = ["app", "state", "assignee", "label", "unread", "q"]

    /// The export's address for the inbox query `items` (name and value pairs, as parsed).
    public static func href(inboxQuery items: [(String, String)]) -> String {
        FeedbackPageParts.href(path, items.filter { carried.contains($0.0) }.map { ($0.0, $0.1) })
    }

    /// A download link for the inbox's toolbar.
    public static func link(inboxQuery items: [(String, String)]) -> HTML {
        element(
            "a", .class("button"), .href(href(inboxQuery: items)), Attribute("download", ""),
            .title("The reports matching these filters, newest first, up to " + FeedbackPageParts.grouped(maxRows) + " in one file")
        ) { "Export CSV" }
    }
}
