import Foundation
import HubHTTPServer

/// Operator work on one report: triage changes, replies and notes, promotion to an idea.
struct AdminFeedbackChangesHandler {
    /// Every field optional; `assigneeId: null` unassigns, absent leaves it.
    struct UpdateBody: Decodable {
        let status: String?
        let priority: String?
        let read: Bool?
        let assigneePresent: Bool
        let assigneeId: String?
        let labels: [String]?

        enum Keys: String, CodingKey { case status, priority, read, assigneeId, labels }

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: Keys.self)
            status = try c.decodeIfPresent(String.self, forKey: .status)
            priority = try c.decodeIfPresent(String.self, forKey: .priority)
            read = try c.decodeIfPresent(Bool.self, forKey: .read)
            assigneePresent = c.contains(.assigneeId)
            assigneeId = try c.decodeIfPresent(String.self, forKey: .assigneeId)
            labels = try c.decodeIfPresent([String].self, forKey: .labels)
        }
    }

    struct ReplyBody: Decodable {
        let message: String?
        let `internal`: Bool?
    }

    struct PromoteBody: Decodable {
        let board: String?
        let title: String?
        let description: String?
    }

    static let replyMessage = 1...5_000
    static let maxLabels = 20

    let store: IngestStore

    /// Who a timeline row names: the API token that made the change.
    static func actor(_ caller: AdminCaller) -> String { "token:" + caller.token.id }

    /// → 200 with the report's detail after the change.
    func update(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        let id = request.pathParameters["feedbackId"] ?? ""
        let body = try request.decodeJSON(UpdateBody.self)
        var errors = FieldErrors()
        var changes = InboxChanges()
        if let status = body.status {
            if AdminFeedbackQuery.statuses.contains(status) {
                changes.status = status
            } else {
                errors.add("status", "must be one of " + AdminFeedbackQuery.statuses.joined(separator: ", "))
            }
        }
        if let priority = body.priority {
            if AdminFeedbackQuery.priorities.contains(priority) {
                changes.priority = priority
            } else {
                errors.add("priority", "must be one of " + AdminFeedbackQuery.priorities.joined(separator: ", "))
            }
        }
        changes.read = body.read
        if body.assigneePresent {
            changes.setsAssignee = true
            changes.assigneeId = body.assigneeId
        }
        if let labels = body.labels {
            if labels.count > AdminFeedbackChangesHandler.maxLabels {
                errors.add("labels", "must have at most \(AdminFeedbackChangesHandler.maxLabels) entries")
            }
            var normalized: [String] = []
            for (index, label) in labels.enumerated() {
                guard let value = AdminFeedbackQuery.label(label) else {
                    errors.add("labels[\(index)]", "must be 1-40 of a-z, 0-9, space, '_' and '-'")
                    continue
                }
                if !normalized.contains(value) { normalized.append(value) }
            }
            changes.labels = normalized
        }
        try errors.throwIfAny()
        try store.updateFeedback(
            id: id, organizationId: caller.organizationId, changes: changes,
            actor: AdminFeedbackChangesHandler.actor(caller))
        return AdminFeedbackJSON.response(try AdminFeedbackHandler.detail(id, caller, store))
    }

    /// `{"message","internal"}` → 201 `{id, message, internal, createdAt}` (+ `convertedToNote`).
    func reply(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        let id = request.pathParameters["feedbackId"] ?? ""
        let body = try request.decodeJSON(ReplyBody.self)
        var errors = FieldErrors()
        let message = errors.text(body.message, "message", AdminFeedbackChangesHandler.replyMessage)
        if body.internal == nil { errors.add("internal", "is required") }
        try errors.throwIfAny()
        let reply = try store.addFeedbackReply(
            feedbackId: id, organizationId: caller.organizationId, message: message!,
            isInternal: body.internal!, tokenId: caller.token.id,
            actor: AdminFeedbackChangesHandler.actor(caller))
        return AdminFeedbackJSON.response(AdminFeedbackJSON.reply(reply), status: 201)
    }

    /// `{"board","title","description"}` → 201 with the created idea.
    func promote(_ request: HTTPRequest, _ caller: AdminCaller) throws -> HTTPResponse {
        let id = request.pathParameters["feedbackId"] ?? ""
        let body = try request.decodeJSON(PromoteBody.self)
        var errors = FieldErrors()
        let board = AdminValidation.slug(body.board, "board", into: &errors)
        let title = errors.text(body.title, "title", InputLimits.ideaTitle)
        let description = errors.text(body.description, "description", InputLimits.ideaDescription, required: false)
        try errors.throwIfAny()
        let idea = try store.promoteFeedback(
            id: id, organizationId: caller.organizationId, boardSlug: board!, title: title!,
            description: description ?? "", actor: AdminFeedbackChangesHandler.actor(caller))
        return .json(idea, status: 201)
    }
}
