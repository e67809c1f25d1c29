import Foundation
import HubMessaging
import HubStore

/// The team's side: the inbox, reading a conversation, replies and notes, resolution.
extension ChatStore {
    public static let maximumPageSize = 100

    /// Conversations by most recent public message; `cursor` is the last item's position.
    public func conversations(_ request: ChatTeamConversations.Request) throws -> ChatTeamConversations.Response {
        let page = try inbox(
            ChatTeamInbox.Request(
                projectIds: [request.projectId], status: request.status, unread: request.unread, cursor: request.cursor,
                limit: request.limit))
        return ChatTeamConversations.Response(items: page.items, nextCursor: page.nextCursor)
    }

    /// The conversations of several projects by most recent public message, each with its
    /// latest public message as `preview`; `cursor` is the last item's position. The order is
    /// `conversations_recent` (or `conversations_inbox` for one project), so a page reads
    /// `limit + 1` rows however many conversations there are, unless `text` filters.
    public func inbox(_ request: ChatTeamInbox.Request) throws -> ChatTeamInbox.Response {
        guard (1...ChatStore.maximumPageSize).contains(request.limit) else {
            throw RPCError.invalidPayload(field: "limit", "must be 1-\(ChatStore.maximumPageSize)")
        }
        guard (1...ChatTeamInbox.maximumProjects).contains(request.projectIds.count) else {
            throw RPCError.invalidPayload(field: "projectIds", "must name 1-\(ChatTeamInbox.maximumProjects) projects")
        }
        var sql = """
            SELECT c.*, m.body AS preview FROM conversations c LEFT JOIN messages m ON m.seq = c.last_message_seq
            WHERE c.project_id IN (\(Array(repeating: "?", count: request.projectIds.count).joined(separator: ", ")))
            """
        var args: [SQLValue] = request.projectIds.map { .text($0) }
        if let status = request.status {
            sql += " AND c.status = ?"
            args.append(.text(status.rawValue))
        }
        if let unread = request.unread {
            sql += unread ? " AND c.last_user_seq > c.team_read_seq" : " AND c.last_user_seq <= c.team_read_seq"
        }
        if let text = request.text?.lowercased(), !text.isEmpty {
            guard text.count <= ChatTeamInbox.maximumTextLength else {
                throw RPCError.invalidPayload(field: "text", "must be at most \(ChatTeamInbox.maximumTextLength) characters")
            }
            sql += " AND ((c.owner_kind = 'email' AND instr(lower(c.owner_value), ?) > 0) OR instr(lower(m.body), ?) > 0)"
            args += [.text(text), .text(text)]
        }
        if let cursor = request.cursor {
            guard let position = Int64(cursor) else { throw RPCError.invalidPayload(field: "cursor", "is not a cursor") }
            sql += " AND c.last_message_seq < ?"
            args.append(.int(position))
        }
        sql += " ORDER BY c.last_message_seq DESC LIMIT ?"
        args.append(.int(Int64(request.limit + 1)))
        let rows = try db.query(sql, args)
        let page = rows.prefix(request.limit)
        let positions = try page.map { String(try $0.integer("last_message_seq")) }
        return ChatTeamInbox.Response(
            items: try page.map(ChatStore.summary), positions: positions, nextCursor: rows.count > request.limit ? positions.last : nil)
    }

    /// A page of messages including notes, oldest first (`cursor`: the last seen position);
    /// the user's messages become read by the team.
    public func teamMessages(_ request: ChatTeamMessages.Request) throws -> ChatTeamMessages.Response {
        guard (1...ChatTeamMessages.maximumLimit).contains(request.limit) else {
            throw RPCError.invalidPayload(field: "limit", "must be 1-\(ChatTeamMessages.maximumLimit)")
        }
        var after: Int64 = 0
        if let cursor = request.cursor {
            guard let position = Int64(cursor), position >= 0 else { throw RPCError.invalidPayload(field: "cursor", "is not a cursor") }
            after = position
        }
        return try db.transaction {
            let conversation = try conversation(projectId: request.projectId, id: request.conversationId)
            let seq = try conversation.integer("seq")
            if request.markRead { try markReadByTeam(conversationSeq: seq) }
            let rows = try db.query(
                "SELECT * FROM messages WHERE conversation_seq = ? AND seq > ? ORDER BY seq LIMIT ?",
                [.int(seq), .int(after), .int(Int64(request.limit + 1))])
            let page = rows.prefix(request.limit)
            let next = try rows.count > request.limit ? page.last.map { String(try $0.integer("seq")) } : nil
            return ChatTeamMessages.Response(items: try page.map { try dto($0, forTeam: true) }, nextCursor: next)
        }
    }

    /// The user's messages so far become read by the team; call inside a transaction.
    func markReadByTeam(conversationSeq seq: Int64) throws {
        try db.run(
            "UPDATE conversations SET team_read_seq = last_user_seq WHERE seq = ? AND team_read_seq < last_user_seq", [.int(seq)])
    }

    /// A public reply (with a `chat.replied` event) or an internal note (no event, no unread).
    public func post(_ request: ChatTeamPost.Request) throws -> ChatMessageDTO {
        if request.internal && !request.imageTokens.isEmpty {
            throw RPCError.invalidPayload(field: "imageTokens", "internal notes do not accept photos")
        }
        try ChatStore.validateBody(request.body, imageCount: request.imageTokens.count)
        if let key = request.idempotencyKey, key.isEmpty || key.count > 128 {
            throw RPCError.invalidPayload(field: "idempotencyKey", "must be 1-128 characters")
        }
        return try db.transaction {
            let conversation = try conversation(projectId: request.projectId, id: request.conversationId)
            if let key = request.idempotencyKey,
                let existing = try db.queryOne(
                    "SELECT * FROM messages WHERE conversation_seq = ? AND sender = 'team' AND idempotency_key = ?",
                    [.int(try conversation.integer("seq")), .text(key)])
            {
                // A double submit repeats the text; another text under the same key is another message.
                guard existing.string("body") == request.body, existing.bool("internal") == request.internal else {
                    throw RPCError.idempotencyConflict()
                }
                return try dto(existing, forTeam: true)
            }
            // After the replay check: a retried reply that was posted while open still gets its answer.
            if request.requireOpen == true, conversation.string("status") == "resolved" {
                throw RPCError.conversationResolved()
            }
            var images: [Row] = []
            if !request.imageTokens.isEmpty {
                guard let author = request.author else { throw RPCError.invalidPayload(field: "author", "is required with images") }
                images = try claimableImages(
                    request.imageTokens,
                    uploader: .team(
                        projectId: request.projectId, member: author,
                        conversationId: request.conversationId))
            }
            let row = try insertMessage(
                conversationSeq: conversation.integer("seq"), projectId: request.projectId, sender: .team,
                body: request.body, internal: request.internal, author: request.author, idempotencyKey: request.idempotencyKey)
            try attach(images, messageSeq: row.integer("seq"))
            if !request.internal {
                try appendReplied(conversation: conversation, message: row, source: request.source)
            }
            return try dto(row, forTeam: true)
        }
    }

    /// Resolves with the team's sentiment; a positive one with automatic review requests
    /// also sends the review card, in the same transaction.
    public func resolve(_ request: ChatTeamResolve.Request) throws -> ChatConversationSummary {
        try db.transaction {
            let conversation = try conversation(projectId: request.projectId, id: request.conversationId)
            let seq = try conversation.integer("seq")
            let resolvedAt = now()
            try db.run(
                "UPDATE conversations SET status = 'resolved', sentiment = ?, resolved_at = ? WHERE seq = ?",
                [.text(request.sentiment.rawValue), .text(resolvedAt), .int(seq)])
            try appendResolved(
                conversation: conversation, sentiment: request.sentiment, resolvedAt: resolvedAt, source: request.source)
            if request.sentiment == .positive && request.automaticReviewRequests {
                _ = try ensureReviewCard(conversation: conversation)
            }
            return try ChatStore.summary(self.conversation(projectId: request.projectId, id: request.conversationId))
        }
    }

    /// Back to open; the sentiment belonged to the resolution and is cleared. Only a resolved
    /// conversation writes `chat.reopened`, so a repeated call reports no second change.
    public func reopen(projectId: String, conversationId: String) throws -> ChatConversationSummary {
        try db.transaction {
            let conversation = try conversation(projectId: projectId, id: conversationId)
            try db.run(
                "UPDATE conversations SET status = 'open', sentiment = NULL, resolved_at = NULL WHERE seq = ?",
                [.int(try conversation.integer("seq"))])
            if conversation.string("status") == "resolved" {
                try appendReopened(conversation: conversation, reopenedAt: now())
            }
            return try ChatStore.summary(self.conversation(projectId: projectId, id: conversationId))
        }
    }
}
