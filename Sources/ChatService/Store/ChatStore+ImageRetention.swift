import Foundation
import HubMessaging
import HubRuntime
import HubStore

/// A workspace's media retention (`chat.images.expire`): sent photos past the workspace's days
/// lose their object, then are marked expired. The object goes first so an expired row never
/// points at pixels still stored; a delete that fails stops the pass with the rest unchanged.
extension ChatStore {
    public func expireImages(_ request: ChatImageExpire.Request) throws -> ChatImageExpire.Response {
        guard (1...ChatImageExpire.maximumProjects).contains(request.projectIds.count),
            request.projectIds.allSatisfy({ !$0.isEmpty && $0.utf8.count <= 64 })
        else {
            throw RPCError.invalidPayload(field: "projectIds", "must be 1-\(ChatImageExpire.maximumProjects) project IDs")
        }
        guard ISOTime.parse(request.before) != nil else { throw RPCError.invalidPayload(field: "before", "must be an ISO-8601 time") }
        guard (1...ChatImageExpire.maximumLimit).contains(request.limit) else {
            throw RPCError.invalidPayload(field: "limit", "must be 1-\(ChatImageExpire.maximumLimit)")
        }
        guard let objects else {
            throw RPCError(code: "IMAGE_STORAGE_UNAVAILABLE", message: "photo storage is not configured", status: 503)
        }
        let due = try db.query(
            """
            SELECT seq, sent_key FROM images
            WHERE project_id IN (\(Array(repeating: "?", count: request.projectIds.count).joined(separator: ", ")))
              AND message_seq IS NOT NULL AND expired_at IS NULL AND created_at < ?
            ORDER BY created_at LIMIT ?
            """, request.projectIds.map { .text($0) } + [.text(request.before), .int(Int64(request.limit))])
        var expired = 0
        for row in due {
            if let key = row.string("sent_key") {
                do {
                    try objects.delete(key: key)
                } catch {
                    throw RPCError(code: "IMAGE_STORAGE_UNAVAILABLE", message: "photo storage refused a delete", status: 503)
                }
            }
            try db.transaction {
                try db.run(
                    "UPDATE images SET expired_at = ? WHERE seq = ? AND expired_at IS NULL",
                    [.text(now()), .int(try row.integer("seq"))])
            }
            expired += 1
        }
        return ChatImageExpire.Response(expired: expired)
    }
}
