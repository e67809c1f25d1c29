import HubRuntime

extension APIError {
    /// The one place an error becomes a response body; keys of `fields` are sorted so the
    /// output is stable.
    public func response(correlationId: String) -> HTTPResponse {
        var out = "{\"error\":{\"code\":"
        JSONText.appendString(code, to: &out)
        out += ",\"message\":"
        JSONText.appendString(message, to: &out)
        if let fields {
            out += ",\"fields\":{"
            for (i, key) in fields.keys.sorted().enumerated() {
                if i > 0 { out += "," }
                JSONText.appendString(key, to: &out)
                out += ":["
                for (j, problem) in (fields[key] ?? []).enumerated() {
                    if j > 0 { out += "," }
                    JSONText.appendString(problem, to: &out)
                }
                out += "]"
            }
            out += "}"
        }
        out += "},\"correlationId\":"
        JSONText.appendString(correlationId, to: &out)
        out += "}"
        var response = HTTPResponse.jsonBytes(Array(out.utf8), status: status)
        response.headers.append(contentsOf: headers)
        return response
    }
}
