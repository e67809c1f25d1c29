import Foundation
import HubMessaging
import HubStore

/// Paywall snapshots reported by the user's app, and the offer cards the team sends from them.
extension ChatStore {
    /// Replaces the owner's snapshot with this one, received now; an invalid one changes nothing.
    public func replacePaywalls(owner: ChatOwner, snapshot: ChatPaywallSnapshot) throws {
        try ChatStore.validate(owner)
        try snapshot.validate()
        let text = String(decoding: try JSONEncoder().encode(snapshot), as: UTF8.self)
        let key: [SQLValue] = [.text(owner.projectId), .text(owner.kind.rawValue), .text(owner.value)]
        try db.transaction {
            try db.run(
                """
                INSERT INTO chat_paywall_snapshots (project_id, owner_kind, owner_value, snapshot, received_at)
                VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (project_id, owner_kind, owner_value) DO UPDATE SET
                    snapshot = excluded.snapshot, received_at = excluded.received_at
                """, key + [.text(text), .text(now())])
            try db.run("DELETE FROM chat_paywalls WHERE project_id = ? AND owner_kind = ? AND owner_value = ?", key)
            for paywall in snapshot.paywalls {
                try db.run(
                    """
                    INSERT INTO chat_paywalls (project_id, owner_kind, owner_value, paywall_id, title, available)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """, key + [.text(paywall.id), .text(paywall.title), SQLValue(paywall.available)])
            }
        }
    }

    /// The owner's latest snapshot and when it arrived, or nil before the first report.
    public func latestPaywalls(owner: ChatOwner) throws -> (snapshot: ChatPaywallSnapshot, receivedAt: String)? {
        guard
            let row = try db.queryOne(
                """
                SELECT snapshot, received_at FROM chat_paywall_snapshots WHERE project_id = ? AND owner_kind = ? AND owner_value = ?
                """, [.text(owner.projectId), .text(owner.kind.rawValue), .text(owner.value)])
        else { return nil }
        let snapshot = try JSONDecoder().decode(ChatPaywallSnapshot.self, from: Data(row.text("snapshot").utf8))
        return (snapshot, try row.text("received_at"))
    }

    /// Sends an offer card for a paywall of the owner's latest snapshot, titled as it is now.
    public func offerCard(_ request: ChatOfferCard.Request) throws -> ChatMessageDTO {
        try request.validate()
        return try db.transaction {
            let conversation = try conversation(projectId: request.projectId, id: request.conversationId)
            guard
                let paywall = try db.queryOne(
                    """
                    SELECT title FROM chat_paywalls WHERE project_id = ? AND owner_kind = ? AND owner_value = ? AND paywall_id = ?
                    """,
                    [
                        .text(request.projectId), .text(try conversation.text("owner_kind")),
                        .text(try conversation.text("owner_value")), .text(request.paywallId),
                    ])
            else {
                throw RPCError.unknownPaywall(request.paywallId)
            }
            let card = ChatActionCardDTO(
                kind: ChatOfferCard.kind, paywallId: request.paywallId,
                titleAtSend: try paywall.text("title"), buttonLabel: request.buttonLabel, body: request.body,
                available: true)
            // The message text is what a client without card support shows.
            let row = try insertMessage(
                conversationSeq: conversation.integer("seq"), projectId: request.projectId,
                sender: .team, body: request.body ?? request.buttonLabel, author: request.author,
                kind: ChatOfferCard.kind, card: card)
            try appendReplied(conversation: conversation, message: row)
            return try dto(row, forTeam: true)
        }
    }

    /// Whether an offer card of that conversation can still open: its paywall is in the owner's
    /// latest snapshot and reported available there.
    func offerAvailable(conversationSeq: Int64, paywallId: String?) throws -> Bool {
        guard let paywallId else { return false }
        let row = try db.queryOne(
            """
            SELECT p.available FROM conversations c JOIN chat_paywalls p
              ON p.project_id = c.project_id AND p.owner_kind = c.owner_kind AND p.owner_value = c.owner_value
            WHERE c.seq = ? AND p.paywall_id = ?
            """, [.int(conversationSeq), .text(paywallId)])
        return row?.bool("available") ?? false
    }
}
