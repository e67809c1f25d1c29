import Foundation
import HubMessaging
import HubStore

/// The user's side: their latest conversation, read state and sending. A resolved
/// conversation stays the one they read until their next message opens a new one.
extension ChatStore {
    /// Whether the latest conversation has a public team message the user has not read.
    public func status(of owner: ChatOwner) throws -> ChatStatus.Response {
        try ChatStore.validate(owner)
        guard let conversation = try latestConversation(of: owner) else {
            return ChatStatus.Response(hasUnread: false, conversationId: nil)
        }
        return ChatStatus.Response(
            hasUnread: try conversation.integer("last_team_seq") > conversation.integer("user_read_seq"),
            conversationId: conversation.string("id"))
    }

    /// The latest conversation's public messages, oldest first, newer than `after` when
    /// given; marks the team's replies read (with a `chat.read` event) in the same transaction.
    public func listMessages(of owner: ChatOwner, after: String?) throws -> [ChatMessageDTO] {
        try ChatStore.validate(owner)
        return try db.transaction {
            guard let conversation = try latestConversation(of: owner) else { return [] }
            var afterSeq: Int64 = 0
            if let after {
                // Any message of the owner's conversations counts, so a cursor from the
                // previous conversation still works after a new one began.
                guard
                    let row = try db.queryOne(
                        """
                        SELECT m.seq FROM messages m JOIN conversations c ON c.seq = m.conversation_seq
                        WHERE m.id = ? AND m.internal = 0 AND c.project_id = ? AND c.owner_kind = ? AND c.owner_value = ?
                        """, [.text(after), .text(owner.projectId), .text(owner.kind.rawValue), .text(owner.value)])
                else {
                    throw RPCError.messageNotFound()
                }
                afterSeq = try row.integer("seq")
            }
            let conversationSeq = try conversation.integer("seq")
            let rows = try db.query(
                """
                SELECT * FROM messages WHERE conversation_seq = ? AND internal = 0 AND seq > ? ORDER BY seq
                """, [.int(conversationSeq), .int(afterSeq)])
            let lastTeam = try conversation.integer("last_team_seq")
            if try lastTeam > conversation.integer("user_read_seq") {
                try db.run("UPDATE conversations SET user_read_seq = ? WHERE seq = ?", [.int(lastTeam), .int(conversationSeq)])
                try appendRead(conversation: conversation, readAt: now())
            }
            return try rows.map { try dto($0, forTeam: false) }
        }
    }

    /// A user message: opens a conversation when there is none or the latest is resolved.
    /// The idempotency record is the message row itself, so both commit together. A key the
    /// owner used before replays that message (409 `IDEMPOTENCY_CONFLICT` for another payload),
    /// found by the insert itself when the latest conversation is open: only a send that would
    /// open a conversation looks its key up first, so a replay never opens one.
    public func send(_ request: ChatSend.Request) throws -> ChatSend.Response {
        let owner = request.owner
        try ChatStore.validate(owner)
        try ChatStore.validateBody(request.body, imageCount: request.imageTokens.count)
        if let key = request.idempotencyKey, key.isEmpty || key.count > 128 {
            throw RPCError.invalidPayload(field: "idempotencyKey", "must be 1-128 characters")
        }
        return try db.transaction {
            // The latest conversation (the three columns used here), or a new one when it is resolved.
            let latest = try latestConversation(of: owner, statusOnly: true)
            let conversation: Row
            var opened = false
            if let latest, latest.string("status") == "open" {
                conversation = latest
            } else {
                if let replay = try replay(request) { return replay }
                conversation = try openConversation(for: request)
                opened = true
            }
            let conversationSeq = try conversation.integer("seq")
            // Before the photos are claimed: a retry's photos belong to the message it replays.
            guard
                let inserted = try insertMessageRow(
                    conversationSeq: conversationSeq, projectId: owner.projectId, sender: .user, body: request.body, owner: owner,
                    idempotencyKey: request.idempotencyKey, payloadHash: request.payloadHash, unlessKeyUsed: true)
            else {
                // The key is taken: by this owner's earlier message, or (their 64-bit hashes
                // being equal) by another owner's, whose message this owner never sees.
                guard let replay = try replay(request) else {
                    throw StoreError.constraint(message: "UNIQUE constraint failed: messages.owner_hash, messages.idempotency_key")
                }
                return replay
            }
            // A bad token throws inside the transaction, so no conversation or message is left behind.
            let images = try claimableImages(request.imageTokens, uploader: .participant(owner))
            try attach(images, messageSeq: inserted.seq)
            if opened { try appendConversationCreated(conversation: conversation, firstMessageId: inserted.id, body: request.body) }
            try appendUserMessage(
                conversationId: conversation.text("id"), projectId: owner.projectId, messageId: inserted.id,
                body: request.body, createdAt: inserted.createdAt, imageCount: images.count)
            // A new user message has no card, no open or tap yet, and the photos just attached.
            let message = ChatMessageDTO(
                id: inserted.id, sender: .user, body: request.body, createdAt: inserted.createdAt,
                images: images.isEmpty ? [] : try self.images(messageSeq: inserted.seq))
            return ChatSend.Response(message: message, replayed: false)
        }
    }

    /// The owner's earlier message sent with the request's key, replayed; nil for no key or a
    /// key not used yet. Another payload under the key is 409 `IDEMPOTENCY_CONFLICT`.
    private func replay(_ request: ChatSend.Request) throws -> ChatSend.Response? {
        guard let key = request.idempotencyKey else { return nil }
        let owner = request.owner
        let owned: [SQLValue] = [.text(owner.projectId), .text(owner.kind.rawValue), .text(owner.value), .text(key)]
        guard let existing = try db.queryOne(ChatStore.keyedMessageSQL, owned) else { return nil }
        guard existing.string("payload_hash") == request.payloadHash else { throw RPCError.idempotencyConflict() }
        return ChatSend.Response(message: try dto(existing, forTeam: false), replayed: true)
    }

    /// The owner's message sent with a key: `?1` project, `?2` owner kind, `?3` owner, `?4` key.
    /// It reads `messages_idempotency`, the owner's parts compared too, so two owners whose
    /// hashes are equal never see each other's messages.
    static let keyedMessageSQL = """
        SELECT * FROM messages
        WHERE owner_hash = key_hash64(?1, ?2, ?3) AND idempotency_key = ?4
          AND project_id = ?1 AND owner_kind = ?2 AND owner_value = ?3
        """

    private func openConversation(for request: ChatSend.Request) throws -> Row {
        let id = ids.next()
        let createdAt = now()
        try db.run(
            """
            INSERT INTO conversations (id, project_id, owner_kind, owner_value, status, locale, platform, bundle_id,
                                       created_at, last_message_at)
            VALUES (?, ?, ?, ?, 'open', ?, ?, ?, ?, ?)
            """,
            [
                .text(id), .text(request.owner.projectId), .text(request.owner.kind.rawValue), .text(request.owner.value),
                SQLValue(request.locale), SQLValue(request.platform), SQLValue(request.bundleId), .text(createdAt), .text(createdAt),
            ])
        return try conversation(projectId: request.owner.projectId, id: id)
    }
}
