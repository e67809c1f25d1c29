import Foundation

/// Replies finished on other threads, waiting for the server thread (the socket's only user)
/// to send them. The server thread takes them all at once after each wake-up, so only a reply
/// joining an empty queue needs to wake it: a batch committed together costs one wake-up
/// message, not one per reply. A reply is queued as what makes its frame: the server thread
/// encodes it as it sends it, so a thread answering many requests at once (a write batch's
/// commit) spends no time on their envelopes and bodies.
struct RPCDeferredReplies {
    typealias Reply = (prefix: [Data], frame: () -> [UInt8])
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
