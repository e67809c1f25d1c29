import HubRuntime

extension RPCServer {
    /// Adds a handler that runs on `pool` instead of the server's thread, for work that waits
    /// on a provider or another daemon. A full pool answers 503 `BUSY` at once; an error other
    /// than an `RPCError` is answered as `INTERNAL`.
    public func register<M: RPCMessage>(
        _ message: M.Type, on pool: WorkerPool, _ handler: @escaping (M.Request) throws -> M.Response
    ) {
        registerDeferred(message) { request, _, reply in
            let accepted = pool.submit {
                do {
                    reply(.success(try handler(request)))
                } catch let error as RPCError {
                    reply(.failure(error))
                } catch {
                    reply(.failure(.internal("\(error)")))
                }
            }
            if !accepted {
                reply(.failure(.busy(M.type)))
            }
        }
    }
}
