import HubDaemon
import HubMessaging

/// The operator calls on a project's conversations.
enum ChatTeamHandlers {
    static func install(on rpc: RPCServer, store: ChatStore) {
        rpc.register(ChatTeamConversations.self) { request, _ in try store.conversations(request) }
        rpc.register(ChatTeamInbox.self) { request, _ in try store.inbox(request) }
        rpc.register(ChatTeamUnread.self) { request, _ in try store.teamUnread(request) }
        rpc.register(ChatTeamThread.self) { request, _ in try store.thread(request) }
        rpc.register(ChatTeamConversation.self) { request, _ in
            try ChatStore.summary(store.conversation(projectId: request.projectId, id: request.conversationId))
        }
        rpc.register(ChatTeamMessages.self) { request, _ in try store.teamMessages(request) }
        rpc.register(ChatTeamPost.self, through: store.writes) { request in try store.post(request) }
        rpc.register(ChatTeamResolve.self) { request, _ in try store.resolve(request) }
        rpc.register(ChatTeamReopen.self) { request, _ in
            try store.reopen(projectId: request.projectId, conversationId: request.conversationId)
        }
    }
}
