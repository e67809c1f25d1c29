import Foundation

/// Protocol constants of the request/reply layer, in one place.
public enum RPCDefaults {
    /// How long the server blocks in one poll; bounds how late `stop()` notices.
    public static let serverPollMilliseconds = 50
    /// Largest message either side accepts (`ZMQ_MAXMSGSIZE`); bigger ones drop the connection.
    public static let maxMessageBytes: Int64 = 16 << 20
    /// Queue bound per socket and direction (`ZMQ_SNDHWM`, `ZMQ_RCVHWM`).
    public static let highWaterMark: Int32 = 10_000
    /// How long a closing server socket keeps trying to deliver replies already sent.
    public static let serverLingerMilliseconds: Int32 = 500
    /// Calls a client keeps in flight at once; more fail fast with `PEER_UNAVAILABLE`.
    public static let maxPendingCalls = 10_000
    /// How long a call may wait for the socket to have a connected peer before it fails
    /// with `PEER_UNAVAILABLE`. Covers the handshake right after a (re)connect; a peer that
    /// is down fails this fast instead of taking the whole deadline.
    public static let connectGrace: TimeInterval = 0.25
    /// Extra time a blocking `call` waits past its timeout before giving up on the I/O thread.
    public static let blockingCallGrace: TimeInterval = 5
}
