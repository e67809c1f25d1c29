/// The ISO-8601 durations of a paywall's products (`P1M`, `P7D`, `P0D`) in words.
enum PaywallPeriod {
    /// `month`, `3 months`, `week`…; nil for `P0D` (a one-time purchase) and anything unreadable.
    static func span(_ iso: String) -> (count: Int, unit: String)? {
        let text = iso.uppercased()
        guard text.hasPrefix("P"), text.count >= 3, let unit = text.last, let count = Int(text.dropFirst().dropLast()), count > 0 else {
            return nil
        }
        switch unit {
        case "D": return (count, "day")
        case "W": return (count, "week")
        case "M": return (count, "month")
        case "Y": return (count, "year")
        default: return nil
        }
    }

    /// `$4.99 / month`, `$24.99 / 3 months`, `$9.99 one-time`, with `, 7-day trial` when there is one.
    static func product(_ product: ConversationPaywalls.Product) -> String {
        var text: String
        if let span = span(product.period) {
            text = product.price + " / " + (span.count == 1 ? span.unit : "\(span.count) \(span.unit)s")
        } else if product.period.uppercased() == "P0D" {
            text = product.price + " one-time"
        } else {
            text = product.price + " / " + product.period
        }
        if let trial = product.trial {
            if let span = span(trial) { text += ", \(span.count)-\(span.unit) trial" } else { text += ", trial " + trial }
        }
        return text
    }
}
