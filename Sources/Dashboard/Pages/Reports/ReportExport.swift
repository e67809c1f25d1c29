/// The CSV export of the reports the inbox shows (`GET /dashboard/reports.csv`). Its address
/// speaks the operator export's query (`GET /projects/{id}/feedback/export.csv`: `status`,
/// `label`, `read`, `assignee`, `query`) plus the app, so one parser and one CSV writer serve
/// both; the inbox's filters that do not select reports (`kind`, a conversation state, the
/// page `cursor`) are left out, so the file holds what the list holds, all pages of it.
public enum ReportExport {
    /// docs/openapi.yaml, `GET /projects/{id}/feedback/export.csv`: one export holds at most 50,000 reports.
    static let maxRows = 50_000

    static let path = "/dashboard/reports.csv"

    static let reportStates: Set<String> = ["todo", "in_progress", "done"]

    /// The export's address for the inbox query `items` (name and value pairs, as parsed).
    public static func href(inboxQuery items: [(String, String)]) -> String {
        var out: [(String, String?)] = []
        for (name, value) in items {
            switch name {
            case "app", "assignee", "label": out.append((name, value))
            case "state" where reportStates.contains(value): out.append(("status", value))
            case "unread" where value == "1": out.append(("read", "false"))
            case "q": out.append(("query", value))
            default: break
            }
        }
        return FeedbackPageParts.href(path, out)
    }

    /// The same for a parsed inbox query.
    public static func href(_ query: InboxQuery) -> String {
        var items: [(String, String)] = []
        if let app = query.app { items.append(("app", app)) }
        if let state = query.state { items.append(("state", state.rawValue)) }
        if let assignee = query.assignee { items.append(("assignee", assignee)) }
        if let label = query.label { items.append(("label", label)) }
        if query.unreadOnly { items.append(("unread", "1")) }
        if let text = query.text { items.append(("q", text)) }
        return href(inboxQuery: items)
    }

    /// A download link for the inbox's toolbar.
    public static func link(inboxQuery items: [(String, String)]) -> HTML {
        element(
            "a", .class("button"), .href(href(inboxQuery: items)), Attribute("download", ""),
            .title("The reports matching these filters, newest first, up to " + FeedbackPageParts.grouped(maxRows) + " in one file")
        ) { "Export CSV" }
    }
}
