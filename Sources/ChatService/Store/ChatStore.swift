import Foundation
import HubMessaging
import HubRuntime
import HubStore

/// chatd's store: the one owner of `chatd.sqlite`. Each write method is one transaction
/// named for what it does; extensions per resource (`ChatStore+UserThread.swift`, …).
public final class ChatStore: @unchecked Sendable {
    public let db: SQLiteDatabase
    let clock: Clock
    let ids: TimeSortableID
    /// Where photos live: staged previews are copied to the sent path when a message takes them.
    let objects: ObjectStore?
    /// Chat events for pushd, delivered by an `OutboxRelay`.
    public let outbox: Outbox
    /// Group commit for sends and team replies; stopped at shutdown before the store closes.
    public let writes: WriteBatcher

    /// Longest message body, in characters.
    public static let maximumBodyLength = 2_000

    public init(db: SQLiteDatabase, clock: Clock, objects: ObjectStore? = nil) {
        self.db = db
        self.clock = clock
        self.objects = objects
        ids = TimeSortableID(clock: clock)
        outbox = Outbox(db: db, clock: clock, ids: ids, consumedTopics: OutboxConsumers.chatd)
        writes = WriteBatcher(db: db, name: "chatd-writer")
    }

    /// Now as stored: ISO-8601 UTC with milliseconds, which sorts as text.
    func now() -> String { ISOTime.format(clock.now()) }

    /// 1–2,000 characters, not only whitespace; empty only when the message carries photos.
    static func validateBody(_ body: String, imageCount: Int = 0) throws {
        if imageCount > ChatImageLimits.perMessage {
            throw RPCError.invalidPayload(field: "imageTokens", "must hold at most \(ChatImageLimits.perMessage) image tokens")
        }
        if body.trimmingWhitespace().isEmpty {
            if imageCount > 0 && body.isEmpty { return }
            throw RPCError.invalidPayload(
                field: "body",
                imageCount > 0
                    ? "must be empty or 1-\(maximumBodyLength) characters with images"
                    : "must not be empty")
        }
        if body.count > maximumBodyLength {
            throw RPCError.invalidPayload(field: "body", "must be at most \(maximumBodyLength) characters")
        }
    }

    static func validate(_ owner: ChatOwner) throws {
        if owner.projectId.isEmpty { throw RPCError.invalidPayload(field: "owner.projectId", "is required") }
        if owner.value.isEmpty || owner.value.count > 320 {
            throw RPCError.invalidPayload(field: "owner.value", "must be 1-320 characters")
        }
    }

    // MARK: Rows

    /// A conversation of a project by its public ID, or 404.
    func conversation(projectId: String, id: String) throws -> Row {
        guard
            let row = try db.queryOne(
                "SELECT * FROM conversations WHERE id = ? AND project_id = ?",
                [.text(id), .text(projectId)])
        else { throw RPCError.conversationNotFound() }
        return row
    }

    /// The owner's most recent conversation, open or resolved, every column; with
    /// `statusOnly` just its `seq`, `id` and `status`, all a send reads.
    func latestConversation(of owner: ChatOwner, statusOnly: Bool = false) throws -> Row? {
        try db.queryOne(
            statusOnly ? Self.latestConversationStatusSQL : Self.latestConversationSQL,
            [.text(owner.projectId), .text(owner.kind.rawValue), .text(owner.value)])
    }

    /// Written once: a statement's text built for every call cost a send more than its
    /// lookup in the statement cache.
    private static func latestConversationQuery(columns: String) -> String {
        """
        SELECT \(columns) FROM conversations WHERE project_id = ? AND owner_kind = ? AND owner_value = ?
        ORDER BY seq DESC LIMIT 1
        """
    }
    static let latestConversationSQL = latestConversationQuery(columns: "*")
    static let latestConversationStatusSQL = latestConversationQuery(columns: "seq, id, status")

    func message(seq: Int64) throws -> Row {
        guard let row = try db.queryOne("SELECT * FROM messages WHERE seq = ?", [.int(seq)]) else { throw RPCError.messageNotFound() }
        return row
    }

    static func summary(_ row: Row) throws -> ChatConversationSummary {
        try ChatConversationSummary(
            id: row.text("id"),
            status: ChatConversationSummary.Status(rawValue: row.text("status")) ?? .open,
            sentiment: row.string("sentiment").flatMap(ChatConversationSummary.Sentiment.init(rawValue:)),
            lastMessageAt: row.text("last_message_at"),
            unreadByTeam: row.integer("last_user_seq") > row.integer("team_read_seq"),
            ownerKind: ChatOwner.Kind(rawValue: row.text("owner_kind")) ?? .token,
            locale: row.string("locale"),
            createdAt: row.text("created_at"),
            projectId: row.string("project_id"),
            ownerEmail: row.string("owner_kind") == ChatOwner.Kind.email.rawValue ? row.string("owner_value") : nil,
            platform: row.string("platform"),
            bundleId: row.string("bundle_id"),
            preview: row.string("preview"))
    }

    /// A message row in its HTTP shape (docs/chat.md, "Messages"); `forTeam` adds `internal`. An
    /// offer card's `available` follows the owner's latest paywall snapshot, not the value stored
    /// at send.
    func dto(_ row: Row, forTeam: Bool) throws -> ChatMessageDTO {
        var card = row.string("card").flatMap { try? JSONDecoder().decode(ChatActionCardDTO.self, from: Data($0.utf8)) }
        if let offer = card, offer.kind == ChatOfferCard.kind {
            card?.available = try offerAvailable(conversationSeq: row.integer("conversation_seq"), paywallId: offer.paywallId)
        }
        return ChatMessageDTO(
            id: try row.text("id"),
            sender: ChatSender(rawValue: try row.text("sender")) ?? .team,
            body: try row.text("body"),
            createdAt: try row.text("created_at"),
            kind: row.string("kind"),
            actionCard: card,
            openedAt: row.string("opened_at"),
            tappedAt: row.string("tapped_at"),
            images: try images(messageSeq: row.integer("seq")),
            internal: forTeam ? (row.bool("internal") ?? false) : nil)
    }

    /// Inserts a message and moves the conversation's markers; call inside a transaction.
    /// Internal notes leave the conversation's activity and unread state alone. Returns the
    /// row as stored.
    func insertMessage(
        conversationSeq: Int64, projectId: String, sender: ChatSender, body: String,
        internal: Bool = false, author: String? = nil, kind: String? = nil, card: ChatActionCardDTO? = nil,
        owner: ChatOwner? = nil, idempotencyKey: String? = nil, payloadHash: String? = nil
    ) throws -> Row {
        let inserted = try insertMessageValues(
            conversationSeq: conversationSeq, projectId: projectId, sender: sender, body: body, internal: `internal`,
            author: author, kind: kind, card: card, owner: owner, idempotencyKey: idempotencyKey, payloadHash: payloadHash)
        return try message(seq: inserted.seq)
    }

    /// What `insertMessageValues` gave the new row beyond the caller's values.
    struct InsertedMessage {
        let seq: Int64
        let id: String
        let createdAt: String
    }

    /// `insertMessage` without reading the row back, for a caller that has every other value.
    func insertMessageValues(
        conversationSeq: Int64, projectId: String, sender: ChatSender, body: String,
        internal: Bool = false, author: String? = nil, kind: String? = nil, card: ChatActionCardDTO? = nil,
        owner: ChatOwner? = nil, idempotencyKey: String? = nil, payloadHash: String? = nil
    ) throws -> InsertedMessage {
        let inserted = try insertMessageRow(
            conversationSeq: conversationSeq, projectId: projectId, sender: sender, body: body, internal: `internal`,
            author: author, kind: kind, card: card, owner: owner, idempotencyKey: idempotencyKey, payloadHash: payloadHash,
            unlessKeyUsed: false)
        guard let inserted else { throw RPCError.internal("a message insert without a conflict clause wrote nothing") }
        return inserted
    }

    private static let insertMessageSQL = """
        INSERT INTO messages (id, conversation_seq, project_id, sender, body, internal, author, kind, card,
                              owner_kind, owner_value, idempotency_key, payload_hash, created_at, owner_hash)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, key_hash64(?3, ?10, ?11))
        """

    /// The conflict target names the partial index by its columns and its condition.
    private static let insertMessageUnlessKeyUsedSQL =
        insertMessageSQL + "\nON CONFLICT (owner_hash, idempotency_key) WHERE owner_hash IS NOT NULL AND idempotency_key IS NOT NULL"
        + " DO NOTHING"

    /// `insertMessageValues`; with `unlessKeyUsed` (a user's keyed send) it writes nothing and
    /// returns nil when the owner already used the key. The unique index `messages_idempotency`
    /// tells while the row is inserted, so a new key (nearly every send) costs no lookup of its own.
    func insertMessageRow(
        conversationSeq: Int64, projectId: String, sender: ChatSender, body: String, internal: Bool = false,
        author: String? = nil, kind: String? = nil, card: ChatActionCardDTO? = nil, owner: ChatOwner? = nil,
        idempotencyKey: String? = nil, payloadHash: String? = nil, unlessKeyUsed: Bool
    ) throws -> InsertedMessage? {
        let id = ids.next()
        let createdAt = now()
        let cardText = try card.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
        // owner_hash is NULL for a message without an owner (key_hash64 of a NULL).
        let written = try db.runCounting(
            unlessKeyUsed ? Self.insertMessageUnlessKeyUsedSQL : Self.insertMessageSQL,
            [
                .text(id), .int(conversationSeq), .text(projectId), .text(sender.rawValue), .text(body),
                SQLValue(`internal`), SQLValue(author), SQLValue(kind), SQLValue(cardText),
                SQLValue(owner?.kind.rawValue), SQLValue(owner?.value), SQLValue(idempotencyKey), SQLValue(payloadHash),
                .text(createdAt),
            ])
        if written == 0 { return nil }
        let seq = db.lastInsertRowID
        if !`internal` {
            let marker = sender == .user ? "last_user_seq" : "last_team_seq"
            try db.run(
                "UPDATE conversations SET last_message_seq = ?, last_message_at = ?, \(marker) = ? WHERE seq = ?",
                [.int(seq), .text(createdAt), .int(seq), .int(conversationSeq)])
        }
        return InsertedMessage(seq: seq, id: id, createdAt: createdAt)
    }
}
