import CLibCrypto

/// Comparisons whose duration does not depend on where secret bytes differ.
public enum ConstantTime {
    /// Equal length and equal bytes; a length mismatch answers at once, which reveals only the
    /// length (a MAC's length is public anyway).
    public static func equals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        guard !a.isEmpty else { return true }
        return a.withUnsafeBytes { pa in
            b.withUnsafeBytes { pb in CRYPTO_memcmp(pa.baseAddress, pb.baseAddress, a.count) == 0 }
        }
    }
}
