import Foundation
import HubMessaging
import HubStore

extension ChatStore {
    /// Characters of the latest user message an unread item carries.
    static let unreadPreviewLength = 140

    /// The unread conversations of several projects, newest user message first, each with that
    /// message. `conversations_team_unread` holds only unread conversations, so the read ones,
    /// however many, are never visited.
    public func teamUnread(_ request: ChatTeamUnread.Request) throws -> ChatTeamUnread.Response {
        guard (1...ChatTeamUnread.maximumLimit).contains(request.limit) else {
            throw RPCError.invalidPayload(field: "limit", "must be 1-\(ChatTeamUnread.maximumLimit)")
        }
        guard (1...ChatTeamInbox.maximumProjects).contains(request.projectIds.count) else {
            throw RPCError.invalidPayload(field: "projectIds", "must name 1-\(ChatTeamInbox.maximumProjects) projects")
        }
        let rows = try db.query(
            """
            SELECT c.id, c.project_id, c.owner_kind, c.owner_value, m.id AS message_id, m.created_at AS message_at,
                   substr(m.body, 1, \(ChatStore.unreadPreviewLength)) AS preview
            FROM conversations c INDEXED BY conversations_team_unread JOIN messages m ON m.seq = c.last_user_seq
            WHERE c.project_id IN (\(Array(repeating: "?", count: request.projectIds.count).joined(separator: ", ")))
              AND c.last_user_seq > c.team_read_seq
            ORDER BY c.last_user_seq DESC LIMIT ?
            """, request.projectIds.map { .text($0) } + [.int(Int64(request.limit))])
        return ChatTeamUnread.Response(
            items: try rows.map { row in
                ChatTeamUnread.Item(
                    conversationId: try row.text("id"), projectId: try row.text("project_id"),
                    lastUserMessageId: try row.text("message_id"), lastUserMessageAt: try row.text("message_at"),
                    ownerEmail: row.string("owner_kind") == ChatOwner.Kind.email.rawValue ? row.string("owner_value") : nil,
                    preview: row.string("preview") ?? "")
            })
    }
}
