import Dashboard
import Foundation
import HubHTTPServer

/// The preview form read into the operator route's body: territory lists and `TERRITORY=value`
/// pairs typed one per line or separated by commas. Each text is bounded before it is split, and
/// split in one pass; a pair that does not read is refused by its line.
enum PriceForm {
    static let maximumTextBytes = 8 * 1024
    static let maximumPairs = 200

    static func body(_ form: FormFields) throws -> AdminPricesHandler.PreviewBody {
        var errors = FieldErrors()
        var productId = form["productId"]
        var kind = form["kind"]
        // The picker's value is `kind:id`.
        if let product = form["product"], let colon = product.firstIndex(of: ":") {
            kind = String(product[..<colon])
            productId = String(product[product.index(after: colon)...])
        }
        let territories = list(form["territories"] ?? "", "territories", &errors).map { $0.uppercased() }
        let basePrice = decimal(form["basePrice"], "basePrice", &errors)
        let share = decimal(form["minimumShareOfBase"], "minimumShareOfBase", &errors)
        func numbers(_ name: String) -> [String: Decimal] {
            pairs(form.raw(name) ?? "", name, &errors).reduce(into: [:]) { out, pair in
                if let value = Decimal(string: pair.value, locale: Locale(identifier: "en_US_POSIX")), !pair.value.isEmpty {
                    out[pair.key] = value
                } else {
                    errors.add(
                        name, "line \(pair.line): \(pair.value.isEmpty ? "a number is missing" : "\"\(pair.value)\" is not a number")")
                }
            }
        }
        let multipliers = numbers("multipliers")
        let floors = numbers("floors")
        let pinned = pairs(form.raw("pinned") ?? "", "pinned", &errors).reduce(into: [String: String]()) { $0[$1.key] = $1.value }
        let locked = pairs(form.raw("locked") ?? "", "locked", &errors).reduce(into: [String: String]()) { $0[$1.key] = $1.value }
        try errors.throwIfAny()
        return AdminPricesHandler.PreviewBody(
            productId: productId, kind: kind, territories: territories.isEmpty ? nil : territories, strategy: form["strategy"],
            rounding: form["rounding"], basePrice: basePrice, multipliers: multipliers, floors: floors, minimumShareOfBase: share,
            pinned: pinned, locked: locked)
    }

    private static func decimal(_ text: String?, _ field: String, _ errors: inout FieldErrors) -> Decimal? {
        guard let text else { return nil }
        guard text.utf8.count <= 32, let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), value > 0 else {
            errors.add(field, "must be a positive number, e.g. 4.99")
            return nil
        }
        return value
    }

    private static func list(_ text: String, _ field: String, _ errors: inout FieldErrors) -> [String] {
        guard text.utf8.count <= maximumTextBytes else {
            errors.add(field, "is longer than \(maximumTextBytes) bytes")
            return []
        }
        return text.split { $0 == "," || $0 == ";" || $0.isNewline || $0 == " " }.map(String.init)
    }

    /// `KEY=value` entries with their line (1-based, counting entries as typed).
    static func pairs(_ text: String, _ field: String, _ errors: inout FieldErrors) -> [(key: String, value: String, line: Int)] {
        guard text.utf8.count <= maximumTextBytes else {
            errors.add(field, "is longer than \(maximumTextBytes) bytes")
            return []
        }
        let entries = text.split { $0 == "," || $0 == ";" || $0.isNewline }.map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        guard entries.count <= maximumPairs else {
            errors.add(field, "has more than \(maximumPairs) entries")
            return []
        }
        var out: [(String, String, Int)] = []
        for (index, entry) in entries.enumerated() {
            let parts = entry.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = parts[0].trimmingCharacters(in: .whitespaces).uppercased()
            guard parts.count == 2, key.count == 3, key.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                errors.add(field, "line \(index + 1): write TERRITORY=value, e.g. TUR=0.8")
                continue
            }
            out.append((key, parts[1].trimmingCharacters(in: .whitespaces), index + 1))
        }
        return out
    }
}
