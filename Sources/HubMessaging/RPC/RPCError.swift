/// The error half of a reply, and every way a call can fail. Codes are stable strings;
/// `status` is the HTTP status a caller should answer with, `fields` per-field problems.
///
/// Handlers throw their own application errors (`RPCError(code: "NOT_FOUND", message: …,
/// status: 404)`), which reach the caller verbatim. The codes below belong to the transport.
public struct RPCError: Error, Codable, Equatable, Sendable {
    public var code: String
    public var message: String
    public var status: Int?
    public var fields: [String: [String]]?

    public init(code: String, message: String, status: Int? = nil, fields: [String: [String]]? = nil) {
        self.code = code
        self.message = message
        self.status = status
        self.fields = fields
    }

    /// The `fields` key by which a daemon asks the caller to wait: its value is the seconds an
    /// HTTP client should be told in `Retry-After`.
    public static let retryAfterField = "retryAfter"

    /// Transport error codes.
    public enum Code {
        /// The server has no handler for the message type.
        public static let unknownType = "UNKNOWN_TYPE"
        /// The server knows the type at another version.
        public static let unsupportedVersion = "UNSUPPORTED_VERSION"
        /// Not JSON, a required envelope field missing, or a body that does not decode.
        public static let malformedMessage = "MALFORMED_MESSAGE"
        /// The server read the request after its deadline and did not run the handler.
        public static let deadlineExceeded = "DEADLINE_EXCEEDED"
        /// The caller got no reply before the deadline.
        public static let timeout = "RPC_TIMEOUT"
        /// The caller could not send (no connected peer, queue full) or the client closed.
        public static let peerUnavailable = "PEER_UNAVAILABLE"
        /// The handler failed with something other than an `RPCError`.
        public static let `internal` = "INTERNAL"
    }

    public static func unknownType(_ type: String) -> RPCError {
        RPCError(code: Code.unknownType, message: "unknown message type \"\(type)\"", status: 500)
    }

    public static func unsupportedVersion(_ type: String, got: Int, supported: Int) -> RPCError {
        RPCError(
            code: Code.unsupportedVersion,
            message: "\(type) version \(got) is not supported (server speaks \(supported))", status: 500)
    }

    public static func malformedMessage(_ reason: String) -> RPCError {
        RPCError(code: Code.malformedMessage, message: reason, status: 500)
    }

    public static func deadlineExceeded(_ type: String) -> RPCError {
        RPCError(code: Code.deadlineExceeded, message: "\(type) arrived after its deadline", status: 503)
    }

    public static func timeout(_ peer: String, _ type: String) -> RPCError {
        RPCError(code: Code.timeout, message: "\(peer) did not answer \(type) in time", status: 503)
    }

    public static func peerUnavailable(_ peer: String, _ reason: String) -> RPCError {
        RPCError(code: Code.peerUnavailable, message: "\(peer) unavailable: \(reason)", status: 503)
    }

    public static func `internal`(_ message: String = "internal error") -> RPCError {
        RPCError(code: Code.internal, message: message, status: 500)
    }

    private enum CodingKeys: String, CodingKey { case code, message, status, fields }

    // Absent status and fields are written as null so every error reply has the same shape.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(code, forKey: .code)
        try c.encode(message, forKey: .message)
        if let status { try c.encode(status, forKey: .status) } else { try c.encodeNil(forKey: .status) }
        if let fields { try c.encode(fields, forKey: .fields) } else { try c.encodeNil(forKey: .fields) }
    }
}
