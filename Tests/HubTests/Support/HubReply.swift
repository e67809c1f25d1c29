import Foundation

@testable import HubHTTPClient

/// What the hub answered, read the way the tests read it: the status, the headers, the body as
/// text or as a JSON object, and the error envelope's `code` and `fields` (docs/http-conventions.md).
struct HubReply {
    let status: Int
    /// Names lowercased, as received.
    let headers: [(String, String)]
    let body: [UInt8]

    init(_ response: HTTPClientResponse) {
        status = response.status
        headers = response.headers
        body = response.body
    }

    var text: String { String(decoding: body, as: UTF8.self) }

    /// The body as a JSON object; empty for any other body, so a failed call fails the
    /// assertion on what it should have held.
    var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:] }

    /// The `items` of a page.
    var items: [[String: Any]] { json["items"] as? [[String: Any]] ?? [] }

    var code: String? { (json["error"] as? [String: Any])?["code"] as? String }

    /// The fields an error names with their messages; empty when it names none.
    var fields: [String: [String]] { (json["error"] as? [String: Any])?["fields"] as? [String: [String]] ?? [:] }

    func header(_ name: String) -> String? { headers.first { $0.0 == name.lowercased() }?.1 }

    /// The body decoded as the SDK decodes it.
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try JSONDecoder().decode(type, from: Data(body)) }
}
