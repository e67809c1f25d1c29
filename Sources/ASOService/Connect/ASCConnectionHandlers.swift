import HubMessaging

/// The connection calls; those that talk to Apple answer from the work queue.
enum ASCConnectionHandlers {
    static func install(on rpc: RPCServer, work: ASCWorkQueue, connections: ASCConnections) {
        work.register(ASCConnectionPut.self) { try connections.connect($0) }
        work.register(ASCApps.self) { ASCApps.Response(apps: try connections.apps(organizationId: $0.organizationId)) }
        rpc.register(ASCConnectionGet.self) { request, _ in try connections.connection(organizationId: request.organizationId) }
        rpc.register(ASCConnectionDelete.self) { request, _ in
            try connections.disconnect(organizationId: request.organizationId)
            return RPCEmpty()
        }
    }
}
