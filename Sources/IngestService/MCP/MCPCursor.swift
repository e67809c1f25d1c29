import HubCrypto

/// The opaque cursor of `tools/list` and `prompts/list`: the position of the next page in one
/// list, bound to that list so a prompts cursor is no tools cursor. The lists are fixed for a
/// build, so a position is enough.
struct MCPCursor: Equatable {
    let list: String
    let offset: Int

    var text: String { Base64URL.encode(Array("mcp|\(list)|\(offset)".utf8)) }

    /// The cursor in `text` when it is one of `list`'s within `count` items; nil otherwise.
    static func parse(_ text: String, list: String, count: Int) -> MCPCursor? {
        guard text.utf8.count <= 64, let bytes = Base64URL.decode(text), let decoded = String(bytes: bytes, encoding: .utf8) else {
            return nil
        }
        let parts = decoded.split(separator: "|", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "mcp", parts[1] == list, let offset = Int(parts[2]), (1..<max(1, count)).contains(offset)
        else { return nil }
        return MCPCursor(list: list, offset: offset)
    }
}
