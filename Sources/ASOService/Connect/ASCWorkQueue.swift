import Dispatch
import HubMessaging

/// Runs the RPCs that call Apple on one work queue of their own, so they never hold the RPC
/// server's thread; each answers when its work is done.
struct ASCWorkQueue {
    let rpc: RPCServer
    let queue = DispatchQueue(label: "asc-work")

    func register<M: RPCMessage>(_ m: M.Type, _ work: @escaping (M.Request) throws -> M.Response) {
        let queue = self.queue
        rpc.registerDeferred(m) { request, _, reply in
            queue.async {
                do {
                    reply(.success(try work(request)))
                } catch let error as RPCError {
                    reply(.failure(error))
                } catch {
                    reply(.failure(.internal("\(M.type): \(error)")))
                }
            }
        }
    }
}
