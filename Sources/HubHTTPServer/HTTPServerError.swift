/// Why an `HTTPServer` could not start.
public enum HTTPServerError: Error, Equatable, CustomStringConvertible {
    case invalidHost(String)
    case bindFailed(host: String, port: UInt16)
    case alreadyStarted

    public var code: String {
        switch self {
        case .invalidHost: return "HTTP_INVALID_HOST"
        case .bindFailed: return "HTTP_BIND_FAILED"
        case .alreadyStarted: return "HTTP_ALREADY_STARTED"
        }
    }

    public var description: String {
        switch self {
        case .invalidHost(let host): return "not an IPv4 address: \(host)"
        case .bindFailed(let host, let port): return "cannot listen on \(host):\(port)"
        case .alreadyStarted: return "the server is already running"
        }
    }
}
