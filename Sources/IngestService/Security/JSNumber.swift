/// Numbers printed as ECMAScript's Number::toString does (what `JSON.stringify` writes):
/// the shortest digits that round-trip, in plain notation for exponents from -7 to 20 and
/// `1e+21` style beyond. Swift's `description` gives the same shortest digits.
enum JSNumber {
    static func format(_ value: Double) -> String {
        if value == 0 { return "0" }
        if value < 0 { return "-" + format(-value) }
        // Split Swift's shortest representation into digits and a decimal exponent n such
        // that value = 0.d1d2…dk × 10^n.
        let text = value.description
        var mantissa = Substring(text)
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = text[..<e]
            exponent = Int(text[text.index(after: e)...].replacingOccurrences(of: "+", with: "")) ?? 0
        }
        var digits = ""
        var pointAt = mantissa.count
        for (i, c) in mantissa.enumerated() {
            if c == "." { pointAt = i } else { digits.append(c) }
        }
        var n = pointAt + exponent
        while digits.hasPrefix("0") && digits.count > 1 {
            digits.removeFirst()
            n -= 1
        }
        while digits.hasSuffix("0") && digits.count > 1 { digits.removeLast() }
        let k = digits.count
        if k <= n && n <= 21 { return digits + String(repeating: "0", count: n - k) }
        if 0 < n && n <= 21 {
            let i = digits.index(digits.startIndex, offsetBy: n)
            return String(digits[..<i]) + "." + String(digits[i...])
        }
        if -6 < n && n <= 0 { return "0." + String(repeating: "0", count: -n) + digits }
        let e = n - 1
        let sign = e < 0 ? "-" : "+"
        let head = String(digits.first!)
        let tail = digits.dropFirst()
        return head + (tail.isEmpty ? "" : "." + tail) + "e" + sign + String(abs(e))
    }
}
