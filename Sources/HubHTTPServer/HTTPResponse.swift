import Foundation
import HubRuntime

/// What a handler answers. The server adds `X-Correlation-Id` to every response.
public struct HTTPResponse {
    public var status: Int
    public var headers: [(String, String)]
    public var body: [UInt8]
    /// Set when the response could not be built (e.g. encoding failed); the server then
    /// renders this error with the request's correlation ID instead.
    var deferredError: APIError?

    public init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// `value` encoded with `JSONEncoder` (slashes unescaped), or written by the value itself
    /// when it can (`JSONWritable`: the same members and values). Not for hot static routes:
    /// encode once and use `jsonBytes` there.
    public static func json<T: Encodable>(_ value: T, status: Int = 200) -> HTTPResponse {
        if let own = value as? JSONWritable {
            var out = JSONBuffer()
            own.writeJSON(to: &out)
            return jsonBytes(out.bytes, status: status)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        do {
            return jsonBytes(Array(try encoder.encode(value)), status: status)
        } catch {
            var failed = HTTPResponse(status: 500)
            failed.deferredError = .internal()
            return failed
        }
    }

    /// Already-encoded JSON.
    public static func jsonBytes(_ bytes: [UInt8], status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json")], body: bytes)
    }

    public static func text(_ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8") -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", contentType)], body: Array(text.utf8))
    }

    /// 204 with no body.
    public static let noContent = HTTPResponse(status: 204)

    /// The first value of a header, compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { HTTPHeaders.equalsIgnoringASCIICase($0.0, name) }?.1
    }
}
