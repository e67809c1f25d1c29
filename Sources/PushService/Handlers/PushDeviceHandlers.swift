import HubMessaging

/// Device registration calls ingest forwards from `POST/DELETE /api/v1/push/devices`.
enum PushDeviceHandlers {
    static func install(on rpc: RPCServer, store: PushStore) {
        rpc.register(PushDeviceRegister.self) { request, _ in
            try store.register(request)
            return RPCEmpty()
        }
        rpc.register(PushDeviceUnregister.self) { request, _ in
            try store.unregister(request)
            return RPCEmpty()
        }
    }
}
