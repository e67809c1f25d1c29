/// An error a handler throws to answer with a specific status and stable code. The server
/// renders it as `{"error":{"code","message","fields"?},"correlationId"}`.
public struct APIError: Error, Equatable {
    public let status: Int
    public let code: String
    public let message: String
    /// Per-field problems, e.g. `["title": ["too short"]]`; omitted from the body when nil.
    public var fields: [String: [String]]?
    /// Extra response headers, e.g. `Retry-After` or `Allow`.
    public var headers: [(String, String)]

    public init(status: Int, code: String, message: String, fields: [String: [String]]? = nil, headers: [(String, String)] = []) {
        self.status = status
        self.code = code
        self.message = message
        self.fields = fields
        self.headers = headers
    }

    public static func == (a: APIError, b: APIError) -> Bool {
        a.status == b.status && a.code == b.code && a.message == b.message && a.fields == b.fields
            && a.headers.map { $0.0 + ":" + $0.1 } == b.headers.map { $0.0 + ":" + $0.1 }
    }

    /// 404 with a resource-specific code such as `FEEDBACK_NOT_FOUND`.
    public static func notFound(_ code: String = "NOT_FOUND", _ message: String = "The requested resource was not found.") -> APIError {
        APIError(status: 404, code: code, message: message)
    }

    /// 400 `INVALID_JSON`.
    public static func invalidJSON(_ message: String = "The request body is not valid JSON.", fields: [String: [String]]? = nil) -> APIError
    {
        APIError(status: 400, code: "INVALID_JSON", message: message, fields: fields)
    }

    /// 415 `UNSUPPORTED_MEDIA_TYPE`.
    public static func unsupportedMediaType(_ message: String = "Content-Type must be application/json.") -> APIError {
        APIError(status: 415, code: "UNSUPPORTED_MEDIA_TYPE", message: message)
    }

    /// 413 `PAYLOAD_TOO_LARGE`.
    public static func payloadTooLarge(limit: Int) -> APIError {
        APIError(status: 413, code: "PAYLOAD_TOO_LARGE", message: "The request body exceeds the limit of \(limit) bytes.")
    }

    /// 405 `METHOD_NOT_ALLOWED` with an `Allow` header listing `allowed`.
    public static func methodNotAllowed(allowed: [String]) -> APIError {
        APIError(
            status: 405, code: "METHOD_NOT_ALLOWED", message: "Method not allowed for this resource.",
            headers: [("Allow", allowed.joined(separator: ", "))])
    }

    /// 400 `VALIDATION_FAILED` with per-field messages.
    public static func validation(fields: [String: [String]], message: String = "The request is invalid.") -> APIError {
        APIError(status: 400, code: "VALIDATION_FAILED", message: message, fields: fields)
    }

    /// 429 `RATE_LIMITED` with `Retry-After` in whole seconds.
    public static func rateLimited(retryAfter: Int) -> APIError {
        APIError(
            status: 429, code: "RATE_LIMITED", message: "Too many requests; retry later.",
            headers: [("Retry-After", String(max(retryAfter, 0)))])
    }

    /// 503 `SERVICE_UNAVAILABLE` with `Retry-After` in whole seconds.
    public static func unavailable(retryAfter: Int) -> APIError {
        APIError(
            status: 503, code: "SERVICE_UNAVAILABLE", message: "The service is temporarily unavailable.",
            headers: [("Retry-After", String(max(retryAfter, 0)))])
    }

    /// 500 `INTERNAL`; the message is generic on purpose, details go to the log.
    public static func `internal`(_ message: String = "An internal error occurred.") -> APIError {
        APIError(status: 500, code: "INTERNAL", message: message)
    }
}
