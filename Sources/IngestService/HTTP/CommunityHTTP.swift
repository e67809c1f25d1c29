import HubHTTPServer

/// Small request and response helpers shared by the public handlers and a few operator ones.
enum CommunityHTTP {
    /// A query parameter that is present and not empty.
    static func nonEmptyQuery(_ request: HTTPRequest, _ name: String) -> String? {
        guard let value = request.query[name], !value.isEmpty else { return nil }
        return value
    }

    /// The `Idempotency-Key` header as sent (validated by `IngestStore.idempotent`).
    static func idempotencyKey(_ request: HTTPRequest) -> String? { request.headers["idempotency-key"] }

    /// A write's response, marked when it is the replay of an earlier request with the same key.
    static func written(_ result: (status: Int, body: [UInt8], replayed: Bool)) -> HTTPResponse {
        var response = HTTPResponse.jsonBytes(result.body, status: result.status)
        if result.replayed { response.headers.append(("Idempotency-Replayed", "true")) }
        return response
    }

    /// The stored outcome of a write: status, body, and whether it replayed an earlier one.
    typealias Written = (status: Int, body: [UInt8], replayed: Bool)
}
