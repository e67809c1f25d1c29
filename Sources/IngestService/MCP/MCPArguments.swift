/// A tool's arguments after `inputSchema` accepted them, read with the schema's defaults.
struct MCPArguments: Sendable {
    let value: MCPJSON

    init(_ value: MCPJSON) { self.value = value }

    subscript(name: String) -> MCPJSON? {
        guard let member = value[name], member != .null else { return nil }
        return member
    }

    func string(_ name: String) -> String? { self[name]?.string }
    func string(_ name: String, default fallback: String) -> String { self[name]?.string ?? fallback }
    func int(_ name: String) -> Int? { self[name]?.int }
    func int(_ name: String, default fallback: Int) -> Int { self[name]?.int ?? fallback }
    func bool(_ name: String, default fallback: Bool) -> Bool { self[name]?.bool ?? fallback }

    /// Whether the argument was sent at all (even as null).
    func has(_ name: String) -> Bool { value[name] != nil }
}
