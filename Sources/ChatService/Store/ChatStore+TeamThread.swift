import Foundation
import HubMessaging
import HubStore

/// The dashboard's conversation page in one read: the conversation, its newest messages with
/// their authors, and the owner's latest paywall snapshot.
extension ChatStore {
    public func thread(_ request: ChatTeamThread.Request) throws -> ChatTeamThread.Response {
        guard (1...ChatTeamMessages.maximumLimit).contains(request.limit) else {
            throw RPCError.invalidPayload(field: "limit", "must be 1-\(ChatTeamMessages.maximumLimit)")
        }
        guard (1...ChatTeamInbox.maximumProjects).contains(request.projectIds.count) else {
            throw RPCError.invalidPayload(field: "projectIds", "must name 1-\(ChatTeamInbox.maximumProjects) projects")
        }
        return try db.transaction {
            let places = Array(repeating: "?", count: request.projectIds.count).joined(separator: ", ")
            guard
                let conversation = try db.queryOne(
                    "SELECT * FROM conversations WHERE id = ? AND project_id IN (\(places))",
                    [.text(request.conversationId)] + request.projectIds.map { .text($0) })
            else { throw RPCError.conversationNotFound() }
            let seq = try conversation.integer("seq")
            if request.markRead { try markReadByTeam(conversationSeq: seq) }
            let newest = try db.query(
                "SELECT * FROM messages WHERE conversation_seq = ? ORDER BY seq DESC LIMIT ?",
                [.int(seq), .int(Int64(request.limit + 1))])
            let entries = try newest.prefix(request.limit).reversed().map {
                ChatTeamThread.Entry(message: try dto($0, forTeam: true), author: $0.string("author"))
            }
            let owner = ChatOwner(
                projectId: try conversation.text("project_id"),
                kind: ChatOwner.Kind(rawValue: try conversation.text("owner_kind")) ?? .token,
                value: try conversation.text("owner_value"))
            let paywalls = try latestPaywalls(owner: owner)
            return ChatTeamThread.Response(
                conversation: try ChatStore.summary(
                    db.queryOne("SELECT * FROM conversations WHERE seq = ?", [.int(seq)]) ?? conversation),
                entries: entries, hasEarlier: newest.count > request.limit, paywalls: paywalls?.snapshot,
                paywallsReceivedAt: paywalls?.receivedAt)
        }
    }
}
