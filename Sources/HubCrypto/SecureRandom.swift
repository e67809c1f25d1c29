import CLibCrypto

/// Bytes from libcrypto's CSPRNG.
public enum SecureRandom {
    /// `count` random bytes. A generator failure stops the process: continuing would hand out
    /// predictable nonces and tokens.
    public static func bytes(_ count: Int) -> [UInt8] {
        precondition(count >= 0 && count <= Int(Int32.max), "invalid random byte count")
        guard count > 0 else { return [] }
        var out = [UInt8](repeating: 0, count: count)
        let ok = out.withUnsafeMutableBufferPointer { RAND_bytes($0.baseAddress, Int32(count)) }
        guard ok == 1 else { fatalError("RAND_bytes failed: the random generator is unusable") }
        return out
    }

    /// An unpadded base64url token of `byteCount` random bytes.
    public static func token(byteCount: Int) -> String { Base64URL.encode(bytes(byteCount)) }
}
