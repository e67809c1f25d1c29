import Foundation
import HubMessaging
import HubRuntime
import HubStore

/// chatd's part of a participant erasure (`erasure.participant`): the participant's
/// conversations in their project with every message, card and read marker in them, the photos
/// they uploaded or that were sent in those conversations, their paywall snapshot, and the
/// outbox events about those conversations. Photos leave the object store first; a refused
/// delete answers `OBJECTS_UNAVAILABLE` with every row still there, so a retry finds the keys
/// and the conversations again and reports their IDs.
extension ChatStore {
    public func eraseParticipant(_ request: ErasureApplyRequest) throws -> ErasureApplyReport {
        guard request.subject.kind == .participant, let owner = request.subject.owner else {
            throw RPCError.invalidPayload(field: "subject", "must name one participant")
        }
        try ChatStore.validate(owner)
        let found = try erasableRows(owner)
        var removed: Set<String> = []
        if !found.objectKeys.isEmpty {
            guard let objects else { throw ChatStore.objectsUnavailable("photo storage is not configured") }
            for key in found.objectKeys.sorted() {
                do {
                    try objects.delete(key: key)
                } catch {
                    throw ChatStore.objectsUnavailable("photo \(key) not deleted: \(error)")
                }
                removed.insert(key)
            }
        }
        let erased: [String: Int] = try db.transaction {
            // Rows that arrived since the objects went are left for the next pass.
            let now = try erasableRows(owner)
            guard now.objectKeys.isSubset(of: removed) else { throw ChatStore.objectsUnavailable("photos arrived during the erasure") }
            var erased: [String: Int] = [:]
            let owned: [SQLValue] = [.text(owner.projectId), .text(owner.kind.rawValue), .text(owner.value)]
            if !now.imageSeqs.isEmpty {
                erased["photos"] = try deleting("DELETE FROM images WHERE seq IN", now.imageSeqs.map { .int($0) })
            }
            if !now.conversationIds.isEmpty {
                let ids = now.conversationIds.map { SQLValue.text($0) }
                erased["events"] = try deleting("DELETE FROM outbox WHERE json_extract(payload, '$.conversationId') IN", ids)
                let seqs = now.conversationSeqs.map { SQLValue.int($0) }
                erased["messages"] = try deleting("DELETE FROM messages WHERE conversation_seq IN", seqs)
                erased["conversations"] = try deleting("DELETE FROM conversations WHERE seq IN", seqs)
            }
            try db.run("DELETE FROM messages WHERE project_id = ? AND owner_kind = ? AND owner_value = ?", owned)
            try db.run("DELETE FROM chat_paywalls WHERE project_id = ? AND owner_kind = ? AND owner_value = ?", owned)
            erased["paywallSnapshots"] = try db.runCounting(
                "DELETE FROM chat_paywall_snapshots WHERE project_id = ? AND owner_kind = ? AND owner_value = ?", owned)
            return erased.filter { $0.value > 0 }
        }
        return ErasureApplyReport(erased: erased, conversationIds: found.conversationIds)
    }

    /// What an erasure of `owner` removes, named before anything is removed.
    struct ErasableChat {
        var conversationSeqs: [Int64] = []
        var conversationIds: [String] = []
        var imageSeqs: [Int64] = []
        var objectKeys: Set<String> = []
    }

    func erasableRows(_ owner: ChatOwner) throws -> ErasableChat {
        var found = ErasableChat()
        for row in try db.query(
            "SELECT seq, id FROM conversations WHERE project_id = ? AND owner_kind = ? AND owner_value = ? ORDER BY seq",
            [.text(owner.projectId), .text(owner.kind.rawValue), .text(owner.value)])
        {
            found.conversationSeqs.append(try row.integer("seq"))
            found.conversationIds.append(try row.text("id"))
        }
        // Their own uploads, sent or not, and every photo of their conversations (the team's too).
        let list = SQLiteDatabase.placeholders(found.conversationIds.count)
        let inConversations =
            found.conversationIds.isEmpty
            ? ""
            : " OR conversation_id IN (\(list)) OR message_seq IN (SELECT seq FROM messages WHERE conversation_seq IN (\(list)))"
        let images = try db.query(
            "SELECT seq, staging_key, sent_key FROM images WHERE project_id = ? AND ((uploader_kind = ? AND uploader_value = ?)"
                + inConversations + ")",
            [.text(owner.projectId), .text(owner.kind.rawValue), .text(owner.value)] + found.conversationIds.map { .text($0) }
                + found.conversationSeqs.map { .int($0) })
        for image in images {
            found.imageSeqs.append(try image.integer("seq"))
            found.objectKeys.insert(try image.text("staging_key"))
            if let sent = image.string("sent_key") { found.objectKeys.insert(sent) }
        }
        return found
    }

    private func deleting(_ sql: String, _ values: [SQLValue]) throws -> Int {
        try db.runCounting(sql + " (" + SQLiteDatabase.placeholders(values.count) + ")", values)
    }

    static func objectsUnavailable(_ message: String) -> RPCError {
        RPCError(code: ErasureApplyError.objectsUnavailable, message: message, status: 503)
    }
}
