import Foundation

/// One finished call, as a client reports it to its `observer` (for metrics).
public struct RPCCallOutcome: Equatable, Sendable {
    public enum Status: Equatable, Sendable {
        case ok
        /// Any error reply or failure except a timeout, with its code.
        case error(String)
        case timeout
    }

    public let peer: String
    public let type: String
    /// From submitting the call to its completion.
    public let duration: TimeInterval
    public let result: Status

    public init(peer: String, type: String, duration: TimeInterval, result: Status) {
        self.peer = peer
        self.type = type
        self.duration = duration
        self.result = result
    }
}
