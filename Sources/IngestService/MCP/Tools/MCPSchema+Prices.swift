/// Result shapes the price tools share (docs/pricing.md): Apple's priced products and a
/// territory's proposal with its current price, every member present and null where unknown.
extension MCPSchema {
    static let territory = string("A territory, ISO 3166 alpha-3 (USA).", minLength: 3, maxLength: 3)

    static let pricedProduct = object(
        [
            ("id", string("Apple's ID of the product (product_id).")),
            ("kind", string("What it is.", enum: ["subscription", "in_app_purchase"])),
            ("productId", string("The product identifier in the app.", nullable: true)),
            ("name", string("Its reference name.", nullable: true)),
        ], required: ["id", "kind", "productId", "name"])

    /// A price point of Apple's in a territory, in local currency.
    static let pricePoint = object(
        [
            ("id", string("Apple's price point ID.")),
            ("customerPrice", number("What the customer pays, local currency.")),
            ("proceeds", number("What the developer receives; null when Apple gave none.", nullable: true)),
        ], required: ["id", "customerPrice", "proceeds"])

    /// Apple's point for a territory now.
    static let currentPrice = nullable(
        object(
            [
                ("pointId", string("Apple's current price point ID.")),
                ("customerPrice", number("Its customer price; null when Apple gave none.", nullable: true)),
            ], required: ["pointId", "customerPrice"], description: "Apple's price now; null when it has none here (or not read)."))

    static let priceProposal = object(
        [
            ("territory", territory),
            ("currency", string("The local currency; null when the dataset has none.", nullable: true)),
            (
                "status",
                string("proposed, or why there is no point.", enum: ["proposed", "needs_manual_price", "no_data", "no_price_point"])
            ),
            (
                "method",
                string("Where the number came from.", enum: ["base", "purchasing_power", "match_fx", "pinned", "locked", "csv_import"])
            ),
            ("target", number("The unrounded local target; null when there is none.", nullable: true)),
            ("point", nullable(pricePoint)),
            ("current", currentPrice),
            ("sourceDate", string("The dataset release the target came from; null when none.", nullable: true)),
            ("viaEuroArea", boolean("Whether the euro-area figure stood in for the territory.")),
            ("adjustments", array(string("An adjustment, in order applied."), "Multiplier and floors applied.")),
        ],
        required: [
            "territory", "currency", "status", "method", "target", "point", "current", "sourceDate", "viaEuroArea", "adjustments",
        ])
}
