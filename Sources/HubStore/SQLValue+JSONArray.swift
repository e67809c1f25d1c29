import HubRuntime

extension SQLValue {
    /// A JSON array of strings as one bound value, for `x IN (SELECT value FROM json_each(?))`:
    /// one parameter however many values, so a long list never meets SQLite's variable limit.
    public static func jsonArray(_ values: [String]) -> SQLValue {
        var out = "["
        for (index, value) in values.enumerated() {
            if index > 0 { out += "," }
            JSONText.appendString(value, to: &out)
        }
        return .text(out + "]")
    }
}
