import HubRuntime

/// Hand-written JSON for result lists: the Explorer's cache hits render one per request.
extension ASOSearchResult {
    /// The same text `JSONEncoder` gives (same keys, order and nulls), without its per-field cost.
    public static func jsonArray(_ results: [ASOSearchResult]) -> String {
        var out = "["
        out.reserveCapacity(2 + results.count * 360)
        for (i, item) in results.enumerated() {
            if i > 0 { out += "," }
            out += "{\"rank\":\(item.rank),\"adamId\":"
            JSONText.appendString(item.adamId, to: &out)
            field("name", item.name, &out)
            field("sellerName", item.sellerName, &out)
            field("bundleId", item.bundleId, &out)
            out += ",\"rating\":" + (item.rating.map { "\($0)" } ?? "null")
            out += ",\"ratingCount\":" + (item.ratingCount.map { "\($0)" } ?? "null")
            field("releaseDate", item.releaseDate, &out)
            field("updatedAt", item.updatedAt, &out)
            out += ",\"price\":" + (item.price.map { "\($0)" } ?? "null")
            field("formattedPrice", item.formattedPrice, &out)
            field("currency", item.currency, &out)
            field("url", item.url, &out)
            out += item.own ? ",\"own\":true}" : ",\"own\":false}"
        }
        return out + "]"
    }

    private static func field(_ name: String, _ value: String?, _ out: inout String) {
        out += ",\"" + name + "\":"
        JSONText.appendOptional(value, to: &out)
    }
}
