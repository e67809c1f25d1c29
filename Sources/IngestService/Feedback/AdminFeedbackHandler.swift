import Foundation
import HubHTTPServer
import HubRuntime

/// The feedback inbox of a project: filtered pages, one report in full, and CSV export.
struct AdminFeedbackHandler {
    /// Rows of one export at most; a larger inbox is exported in filtered parts.
    static let maxExportRows = 50_000

    let store: IngestStore
    /// The replies' email delivery state (from pushd); nil leaves it out.
    var deliveries: ReplyDeliveries?
    var lookup: AdminLookup { AdminLookup(store: store) }

    /// `?status=&type=&priority=&label=&read=&assignee=&query=&cursor=&limit=` → `{items, nextCursor}`, newest first.
    func list(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        let project = try lookup.project(request, caller)
        var errors = FieldErrors()
        let query = try AdminFeedbackQuery.parse(
            request, projectId: project.id, organizationId: caller.organizationId,
            store: store, into: &errors)
        let page = PageRequest.parse(request, &errors)
        try errors.throwIfAnyInQuery()
        let cursor = try page.cursor.map { try AdminCursor.parse($0, filters: query.fingerprint) }
        if query.matchesNothing { return AdminFeedbackJSON.response(["items": [Any](), "nextCursor": NSNull()]) }
        let result = try store.inboxPage(
            projectId: project.id, filter: query.filter, after: cursor.map { ($0.createdAt, $0.id) },
            limit: page.limit)
        let next: Any =
            try result.hasMore
            ? result.rows.last.map {
                try AdminCursor(createdAt: $0.text("created_at"), id: $0.text("id"), filters: query.fingerprint).text
            } ?? NSNull() : NSNull()
        return AdminFeedbackJSON.response(["items": try result.rows.map { try AdminFeedbackJSON.item($0) }, "nextCursor": next])
    }

    /// Reading the detail does not mark the report read: that is an explicit change.
    func get(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        AdminFeedbackJSON.response(try AdminFeedbackHandler.detail(request.pathParameters["feedbackId"], caller, store, deliveries))
    }

    static func detail(_ id: String?, _ caller: AdminCaller, _ store: IngestStore, _ deliveries: ReplyDeliveries? = nil) throws
        -> [String: Any]
    {
        guard let id, let row = try store.inboxReport(id: id, organizationId: caller.organizationId) else {
            throw APIError.adminNotFound("feedback")
        }
        let replies = try store.inboxReplies(feedbackId: id)
        return try AdminFeedbackJSON.detail(
            row, replies: replies, events: store.inboxEvents(feedbackId: id),
            deliveries: deliveries?.states(report: row, replies: replies) ?? [:])
    }

    /// Every report matching the list filters (up to `maxExportRows`), newest first, as CSV.
    func export(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        let project = try lookup.project(request, caller)
        var errors = FieldErrors()
        let query = try AdminFeedbackQuery.parse(
            request, projectId: project.id, organizationId: caller.organizationId,
            store: store, into: &errors)
        try errors.throwIfAnyInQuery()
        return try AdminFeedbackCSV.response(
            store: store, projectIds: [project.id], query: query, limit: AdminFeedbackHandler.maxExportRows,
            filename: "feedback-\(project.id).csv")
    }
}
