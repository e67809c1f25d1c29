import HubDaemon
import HubMessaging

/// The public chat calls ingest forwards for an SDK user.
enum ChatUserHandlers {
    static func install(on rpc: RPCServer, store: ChatStore) {
        rpc.register(ChatStatus.self) { request, _ in try store.status(of: request.owner) }
        rpc.register(ChatMessagesList.self) { request, _ in
            ChatMessagesList.Response(messages: try store.listMessages(of: request.owner, after: request.after))
        }
        rpc.register(ChatSend.self, through: store.writes) { request in try store.send(request) }
    }
}
