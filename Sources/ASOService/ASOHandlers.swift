import Shared

/// asod's RPC handlers. Provider calls never run on the server thread: the explorer answers
/// cache hits at once and misses from its own queue.
enum ASOHandlers {
    static func install(on rpc: RPCServer, explorer: ASOExplorerService) {
        rpc.registerDeferred(ASOExplorer.self) { request, _, reply in try explorer.answer(request, reply: reply) }
    }
}
