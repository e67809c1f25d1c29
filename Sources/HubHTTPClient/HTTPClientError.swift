/// Why a request got no HTTP response. An HTTP error status is a response, not one of these.
public enum HTTPClientError: Error, Equatable, CustomStringConvertible {
    /// No usable connection: refused, unresolvable host, or the connect timeout elapsed.
    case couldNotConnect(String)
    /// Connected, but the whole exchange did not finish within the total timeout.
    case timedOut
    /// TLS handshake or certificate verification failed, or the CA file could not be used.
    case tls(String)
    /// The response body is longer than the configured cap; the transfer was cut off.
    case responseTooLarge(limit: Int)
    case invalidURL(String)
    /// Any other libcurl failure, with libcurl's code and message.
    case transport(code: Int, message: String)

    /// A stable code for logs and error replies.
    public var code: String {
        switch self {
        case .couldNotConnect: return "HTTP_COULD_NOT_CONNECT"
        case .timedOut: return "HTTP_TIMED_OUT"
        case .tls: return "HTTP_TLS"
        case .responseTooLarge: return "HTTP_RESPONSE_TOO_LARGE"
        case .invalidURL: return "HTTP_INVALID_URL"
        case .transport: return "HTTP_TRANSPORT"
        }
    }

    public var description: String {
        switch self {
        case .couldNotConnect(let m): return "\(code): \(m)"
        case .timedOut: return code
        case .tls(let m): return "\(code): \(m)"
        case .responseTooLarge(let limit): return "\(code): over \(limit) bytes"
        case .invalidURL(let m): return "\(code): \(m)"
        case .transport(let c, let m): return "\(code) (\(c)): \(m)"
        }
    }
}
