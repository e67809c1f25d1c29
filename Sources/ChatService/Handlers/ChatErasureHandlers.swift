import HubMessaging

/// `erasure.participant`: chatd's part of erasing one participant (`ChatStore+Erasure`).
enum ChatErasureHandlers {
    static func install(on rpc: RPCServer, store: ChatStore) {
        rpc.register(ErasureParticipant.self) { request, _ in try store.eraseParticipant(request) }
    }
}
