import Dispatch
import Shared

/// The connection calls. They talk to Apple, so they answer from a work queue of their own and
/// never hold the RPC thread.
enum ASCConnectionHandlers {
    static func install(on rpc: RPCServer, connections: ASCConnections) {
        let queue = DispatchQueue(label: "asc-connections")
        func later<M: RPCMessage>(_ m: M.Type, _ work: @escaping (M.Request) throws -> M.Response) {
            rpc.registerDeferred(m) { request, _, reply in
                queue.async {
                    do {
                        reply(.success(try work(request)))
                    } catch let error as RPCError {
                        reply(.failure(error))
                    } catch {
                        reply(.failure(.internal("asc: \(error)")))
                    }
                }
            }
        }
        later(ASCConnectionPut.self) { try connections.connect($0) }
        later(ASCApps.self) { ASCApps.Response(apps: try connections.apps(organizationId: $0.organizationId)) }
        rpc.register(ASCConnectionGet.self) { request, _ in try connections.connection(organizationId: request.organizationId) }
        rpc.register(ASCConnectionDelete.self) { request, _ in
            try connections.disconnect(organizationId: request.organizationId)
            return RPCEmpty()
        }
    }
}
