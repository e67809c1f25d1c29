import HubMessaging
import HubStore

extension RPCServer {
    /// Adds a write handler that runs through `writes` (group commit) instead of on the server
    /// thread: concurrent calls share one transaction, each in its own savepoint, and each is
    /// answered only after its batch committed. Calls are run in the order they arrived. A full
    /// or stopping batcher answers 503 `BUSY`; an error other than an `RPCError` is `INTERNAL`.
    public func register<M: RPCMessage>(
        _ message: M.Type, through writes: WriteBatcher, _ handler: @escaping (M.Request) throws -> M.Response
    ) {
        registerDeferred(message) { request, _, reply in
            writes.submit({ try handler(request) }) { result in
                reply(
                    result.mapError { error in
                        switch error {
                        case let error as RPCError: return error
                        case is WriteBatcherError: return .busy(M.type)
                        default: return .internal("\(error)")
                        }
                    })
            }
        }
    }
}
