import Foundation

/// What a handler knows about the request it is answering.
public struct RPCRequestContext: Sendable {
    /// The caller's request ID, echoed in the reply.
    public let id: String
    public let type: String
    /// When the caller stops waiting; work past it is wasted.
    public let deadline: Date
    /// When the server read the request, on the server's clock.
    public let receivedAt: Date

    public init(id: String, type: String, deadline: Date, receivedAt: Date) {
        self.id = id
        self.type = type
        self.deadline = deadline
        self.receivedAt = receivedAt
    }
}
