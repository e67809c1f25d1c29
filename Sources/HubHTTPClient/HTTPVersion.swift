/// The HTTP version a response actually came over.
public enum HTTPVersion: String, Sendable, Equatable {
    case http11 = "HTTP/1.1"
    case http2 = "HTTP/2"
}
