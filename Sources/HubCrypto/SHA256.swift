import CLibCrypto

/// SHA-256 (FIPS 180-4) through libcrypto.
public enum SHA256 {
    /// Fetched once and shared (fetched algorithms are safe to use from many threads): the
    /// implicit fetch behind `EVP_sha256()` and `HMAC()` on every call cost more than hashing a
    /// short message.
    static let algorithm: OpaquePointer = {
        guard let md = EVP_MD_fetch(nil, "SHA256", nil) else { fatalError("libcrypto has no SHA-256") }
        return md
    }()

    /// The 32-byte digest.
    public static func hash(_ bytes: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        let ok = CBuffer.with(bytes) { pointer, count in
            digest.withUnsafeMutableBufferPointer { out in
                EVP_Digest(pointer, count, out.baseAddress, &length, algorithm, nil)
            }
        }
        guard ok == 1, length == 32 else { fatalError("libcrypto SHA-256 failed") }
        return digest
    }

    /// The digest of the UTF-8 bytes of `text`.
    public static func hash(_ text: String) -> [UInt8] { hash(Array(text.utf8)) }

    /// The digest as lowercase hex.
    public static func hex(_ bytes: [UInt8]) -> String { Hex.encode(hash(bytes)) }

    /// The digest of the UTF-8 bytes of `text` as lowercase hex.
    public static func hex(_ text: String) -> String { hex(Array(text.utf8)) }
}
