import Foundation

/// How a chart labels its values: plain counts, money in a currency, or ranks (`#3`).
public enum ChartValueFormat: Sendable, Equatable {
    case number
    case money(currency: String?)
    case rank

    /// A short label for an axis tick or a figure: 1,234 · 12.5K · 3.4M; money with its code.
    public func label(_ value: Double) -> String {
        switch self {
        case .rank: return "#" + String(Int(value.rounded()))
        case .number: return Self.compact(value)
        case .money(let currency): return (currency.map { $0 + " " } ?? "") + Self.compact(value)
        }
    }

    /// The full figure for a panel: grouped digits, up to two decimals.
    public func full(_ value: Double) -> String {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.numberStyle = .decimal
        formatter.usesGroupingSeparator = true
        formatter.groupingSeparator = ","
        formatter.maximumFractionDigits = value.rounded() == value ? 0 : 2
        formatter.minimumFractionDigits = value.rounded() == value ? 0 : 2
        let digits = formatter.string(from: NSNumber(value: value)) ?? String(value)
        switch self {
        case .rank: return "#" + digits
        case .number: return digits
        case .money(let currency): return (currency.map { $0 + " " } ?? "") + digits
        }
    }

    static func compact(_ value: Double) -> String {
        let magnitude = abs(value)
        func trimmed(_ scaled: Double, _ suffix: String) -> String {
            let text = String(format: "%.1f", scaled)
            return (text.hasSuffix(".0") ? String(text.dropLast(2)) : text) + suffix
        }
        if magnitude >= 1_000_000 { return trimmed(value / 1_000_000, "M") }
        if magnitude >= 10_000 { return trimmed(value / 1_000, "K") }
        if value.rounded() == value { return String(Int(value)) }
        return String(format: "%.2f", value)
    }
}
