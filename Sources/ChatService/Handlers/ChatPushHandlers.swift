import HubMessaging
import HubStore

/// What pushd asks chatd: the unread state of the owners it is about to notify.
enum ChatPushHandlers {
    static func install(on rpc: RPCServer, store: ChatStore) {
        rpc.register(ChatUnreadState.self) { request, _ in try unread(request, db: store.db) }
    }

    /// Same rule as `chat.status`: the owner's latest conversation has a public team message
    /// newer than the user's read marker. An owner without a conversation has nothing unread.
    static func unread(_ request: ChatUnreadState.Request, db: SQLiteDatabase) throws -> ChatUnreadState.Response {
        if request.projectId.isEmpty { throw RPCError.invalidPayload(field: "projectId", "is required") }
        if request.owners.count > ChatUnreadState.maximumOwners {
            throw RPCError.invalidPayload(field: "owners", "must hold at most \(ChatUnreadState.maximumOwners) owners")
        }
        let unread = try request.owners.map { owner -> Bool in
            guard
                let row = try db.queryOne(
                    """
                    SELECT last_team_seq, user_read_seq FROM conversations
                    WHERE project_id = ? AND owner_kind = ? AND owner_value = ? ORDER BY seq DESC LIMIT 1
                    """, [.text(request.projectId), .text(owner.kind.rawValue), .text(owner.value)])
            else { return false }
            return try row.integer("last_team_seq") > row.integer("user_read_seq")
        }
        return ChatUnreadState.Response(unread: unread)
    }
}
