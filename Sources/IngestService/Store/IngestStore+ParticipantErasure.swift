import Foundation
import HubMessaging
import HubStore

/// ingest's part of a participant erasure (docs/privacy.md): their private reports with
/// everything hanging off them, their votes, their hosted-page access and idempotency records
/// go; ideas and comments they wrote stay, detached from them and shown as `ErasedAuthor.name`.
extension IngestStore {
    /// A report of the participant and its screenshot's object key.
    struct ErasableReport {
        let id: String
        let screenshotKey: String?
    }

    /// The participant as votes, authorship and idempotency scopes name them.
    static func participantKey(_ owner: ChatOwner) -> String {
        (owner.kind == .email ? "email:" : "token:") + owner.value
    }

    /// The participant's reports in their project: written as them, or, for an email, naming
    /// it as the verified or the contact address.
    func participantReports(_ owner: ChatOwner) throws -> [ErasableReport] {
        let email = owner.kind == .email ? owner.value : nil
        return try db.query(
            """
            SELECT id, screenshot_key FROM feedback
            WHERE project_id = ? AND (author_key = ? OR (? IS NOT NULL AND (author_email = ? OR lower(trim(email)) = ?)))
            ORDER BY id
            """,
            [
                .text(owner.projectId), .text(IngestStore.participantKey(owner)), SQLValue(email), SQLValue(email),
                SQLValue(email),
            ]
        ).map { ErasableReport(id: try $0.text("id"), screenshotKey: $0.string("screenshot_key")) }
    }

    /// Erases the participant's rows in one transaction. `removedScreenshots` are the object
    /// keys already deleted: a report whose screenshot is not among them (it arrived since)
    /// rolls everything back with `ErasureRetry`, so no row is gone while its object stays.
    func eraseParticipantRows(_ owner: ChatOwner, removedScreenshots: Set<String>) throws -> [String: Int] {
        let key = IngestStore.participantKey(owner)
        let email = owner.kind == .email ? owner.value : nil
        let project = SQLValue.text(owner.projectId)
        return try db.transaction {
            var erased: [String: Int] = [:]
            let reports = try participantReports(owner)
            if let left = reports.first(where: { $0.screenshotKey.map { !removedScreenshots.contains($0) } ?? false }) {
                throw ErasureRetry(code: "DATA_CHANGED", message: "report \(left.id) arrived with a screenshot during the erasure")
            }
            let ids = reports.map { SQLValue.text($0.id) }
            if !ids.isEmpty {
                let list = SQLiteDatabase.placeholders(ids.count)
                erased["events"] = try db.runCounting(
                    "DELETE FROM outbox WHERE topic LIKE 'feedback.%' AND json_extract(payload, '$.id') IN (\(list))", ids)
                erased["replies"] = try db.runCounting("DELETE FROM feedback_replies WHERE feedback_id IN (\(list))", ids)
                try db.run("DELETE FROM feedback_labels WHERE feedback_id IN (\(list))", ids)
                try db.run("DELETE FROM feedback_events WHERE feedback_id IN (\(list))", ids)
                try db.run(
                    "DELETE FROM notification_reads WHERE item_id IN (\(list))", reports.map { .text("report:" + $0.id) })
                erased["reports"] = try db.runCounting("DELETE FROM feedback WHERE id IN (\(list))", ids)
                erased["screenshots"] = reports.filter { $0.screenshotKey != nil }.count
            }
            let voted = try db.query(
                "SELECT v.idea_id FROM votes v JOIN ideas i ON i.id = v.idea_id WHERE i.project_id = ? AND v.voter_key = ?",
                [project, .text(key)]
            ).map { SQLValue.text(try $0.text("idea_id")) }
            if !voted.isEmpty {
                let list = SQLiteDatabase.placeholders(voted.count)
                erased["votes"] = try db.runCounting("DELETE FROM votes WHERE voter_key = ? AND idea_id IN (\(list))", [.text(key)] + voted)
                try db.run(
                    "UPDATE ideas SET vote_count = (SELECT count(*) FROM votes WHERE votes.idea_id = ideas.id) WHERE id IN (\(list))",
                    voted)
            }
            let authored = "project_id = ? AND (author_key = ? OR (? IS NOT NULL AND author_email = ?))"
            let authorArgs: [SQLValue] = [.text(ErasedAuthor.name), project, .text(key), SQLValue(email), SQLValue(email)]
            erased["ideasDetached"] = try db.runCounting(
                "UPDATE ideas SET author_name = ?, author_email = NULL, author_key = NULL WHERE \(authored)", authorArgs)
            erased["commentsDetached"] = try db.runCounting(
                "UPDATE comments SET author_name = ?, author_email = NULL, author_key = NULL WHERE \(authored)", authorArgs)
            erased["idempotencyRecords"] = try db.runCounting(
                "DELETE FROM idempotency_records WHERE project_id = ? AND scope = ?", [project, .text(key)])
            if let email {
                erased["sessions"] =
                    try db.runCounting("DELETE FROM roadmap_sessions WHERE project_id = ? AND email = ?", [project, .text(email)])
                    + db.runCounting("DELETE FROM handoff_codes WHERE project_id = ? AND email = ?", [project, .text(email)])
            }
            return erased.filter { $0.value > 0 }
        }
    }
}
