import HubHTTPServer

/// The `cursor` and `limit` query parameters of a public page.
struct PageRequest {
    let limit: Int
    let cursor: String?

    /// `limit` defaults to 20 and is clamped to 1–50; a value that is not an integer is a
    /// field error (the caller throws 400 `INVALID_QUERY` with all of them).
    static func parse(_ request: HTTPRequest, _ errors: inout FieldErrors) -> PageRequest {
        var limit = InputLimits.defaultPageSize
        if let text = request.query["limit"], !text.isEmpty {
            if let value = Int(text) {
                limit = min(max(value, InputLimits.pageSize.lowerBound), InputLimits.pageSize.upperBound)
            } else {
                errors.add("limit", "must be an integer")
            }
        }
        let cursor = request.query["cursor"].flatMap { $0.isEmpty ? nil : $0 }
        return PageRequest(limit: limit, cursor: cursor)
    }
}
