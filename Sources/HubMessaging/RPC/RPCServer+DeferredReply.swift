import Foundation

extension RPCServer {
    /// Where a request answered later sends its reply: the server thread sends it, as the
    /// socket's only user. A value, made for every request, so it allocates nothing.
    struct DeferredReply {
        private(set) weak var server: RPCServer?
        let prefix: [Data]
        let header: RPCEnvelope.RequestHeader

        init(server: RPCServer, prefix: [Data], header: RPCEnvelope.RequestHeader) {
            self.server = server
            self.prefix = prefix
            self.header = header
        }

        /// Queues the reply frame, or the error reply, for the server thread.
        func send(_ result: Result<Data, RPCError>) {
            guard let server else { return }
            switch result {
            case .success(let frame): server.sendLater(prefix, frame)
            case .failure(let error):
                server.sendLater(
                    prefix, RPCEnvelope.encodeErrorReply(v: header.v, type: header.type, id: header.id, error: error))
            }
        }
    }
}
