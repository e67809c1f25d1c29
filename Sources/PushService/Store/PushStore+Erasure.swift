import Foundation
import HubMessaging
import HubStore

/// pushd's part of a participant erasure (`erasure.participant`), in one transaction: the
/// participant's devices and every push to them (queued or an outcome), the chat and report
/// events holding their messages and email with the team alerts and reply emails made from
/// them, reply emails addressed to their email, and the Telegram and Discord threads, message
/// mappings and queued deliveries of their conversations and reports. pushd keeps no objects.
extension PushStore {
    public func eraseParticipant(_ request: ErasureApplyRequest) throws -> ErasureApplyReport {
        guard request.subject.kind == .participant, let owner = request.subject.owner, !owner.value.isEmpty else {
            throw RPCError.invalidPayload(field: "subject", "must name one participant")
        }
        let project = SQLValue.text(owner.projectId)
        let owned: [SQLValue] = [project, .text(owner.kind.rawValue), .text(owner.value)]
        let conversations = request.conversationIds.map { SQLValue.text($0) }
        let reports = request.reportIds.map { SQLValue.text($0) }
        let erased: [String: Int] = try db.transaction {
            var erased: [String: Int] = [:]
            erased["queuedPushes"] = try db.runCounting(
                "DELETE FROM push_queue WHERE project_id = ? AND owner_kind = ? AND owner_value = ? AND status = 'pending'", owned)
            erased["pushOutcomes"] = try db.runCounting(
                "DELETE FROM push_queue WHERE project_id = ? AND owner_kind = ? AND owner_value = ?", owned)
            erased["devices"] = try db.runCounting(
                "DELETE FROM push_devices WHERE project_id = ? AND owner_kind = ? AND owner_value = ?", owned)
            let events = try db.query(
                """
                SELECT id, json_extract(payload, '$.replyId') AS reply_id FROM chat_events WHERE project_id = ? AND (
                    json_extract(payload, '$.conversationId') IN (\(SQLiteDatabase.placeholders(conversations.count)))
                    OR (topic LIKE 'feedback.%' AND json_extract(payload, '$.id') IN (\(SQLiteDatabase.placeholders(reports.count)))))
                """, [project] + conversations + reports)
            for event in events {
                let id = try event.text("id")
                try db.run("DELETE FROM email_alerts_pending WHERE event_id = ?", [.text(id)])
                let alertKey = "alert:" + id + ":"
                erased["emails", default: 0] += try db.runCounting(
                    "DELETE FROM email_queue WHERE substr(dedupe_key, 1, ?) = ?", [.int(Int64(alertKey.utf8.count)), .text(alertKey)])
                if let reply = event.string("reply_id") {
                    erased["emails", default: 0] += try db.runCounting(
                        "DELETE FROM email_queue WHERE dedupe_key = ?", [.text(ReplyEmail.dedupeKey(replyId: reply))])
                }
                try db.run("DELETE FROM chat_events WHERE id = ?", [.text(id)])
            }
            erased["events"] = events.count
            if owner.kind == .email {
                erased["emails", default: 0] += try db.runCounting(
                    "DELETE FROM email_queue WHERE kind = ? AND recipient = ?", [.text(ReplyEmail.kind), .text(owner.value)])
            }
            for (kind, ids) in [("chat", conversations), ("report", reports)] where !ids.isEmpty {
                let subject = "subject_kind = ? AND subject_id IN (\(SQLiteDatabase.placeholders(ids.count)))"
                let telegram = "integration_id IN (SELECT id FROM integrations WHERE project_id = ?) AND " + subject
                let args = [project, .text(kind)] + ids
                erased["integrationDeliveries", default: 0] += try db.runCounting("DELETE FROM integration_queue WHERE " + telegram, args)
                try db.run("DELETE FROM integration_messages WHERE " + telegram, args)
                erased["integrationThreads", default: 0] += try db.runCounting("DELETE FROM integration_threads WHERE " + telegram, args)
                erased["integrationDeliveries", default: 0] += try db.runCounting(
                    "DELETE FROM discord_outbox WHERE project_id = ? AND " + subject, args)
                erased["integrationThreads", default: 0] += try db.runCounting(
                    "DELETE FROM discord_threads WHERE project_id = ? AND " + subject, args)
            }
            return erased.filter { $0.value > 0 }
        }
        return ErasureApplyReport(erased: erased)
    }
}
