import Foundation

/// An IPv4 or IPv6 address or CIDR range (`10.0.0.0/8`, `127.0.0.1`, `fd00::/8`), compared as
/// 16 bytes with IPv4 mapped into `::ffff:0:0/96`, so `127.0.0.1` and `::ffff:127.0.0.1` are
/// one address.
public struct IPAddressRange: Equatable, Sendable, CustomStringConvertible {
    let network: [UInt8]
    let prefixLength: Int
    public let description: String

    /// Parses `address` or `address/prefix`; nil when either part is not valid.
    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.utf8.count <= 64 else { return nil }
        let parts = trimmed.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let (bytes, isV4) = IPAddressRange.parse(String(parts[0])) else { return nil }
        var length = 128
        if parts.count == 2 {
            guard parts[1].utf8.count <= 3, let given = Int(parts[1]), given >= 0, given <= (isV4 ? 32 : 128) else { return nil }
            length = isV4 ? given + 96 : given
        }
        prefixLength = length
        network = IPAddressRange.masked(bytes, length)
        description = trimmed
    }

    func contains(bytes: [UInt8]) -> Bool { IPAddressRange.masked(bytes, prefixLength) == network }

    /// The 16-byte form of an address and whether it was written as IPv4.
    static func parse(_ text: String) -> ([UInt8], Bool)? {
        guard !text.isEmpty, text.utf8.count <= 45 else { return nil }
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            let raw = withUnsafeBytes(of: v4.s_addr) { Array($0) }
            return ([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff] + raw, true)
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            return (withUnsafeBytes(of: v6) { Array($0) }, false)
        }
        return nil
    }

    private static func masked(_ bytes: [UInt8], _ length: Int) -> [UInt8] {
        var out = bytes
        for i in 0..<16 {
            let keep = max(0, min(8, length - i * 8))
            out[i] &= keep == 8 ? 0xff : UInt8(truncatingIfNeeded: 0xff << (8 - keep))
        }
        return out
    }
}
