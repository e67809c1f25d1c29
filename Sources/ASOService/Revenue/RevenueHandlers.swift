import HubMessaging

/// The RevenueCat RPCs; those that call RevenueCat answer from asod's provider work queue.
enum RevenueHandlers {
    static func install(on rpc: RPCServer, work: ASCWorkQueue, connections: RevenueCatConnections) {
        work.register(RevenueCatConnect.self) { try connections.connect($0) }
        rpc.register(RevenueCatConnectionGet.self) { request, _ in try connections.connection(projectId: request.projectId) }
        rpc.register(RevenueCatDisconnect.self) { request, _ in
            try connections.disconnect(projectId: request.projectId)
            return RPCEmpty()
        }
        rpc.register(RevenueOverview.self) { request, _ in try connections.overview(request) }
        rpc.register(RevenueSignals.self) { request, _ in try connections.snapshots.signals(request) }
    }
}
