import Foundation

extension RPCServer {
    /// What a handler is handed for answering later, made for every request: a value holding
    /// the server strongly, which is alive while the handler runs on its thread. Only a handler
    /// that does answer later keeps it (`kept()`), weakly: a request answered at once pays
    /// nothing for a weak reference.
    struct DeferredReply {
        let server: RPCServer
        let prefix: ArraySlice<Data>
        let header: RPCEnvelope.RequestHeader

        /// The reply to keep beyond the handler's return, for another thread to send through.
        func kept() -> KeptReply { KeptReply(server: server, prefix: Array(prefix), header: header) }
    }

    /// Where a request answered later sends its reply: the server thread sends it, as the
    /// socket's only user. Holds the server weakly, so a reply sent after it is gone is dropped.
    struct KeptReply {
        private(set) weak var server: RPCServer?
        let prefix: [Data]
        let header: RPCEnvelope.RequestHeader

        init(server: RPCServer, prefix: [Data], header: RPCEnvelope.RequestHeader) {
            self.server = server
            self.prefix = prefix
            self.header = header
        }

        /// Queues what encodes the reply, or the error reply, for the server thread, which calls
        /// it as it sends the frame (once, after the answering thread has moved on).
        func send(_ encode: @escaping () -> Result<[UInt8], RPCError>) {
            guard let server else { return }
            let header = header
            server.sendLater(prefix) {
                switch encode() {
                case .success(let frame): return frame
                case .failure(let error):
                    return RPCEnvelope.errorReplyBytes(v: header.v, type: header.type, id: header.id, error: error)
                }
            }
        }
    }
}
