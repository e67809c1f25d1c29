import Foundation

extension StringProtocol where UTF8View: BidirectionalCollection {
    /// `trimmingCharacters(in: .whitespacesAndNewlines)`, answered without Foundation when the
    /// text starts and ends with a printable ASCII character (every field of a request
    /// validated on the hot paths, nearly always): Foundation's version bridges to NSString
    /// and costs tens of microseconds a call.
    public func trimmingWhitespace() -> String {
        guard let first = utf8.first, let last = utf8.last, Self.isPrintableASCII(first), Self.isPrintableASCII(last) else {
            return isEmpty ? "" : trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return String(self)
    }

    /// `trimmingCharacters(in: .whitespaces)` with the same shortcut.
    public func trimmingSpaces() -> String {
        guard let first = utf8.first, let last = utf8.last, Self.isPrintableASCII(first), Self.isPrintableASCII(last) else {
            return isEmpty ? "" : trimmingCharacters(in: .whitespaces)
        }
        return String(self)
    }

    private static func isPrintableASCII(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }
}
