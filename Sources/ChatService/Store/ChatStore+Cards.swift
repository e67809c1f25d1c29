import Foundation
import HubMessaging
import HubStore

/// Action cards: the one review request per conversation, and the user's card activity.
extension ChatStore {
    static let reviewRequestKind = "review_request"

    /// The conversation's review-request card, sent now unless it exists.
    public func reviewCard(projectId: String, conversationId: String) throws -> ChatMessageDTO {
        try db.transaction {
            let conversation = try conversation(projectId: projectId, id: conversationId)
            return try dto(try ensureReviewCard(conversation: conversation), forTeam: true)
        }
    }

    /// Returns the existing card or inserts it (a public team message, so unread and
    /// `chat.replied` follow); call inside a transaction. The unique index backs the check.
    func ensureReviewCard(conversation: Row) throws -> Row {
        let seq = try conversation.integer("seq")
        if let existing = try db.queryOne(
            "SELECT * FROM messages WHERE conversation_seq = ? AND kind = ?",
            [.int(seq), .text(ChatStore.reviewRequestKind)])
        {
            return existing
        }
        let copy = ChatReviewCopy.forLocale(conversation.string("locale"))
        let row = try insertMessage(
            conversationSeq: seq, projectId: conversation.text("project_id"), sender: .team,
            body: copy.messageBody, kind: ChatStore.reviewRequestKind, card: copy.card)
        try appendReplied(conversation: conversation, message: row)
        return row
    }

    /// Records the first display or tap of a card in the owner's conversations; a tap also
    /// counts as a display. Repeats keep the first timestamps.
    public func recordCardActivity(owner: ChatOwner, messageId: String, event: ChatCardsActivity.Event) throws {
        try ChatStore.validate(owner)
        try db.transaction {
            guard
                let row = try db.queryOne(
                    """
                    SELECT m.seq FROM messages m JOIN conversations c ON c.seq = m.conversation_seq
                    WHERE m.id = ? AND m.internal = 0 AND m.card IS NOT NULL
                      AND c.project_id = ? AND c.owner_kind = ? AND c.owner_value = ?
                    """, [.text(messageId), .text(owner.projectId), .text(owner.kind.rawValue), .text(owner.value)])
            else {
                throw RPCError.messageNotFound()
            }
            let at = now()
            let sql =
                switch event {
                case .opened: "UPDATE messages SET opened_at = COALESCE(opened_at, ?) WHERE seq = ?"
                case .tapped: "UPDATE messages SET opened_at = COALESCE(opened_at, ?1), tapped_at = COALESCE(tapped_at, ?1) WHERE seq = ?2"
                }
            try db.run(sql, [.text(at), .int(row.integer("seq"))])
        }
    }
}
