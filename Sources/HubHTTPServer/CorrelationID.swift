import HubRuntime

/// Correlation IDs tie a response, its log lines and downstream calls together.
enum CorrelationID {
    static let headerName = "X-Correlation-Id"

    /// The caller's ID when it is 8–128 characters of `[A-Za-z0-9._:-]`, else a new one.
    static func accept(_ incoming: String?) -> String {
        if let incoming, isValid(incoming) { return incoming }
        return TimeSortableID.shared.next()
    }

    static func isValid(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard utf8.count >= 8, utf8.count <= 128 else { return false }
        for c in utf8 {
            switch c {
            case 48...57, 65...90, 97...122, 46, 95, 58, 45: continue
            default: return false
            }
        }
        return true
    }
}
