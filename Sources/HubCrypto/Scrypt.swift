import CLibCrypto

/// scrypt (RFC 7914) through libcrypto's `EVP_PBE_scrypt`, which takes fixed arguments and so
/// imports without a shim.
public enum Scrypt {
    /// The cost an input must stay within: a stored hash is read back from the database, and a
    /// damaged or hostile one must not make a verification allocate gigabytes or run for minutes.
    public static let maxLog2N = 20
    public static let maxR: UInt64 = 32
    public static let maxP: UInt64 = 16

    /// The bytes scrypt needs for these parameters, as libcrypto counts them: the `p` blocks of
    /// `128·r` bytes plus the `N + 2` blocks of `V`. libcrypto refuses any `maxmem` below it, so
    /// N=2^15, r=8 needs a little more than the 32 MiB of N·r·128.
    public static func memory(n: UInt64, r: UInt64, p: UInt64) -> UInt64 { 128 * r * (n + 2) + 128 * r * p }

    /// The `length`-byte key of `password` and `salt`; nil for parameters outside the bounds
    /// above (N not a power of two, or too costly) or when libcrypto refuses.
    public static func derive(password: [UInt8], salt: [UInt8], n: UInt64, r: UInt64, p: UInt64, length: Int) -> [UInt8]? {
        guard n > 1, n & (n - 1) == 0, n <= 1 << UInt64(maxLog2N), (1...maxR).contains(r), (1...maxP).contains(p),
            (1...1024).contains(length)
        else { return nil }
        var key = [UInt8](repeating: 0, count: length)
        let ok = CBuffer.with(password) { passwordPointer, passwordCount in
            CBuffer.with(salt) { saltPointer, saltCount in
                key.withUnsafeMutableBufferPointer { out in
                    passwordPointer.withMemoryRebound(to: CChar.self, capacity: max(passwordCount, 1)) { pass in
                        EVP_PBE_scrypt(
                            pass, passwordCount, saltPointer, saltCount, n, r, p, memory(n: n, r: r, p: p),
                            out.baseAddress, length)
                    }
                }
            }
        }
        return ok == 1 ? key : nil
    }
}
