import HubMessaging

/// `erasure.organization`: an account's chat, erased when ingest's erasure driver asks.
enum ChatAccountErasureHandlers {
    static func install(on rpc: RPCServer, store: ChatStore) {
        rpc.register(ErasureOrganization.self) { request, _ in try store.eraseOrganization(request.subject) }
    }
}
