import Foundation

/// Replies finished on other threads, waiting for the server thread (the socket's only user)
/// to send them. The server thread takes them all at once after each wake-up, so only a reply
/// joining an empty queue needs to wake it: a batch committed together costs one wake-up
/// message, not one per reply.
struct RPCDeferredReplies {
    typealias Reply = (prefix: [Data], frame: Data)
    private var replies: [Reply] = []

    /// Queues `reply`; true when the queue was empty, so the caller must wake the server thread.
    mutating func append(_ reply: Reply) -> Bool {
        replies.append(reply)
        return replies.count == 1
    }

    /// Everything queued, oldest first, leaving the queue empty.
    mutating func takeAll() -> [Reply] {
        var taken: [Reply] = []
        swap(&taken, &replies)
        return taken
    }
}
