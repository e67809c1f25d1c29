/// Checks a value against the JSON Schema keywords `MCPSchema` writes: `type` (one or a list),
/// `properties`, `required`, `additionalProperties: false`, `enum`, `minimum`, `maximum`,
/// `minLength`, `maxLength` (in characters), `items`, `minItems`, `maxItems`. A problem is
/// named by its path (`arguments.note`), so the agent can correct the argument it sent.
enum MCPSchemaValidator {
    /// Every problem of `value`, empty when it conforms.
    static func problems(_ value: MCPJSON, _ schema: MCPJSON, at path: String = "arguments") -> [String] {
        var out: [String] = []
        check(value, schema, path, &out)
        return out
    }

    private static func check(_ value: MCPJSON, _ schema: MCPJSON, _ path: String, _ out: inout [String]) {
        if let type = schema["type"] {
            let allowed = (type.array ?? [type]).compactMap(\.string)
            guard allowed.contains(where: { matches(value, type: $0) }) else {
                out.append("\(path) must be \(allowed.joined(separator: " or "))")
                return
            }
        }
        if let choices = schema["enum"]?.array, !choices.contains(value) {
            out.append("\(path) must be one of " + choices.map(\.text).joined(separator: ", "))
        }
        switch value {
        case .int, .double:
            let number = value.number ?? 0
            if let minimum = schema["minimum"]?.number, number < minimum {
                out.append("\(path) must be at least \(schema["minimum"]!.text)")
            }
            if let maximum = schema["maximum"]?.number, number > maximum {
                out.append("\(path) must be at most \(schema["maximum"]!.text)")
            }
        case .string(let s):
            if let min = schema["minLength"]?.int, s.count < min { out.append("\(path) must be at least \(min) characters") }
            if let max = schema["maxLength"]?.int, s.count > max { out.append("\(path) must be at most \(max) characters") }
        case .array(let items):
            if let min = schema["minItems"]?.int, items.count < min { out.append("\(path) must have at least \(min) items") }
            if let max = schema["maxItems"]?.int, items.count > max { out.append("\(path) must have at most \(max) items") }
            if let itemSchema = schema["items"] {
                for (i, item) in items.enumerated() { check(item, itemSchema, "\(path)[\(i)]", &out) }
            }
        case .object(let members):
            let properties = schema["properties"]?.members ?? []
            for name in schema["required"]?.array?.compactMap(\.string) ?? [] where !members.contains(where: { $0.0 == name }) {
                out.append("\(path).\(name) is required")
            }
            for (name, member) in members {
                if let property = properties.first(where: { $0.0 == name }) {
                    check(member, property.1, "\(path).\(name)", &out)
                } else if schema["additionalProperties"] == .bool(false) {
                    out.append("\(path).\(name) is not an argument of this tool")
                }
            }
        default: break
        }
    }

    private static func matches(_ value: MCPJSON, type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object): return true
        case ("number", .int), ("number", .double): return true
        case ("integer", _): return value.int != nil && value.bool == nil
        default: return false
        }
    }
}
