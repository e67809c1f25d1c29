import Foundation

/// Pieces the report and idea pages share: times as people read them, links that carry
/// query values, and the hint under a field with a length limit.
public enum FeedbackPageParts {
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `2026-11-30T09:15:02.123Z` as `30 Nov 2026, 09:15 UTC`, machine-readable in `datetime`.
    /// Anything else is shown as it came, rather than guessed at.
    static func when(_ iso: String) -> HTML {
        element("time", Attribute("datetime", iso), .title(iso)) { readable(iso) }
    }

    static func readable(_ iso: String) -> String {
        let bytes = Array(iso.utf8)
        guard bytes.count >= 16, bytes[4] == 45, bytes[7] == 45, bytes[10] == 84, bytes[13] == 58,
            let month = Int(String(decoding: bytes[5..<7], as: UTF8.self)), (1...12).contains(month),
            let day = Int(String(decoding: bytes[8..<10], as: UTF8.self))
        else { return iso }
        let year = String(decoding: bytes[0..<4], as: UTF8.self)
        let time = String(decoding: bytes[11..<16], as: UTF8.self)
        return "\(day) \(months[month - 1]) \(year), \(time) UTC"
    }

    /// `path?name=value&…` with each name and value percent-encoded; empty values are left out
    /// so a cleared filter does not linger in the address.
    public static func href(_ path: String, _ items: [(String, String?)]) -> String {
        let pairs = items.compactMap { name, value -> String? in
            guard let value, !value.isEmpty else { return nil }
            return encode(name) + "=" + encode(value)
        }
        return pairs.isEmpty ? path : path + "?" + pairs.joined(separator: "&")
    }

    /// Only unreserved characters stay as they are; `+`, `&`, `=` and spaces are escaped, so a
    /// value reads back exactly through the form decoder.
    public static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// The hint under a text field: its limit in words, tied to the field for screen readers.
    static func hint(_ id: String, _ text: String) -> HTML {
        element("div", .class("hint"), .id(id)) { text }
    }

    /// A number with thousands separators, as the limits are written in the docs (`5,000`).
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return number < 0 ? "-" + out : out
    }
}
