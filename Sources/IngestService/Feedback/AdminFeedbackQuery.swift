import Foundation
import HubHTTPServer

/// The inbox filters of a request (`status, type, priority, label, read, assignee, query`),
/// shared by the list and the CSV export. Unknown values are 400 `INVALID_QUERY`.
struct AdminFeedbackQuery {
    static let statuses = ["todo", "in_progress", "done"]
    static let types = ["problem", "suggestion", "comment"]
    static let priorities = ["none", "low", "medium", "high", "urgent"]

    var filter = InboxFilter()
    /// The search text matches no word at all, so nothing can match.
    var matchesNothing = false
    /// What a cursor is bound to.
    var fingerprint: [String] = []

    /// `assignee=none` selects unassigned reports; any other value must be a member of the organization.
    static func parse(
        _ request: HTTPRequest, projectId: String, organizationId: String, store: IngestStore,
        into errors: inout FieldErrors
    ) throws -> AdminFeedbackQuery {
        func value(_ name: String) -> String? { request.query[name].flatMap { $0.isEmpty ? nil : $0 } }
        func choice(_ name: String, _ allowed: [String]) -> String? {
            guard let v = value(name) else { return nil }
            guard allowed.contains(v) else {
                errors.add(name, "must be one of " + allowed.joined(separator: ", "))
                return nil
            }
            return v
        }
        var out = AdminFeedbackQuery()
        out.filter.status = choice("status", statuses)
        out.filter.type = choice("type", types)
        out.filter.priority = choice("priority", priorities)
        if let label = value("label") {
            if let normalized = AdminFeedbackQuery.label(label) {
                out.filter.label = normalized
            } else {
                errors.add("label", "must be 1-40 of a-z, 0-9, space, '_' and '-'")
            }
        }
        if let read = value("read") {
            switch read {
            case "true": out.filter.read = true
            case "false": out.filter.read = false
            default: errors.add("read", "must be true or false")
            }
        }
        if let assignee = value("assignee") {
            if assignee == "none" {
                out.filter.assigneeId = ""
            } else if assignee.utf8.count <= 64, try store.member(id: assignee, organizationId: organizationId) != nil {
                out.filter.assigneeId = assignee
            } else {
                errors.add("assignee", "must be a member ID of this organization or none")
            }
        }
        let query = value("query")
        if let query {
            if query.utf16.count > InputLimits.searchQuery.upperBound {
                errors.add("query", "must be at most \(InputLimits.searchQuery.upperBound) characters")
            } else if let match = SearchExpression.fts5(query) {
                out.filter.match = match
            } else {
                out.matchesNothing = true
            }
        }
        let f = out.filter
        out.fingerprint = [
            projectId, f.status ?? "", f.type ?? "", f.priority ?? "", f.label ?? "",
            f.read.map { "\($0)" } ?? "", f.assigneeId ?? "-", query ?? "",
        ]
        return out
    }

    /// A label as stored: trimmed, lowercased, 1-40 of `[a-z0-9 _-]`; nil when it is not one.
    static func label(_ text: String) -> String? {
        let label = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard (1...40).contains(label.utf8.count),
            label.utf8.allSatisfy({ c in
                (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c == 32 || c == 95 || c == 45
            })
        else { return nil }
        return label
    }
}
