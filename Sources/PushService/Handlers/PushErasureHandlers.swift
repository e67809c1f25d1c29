import HubMessaging

/// `erasure.participant`: pushd's part of erasing one participant (`PushStore+Erasure`).
enum PushErasureHandlers {
    static func install(on rpc: RPCServer, store: PushStore) {
        rpc.register(ErasureParticipant.self) { request, _ in try store.eraseParticipant(request) }
    }
}
