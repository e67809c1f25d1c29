import HubMessaging

/// `erasure.organization`: an account's devices, pushes, integrations and emails, erased when
/// ingest's erasure driver asks.
enum PushAccountErasureHandlers {
    static func install(on rpc: RPCServer, store: PushStore) {
        rpc.register(ErasureOrganization.self) { request, _ in try store.eraseOrganization(request) }
    }
}
