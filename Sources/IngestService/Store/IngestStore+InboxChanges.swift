import Foundation
import HubHTTPServer
import HubRuntime
import HubStore

/// Operator changes of a report; nil leaves a field as it is. Values must already be validated.
public struct InboxChanges: Sendable {
    public var status: String?
    public var priority: String?
    public var read: Bool?
    /// Whether `assigneeId` was given (nil then unassigns).
    public var setsAssignee = false
    public var assigneeId: String?
    /// The full new set of labels.
    public var labels: [String]?

    public init() {}
}

/// A saved reply or note.
public struct InboxReply: Sendable {
    public let id: String
    public let message: String
    public let isInternal: Bool
    public let createdAt: String
    /// A reply that was stored as an internal note because nobody could ever read it.
    public let convertedToNote: Bool
    /// true when an idempotency key answered the reply stored before.
    public var replayed = false
}

extension APIError {
    public static let alreadyPromoted = APIError(
        status: 409, code: "ALREADY_PROMOTED",
        message: "This report was already turned into an idea.")
}

/// Writes of the feedback inbox: each is one transaction that records its timeline events.
extension IngestStore {
    private func lockedReport(id: String, organizationId: String) throws -> Row {
        guard
            let row = try db.queryOne(
                """
                SELECT f.* FROM feedback f JOIN projects p ON p.id = f.project_id WHERE f.id = ? AND p.organization_id = ?
                """, [.text(id), .text(organizationId)])
        else { throw APIError.adminNotFound("feedback") }
        return row
    }

    /// Applies `changes`; values equal to the stored ones write nothing. A status change also
    /// appends the outbox event `feedback.status` (with `source`, the integration that made it).
    /// An assignee outside the organization is 400 `INVALID_PAYLOAD`. Returns whether anything
    /// changed.
    @discardableResult
    public func updateFeedback(
        id: String, organizationId: String, changes: InboxChanges, actor: String, source: String? = nil
    ) throws -> Bool {
        try db.transaction {
            let row = try lockedReport(id: id, organizationId: organizationId)
            let projectId = try row.text("project_id")
            if changes.setsAssignee, let assignee = changes.assigneeId, try member(id: assignee, organizationId: organizationId) == nil {
                throw APIError.invalidPayload(["assigneeId": ["is not a member of this organization"]])
            }
            let at = now()
            var changed = false
            func set(_ column: String, _ value: SQLValue) throws {
                try db.run("UPDATE feedback SET \(column) = ? WHERE id = ?", [value, .text(id)])
                changed = true
            }
            if let status = changes.status, let old = row.string("status"), status != old {
                try set("status", .text(status))
                try appendFeedbackEvent(feedbackId: id, kind: "status", detail: ["from": old, "to": status], actor: actor, at: at)
                try outbox.append(
                    FeedbackStatusEvent(id: id, projectId: projectId, status: status, source: source), projectId: projectId)
            }
            if let priority = changes.priority, let old = row.string("priority"), priority != old {
                try set("priority", .text(priority))
                try appendFeedbackEvent(feedbackId: id, kind: "priority", detail: ["from": old, "to": priority], actor: actor, at: at)
            }
            if let read = changes.read, read != (row.string("read_at") != nil) {
                try set("read_at", read ? .text(at) : .null)
                try appendFeedbackEvent(feedbackId: id, kind: read ? "read" : "unread", detail: [:], actor: actor, at: at)
            }
            let oldAssignee = row.string("assignee_id")
            if changes.setsAssignee, changes.assigneeId != oldAssignee {
                try set("assignee_id", SQLValue(changes.assigneeId))
                try appendFeedbackEvent(
                    feedbackId: id, kind: "assignee",
                    detail: ["from": oldAssignee ?? NSNull(), "to": changes.assigneeId ?? NSNull()], actor: actor, at: at)
            }
            if let labels = changes.labels {
                let old = Set(
                    try db.query("SELECT label FROM feedback_labels WHERE feedback_id = ?", [.text(id)]).compactMap { $0.string(0) })
                let new = Set(labels)
                let added = new.subtracting(old).sorted()
                let removed = old.subtracting(new).sorted()
                for label in removed {
                    try db.run("DELETE FROM feedback_labels WHERE feedback_id = ? AND label = ?", [.text(id), .text(label)])
                }
                for label in added {
                    try db.run("INSERT INTO feedback_labels (feedback_id, label) VALUES (?, ?)", [.text(id), .text(label)])
                }
                if !added.isEmpty || !removed.isEmpty {
                    changed = true
                    try appendFeedbackEvent(
                        feedbackId: id, kind: "labels", detail: ["added": added, "removed": removed], actor: actor, at: at)
                }
            }
            if changed { try db.run("UPDATE feedback SET updated_at = ? WHERE id = ?", [.text(at), .text(id)]) }
            return changed
        }
    }

    /// Saves a reply (or, with `internal`, a note). A report with neither a contact email nor
    /// a verified author has nobody who could read a reply, so one is stored as a note
    /// instead. Only a reply appends the outbox event `feedback.replied` (with its text, author
    /// and `source`, the integration that posted it). `author` is kept with it (its member, its
    /// token or its outside name, as far as it has them) and names the timeline row. With
    /// `idempotencyKey` (stored with the reply, unique per report), the same key and text answer
    /// the first reply (`replayed`) and write nothing; another text is 409 `IDEMPOTENCY_CONFLICT`.
    public func addFeedbackReply(
        feedbackId: String, organizationId: String, message: String, isInternal: Bool, author: AccountActor,
        idempotencyKey: String? = nil, source: String? = nil
    ) throws -> InboxReply {
        try db.transaction {
            let row = try lockedReport(id: feedbackId, organizationId: organizationId)
            let projectId = try row.text("project_id")
            if let idempotencyKey,
                let existing = try db.queryOne(
                    "SELECT * FROM feedback_replies WHERE feedback_id = ? AND idempotency_key = ?",
                    [.text(feedbackId), .text(idempotencyKey)])
            {
                // A webhook delivered again repeats the text; another text under the key is another reply.
                guard existing.string("message") == message else { throw APIError.idempotencyConflict }
                let stored = existing.bool("internal") ?? true
                var reply = InboxReply(
                    id: try existing.text("id"), message: message, isInternal: stored, createdAt: try existing.text("created_at"),
                    convertedToNote: stored && !isInternal)
                reply.replayed = true
                return reply
            }
            let converted = !isInternal && row.string("email") == nil && row.string("author_email") == nil
            let stored = isInternal || converted
            let reply = InboxReply(id: ids.next(), message: message, isInternal: stored, createdAt: now(), convertedToNote: converted)
            try db.run(
                """
                INSERT INTO feedback_replies (id, feedback_id, message, internal, author_member_id, author_token_id, created_at,
                                              idempotency_key, author_external_id, author_external_name)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(reply.id), .text(feedbackId), .text(message), SQLValue(stored), SQLValue(author.memberId),
                    SQLValue(author.tokenId), .text(reply.createdAt), SQLValue(idempotencyKey), SQLValue(author.externalId),
                    SQLValue(author.externalName),
                ])
            var detail: [String: Any] = ["replyId": reply.id]
            if converted { detail["convertedFromReply"] = true }
            if let external = author.externalId {
                detail["authorName"] = AccountActor.externalLabel(id: external, name: author.externalName)
            }
            try appendFeedbackEvent(
                feedbackId: feedbackId, kind: stored ? "note" : "reply", detail: detail, actor: author.label, at: reply.createdAt)
            try db.run("UPDATE feedback SET updated_at = ? WHERE id = ?", [.text(reply.createdAt), .text(feedbackId)])
            if !stored {
                // What pushd needs to email the reporter, as the report stands when replied to.
                let appName = try db.queryOne("SELECT name FROM projects WHERE id = ?", [.text(projectId)])?.string("name")
                try outbox.append(
                    FeedbackRepliedEvent(
                        id: feedbackId, projectId: projectId, replyId: reply.id, message: message, author: author.label,
                        source: source, recipient: row.string("author_email") ?? row.string("email"),
                        reportTitle: FeedbackRepliedEvent.title(message: try row.text("message")),
                        appName: appName),
                    projectId: projectId)
            }
            return reply
        }
    }

    /// The organization of a report of `projectId`, or nil when the project has no such report.
    public func reportOrganization(id: String, projectId: String) throws -> String? {
        try db.queryOne(
            "SELECT p.organization_id FROM feedback f JOIN projects p ON p.id = f.project_id WHERE f.id = ? AND f.project_id = ?",
            [.text(id), .text(projectId)]
        )?.string("organization_id")
    }

    /// Creates a community idea from reviewed public text only (nothing of the report is
    /// copied) on the project's board `boardSlug`, and links it to the report. The operator
    /// reviewed the text, so the idea is published even on a board that moderates ideas.
    /// 409 `ALREADY_PROMOTED` for a report that already has an idea.
    public func promoteFeedback(
        id: String, organizationId: String, boardSlug: String, title: String, description: String,
        actor: String
    ) throws -> AdminIdea {
        try db.transaction {
            let row = try lockedReport(id: id, organizationId: organizationId)
            if row.string("promoted_idea_id") != nil { throw APIError.alreadyPromoted }
            let projectId = try row.text("project_id")
            guard let board = try boards(projectId: projectId).first(where: { $0.slug == boardSlug }) else {
                throw APIError.invalidPayload(["board": ["no board of this project has this slug"]])
            }
            let idea = try submitIdea(
                projectId: projectId, board: board, title: title, description: description,
                authorName: nil, authorEmail: nil, authorKey: nil)
            let at = now()
            try db.run("UPDATE ideas SET moderation = 'approved' WHERE id = ? AND moderation = 'pending'", [.text(idea.id)])
            try db.run("UPDATE feedback SET promoted_idea_id = ?, updated_at = ? WHERE id = ?", [.text(idea.id), .text(at), .text(id)])
            try appendFeedbackEvent(feedbackId: id, kind: "promoted", detail: ["ideaId": idea.id], actor: actor, at: at)
            return try adminIdea(id: idea.id, organizationId: organizationId)!
        }
    }

    /// Links the report to an idea of its own project that exists already (the idea a merged
    /// one was merged into, when it was). Another project's or organization's idea is 400
    /// `INVALID_PAYLOAD` (`idea`); 409 `ALREADY_PROMOTED` for a report that has an idea.
    public func linkFeedback(id: String, organizationId: String, ideaId: String, actor: String) throws -> AdminIdea {
        try db.transaction {
            let row = try lockedReport(id: id, organizationId: organizationId)
            if row.string("promoted_idea_id") != nil { throw APIError.alreadyPromoted }
            guard try adminIdea(id: ideaId, organizationId: organizationId) != nil,
                let idea = try adminIdea(id: try resolveMerged(ideaId: ideaId), organizationId: organizationId),
                idea.projectId == (try row.text("project_id"))
            else { throw APIError.invalidPayload(["idea": ["no idea of this app has this ID"]]) }
            let at = now()
            try db.run("UPDATE feedback SET promoted_idea_id = ?, updated_at = ? WHERE id = ?", [.text(idea.id), .text(at), .text(id)])
            try appendFeedbackEvent(feedbackId: id, kind: "linked", detail: ["ideaId": idea.id], actor: actor, at: at)
            return idea
        }
    }
}
