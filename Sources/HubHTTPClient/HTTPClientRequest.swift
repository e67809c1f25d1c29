import Foundation

/// One outbound HTTP request.
public struct HTTPClientRequest: Sendable {
    /// `GET`, `POST`, `PUT`, `DELETE`, `HEAD`, …
    public var method: String
    /// An absolute `http://` or `https://` URL.
    public var url: String
    /// Sent in order; a name given here replaces the header the client would add itself.
    public var headers: [(String, String)]
    public var body: [UInt8]?
    /// Overrides `HTTPClientOptions.totalTimeout` for this request.
    public var timeout: TimeInterval?

    public init(
        method: String = "GET", url: String, headers: [(String, String)] = [],
        body: [UInt8]? = nil, timeout: TimeInterval? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }
}
