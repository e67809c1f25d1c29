/// `limit` and `offset` of a market list (`MCPSchema.pageArguments`: default 25, at most 50;
/// offset at most 100,000) and the page they cut from a list read whole.
struct MCPPage: Sendable {
    let limit: Int
    let offset: Int

    init(_ arguments: MCPArguments) {
        limit = arguments.int("limit", default: 25)
        offset = arguments.int("offset", default: 0)
    }

    /// `items` and `nextOffset` (null when nothing follows) of `all`.
    func cut(_ all: [MCPJSON]) -> [(String, MCPJSON)] {
        let start = min(offset, all.count)
        let end = min(start + limit, all.count)
        return [("items", .array(Array(all[start..<end]))), ("nextOffset", end < all.count ? .int(end) : .null)]
    }
}
