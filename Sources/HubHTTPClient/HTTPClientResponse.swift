import Foundation

/// A complete response, body included (bounded by `HTTPClientOptions.maxResponseBytes`).
public struct HTTPClientResponse: Sendable {
    public let status: Int
    /// In the order received; names lowercased.
    public let headers: [(String, String)]
    public let body: [UInt8]
    public let httpVersion: HTTPVersion

    public init(status: Int, headers: [(String, String)], body: [UInt8], httpVersion: HTTPVersion) {
        self.status = status
        self.headers = headers
        self.body = body
        self.httpVersion = httpVersion
    }

    /// The first value of a header, the name matched case-insensitively.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.0 == wanted }?.1
    }

    /// The body decoded as JSON.
    public func decodeJSON<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        try JSONDecoder().decode(type, from: Data(body))
    }
}
