/// One page of a list: `{"items":[…],"nextCursor":"…"|null}`.
struct AdminPage<Item: Encodable>: Encodable {
    let items: [Item]
    let nextCursor: String?

    private enum Keys: String, CodingKey { case items, nextCursor }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(items, forKey: .items)
        try c.encode(nextCursor, forKey: .nextCursor)
    }
}
