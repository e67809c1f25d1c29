/// One offering of a device's catalog, as the SDK's `AppNorthPaywall` sends it.
public struct ChatPaywall: Codable, Equatable, Sendable {
    public var id: String
    /// Team-only label.
    public var title: String
    public var source: String
    public var presentable: Bool
    public var available: Bool
    public var products: [ChatPaywallProduct]

    public init(
        id: String, title: String, source: String = "revenuecat", presentable: Bool, available: Bool = true,
        products: [ChatPaywallProduct] = []
    ) {
        self.id = id
        self.title = title
        self.source = source
        self.presentable = presentable
        self.available = available
        self.products = products
    }

    private enum CodingKeys: String, CodingKey { case id, title, source, presentable, available, products }

    // The SDK's initializer defaults these three, so a payload may leave them out.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        title = try c.decode(String.self, forKey: .title)
        source = try c.decodeIfPresent(String.self, forKey: .source) ?? "revenuecat"
        presentable = try c.decode(Bool.self, forKey: .presentable)
        available = try c.decodeIfPresent(Bool.self, forKey: .available) ?? true
        products = try c.decodeIfPresent([ChatPaywallProduct].self, forKey: .products) ?? []
    }
}
