import Foundation
import HubHTTPServer

/// The work on one report that the operator API (`PATCH /feedback/{id}`, `…/replies`,
/// `…/promote`) and the dashboard's report page share: the same checks, the same field
/// errors and codes, the same store calls. The caller is an `AccountActor`: a token acting for
/// its author or as its organization's owner, or a signed-in member. Timelines name it by
/// `AccountActor.label`.
struct ReportWork {
    /// A triage change as asked; nil leaves a field as it is.
    struct Triage {
        var status: String?
        var priority: String?
        var read: Bool?
        /// Whether an assignee was given; `assigneeId` nil then unassigns.
        var setsAssignee = false
        var assigneeId: String?
        var labels: [String]?
    }

    /// docs/openapi.yaml, `POST /feedback/{feedbackId}/replies`: 1–5,000 characters.
    static let replyMessage = 1...5_000
    /// docs/openapi.yaml, `PATCH /feedback/{feedbackId}`: at most 20 labels.
    static let maxLabels = 20

    let store: IngestStore

    /// The store's changes for `triage`, or 400 `INVALID_PAYLOAD` naming every bad field
    /// (`status`, `priority`, `labels`, `labels[i]`).
    static func changes(_ triage: Triage) throws -> InboxChanges {
        var errors = FieldErrors()
        var changes = InboxChanges()
        if let status = triage.status {
            if AdminFeedbackQuery.statuses.contains(status) {
                changes.status = status
            } else {
                errors.add("status", "must be one of " + AdminFeedbackQuery.statuses.joined(separator: ", "))
            }
        }
        if let priority = triage.priority {
            if AdminFeedbackQuery.priorities.contains(priority) {
                changes.priority = priority
            } else {
                errors.add("priority", "must be one of " + AdminFeedbackQuery.priorities.joined(separator: ", "))
            }
        }
        changes.read = triage.read
        if triage.setsAssignee {
            changes.setsAssignee = true
            changes.assigneeId = triage.assigneeId
        }
        if let labels = triage.labels {
            if labels.count > maxLabels { errors.add("labels", "must have at most \(maxLabels) entries") }
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
        return changes
    }

    /// Applies a triage change; an assignee outside the organization is 400 `INVALID_PAYLOAD`
    /// (`assigneeId`), another organization's report 404. `source` names the chat-ops
    /// integration that asked, for `feedback.status`. Returns whether anything changed.
    @discardableResult
    func update(id: String, _ triage: Triage, by actor: AccountActor, source: String? = nil) throws -> Bool {
        try actor.require(.triageReports)
        return try store.updateFeedback(
            id: id, organizationId: actor.organizationId, changes: ReportWork.changes(triage), actor: actor.label, source: source)
    }

    /// A reply the user can read, or with `internal` a note only the team sees; a reply to a
    /// report nobody can read is kept as a note (`convertedToNote`). A chat-ops integration
    /// passes its message's `idempotencyKey` and its `source` (`IngestStore.addFeedbackReply`).
    func reply(
        id: String, message: String?, internal isInternal: Bool?, by actor: AccountActor, idempotencyKey: String? = nil,
        source: String? = nil
    ) throws -> InboxReply {
        try actor.require(.triageReports)
        var errors = FieldErrors()
        let text = errors.text(message, "message", ReportWork.replyMessage)
        if isInternal == nil { errors.add("internal", "is required") }
        try errors.throwIfAny()
        return try store.addFeedbackReply(
            feedbackId: id, organizationId: actor.organizationId, message: text!, isInternal: isInternal!, author: actor,
            idempotencyKey: idempotencyKey, source: source)
    }

    /// A new public idea on the report's app's board `board`, from text the team wrote; 409
    /// `ALREADY_PROMOTED` when the report already has an idea.
    func promote(id: String, board: String?, title: String?, description: String?, by actor: AccountActor) throws -> AdminIdea {
        try actor.require(.triageReports)
        var errors = FieldErrors()
        let board = AdminValidation.slug(board, "board", into: &errors)
        let title = errors.text(title, "title", InputLimits.ideaTitle)
        let description = errors.text(description, "description", InputLimits.ideaDescription, required: false)
        try errors.throwIfAny()
        return try store.promoteFeedback(
            id: id, organizationId: actor.organizationId, boardSlug: board!, title: title!, description: description ?? "",
            actor: actor.label)
    }

    /// Links the report to an idea of its own app that exists (a merged one stands for the idea
    /// it was merged into); 409 `ALREADY_PROMOTED` when it already has one.
    func link(id: String, idea: String?, by actor: AccountActor) throws -> AdminIdea {
        try actor.require(.triageReports)
        guard let idea, !idea.isEmpty else { throw APIError.invalidPayload(["idea": ["is required"]]) }
        return try store.linkFeedback(id: id, organizationId: actor.organizationId, ideaId: idea, actor: actor.label)
    }
}
