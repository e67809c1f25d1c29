import CLibCrypto

/// Ed25519 signature verification (RFC 8032), as Discord signs its interaction requests.
public enum Ed25519 {
    /// A raw Ed25519 public key is 32 bytes (RFC 8032 §5.1.5).
    public static let publicKeyLength = 32
    /// A signature is `R || S`, 64 bytes (RFC 8032 §5.1.6).
    public static let signatureLength = 64

    /// Whether `signature` is `publicKey`'s Ed25519 signature of `message`. Wrong lengths, a key
    /// libcrypto refuses and a signature that does not verify all answer false: a caller checking
    /// a request has nothing to do with the difference.
    public static func verify(signature: [UInt8], message: [UInt8], publicKey: [UInt8]) -> Bool {
        guard publicKey.count == publicKeyLength, signature.count == signatureLength else { return false }
        let pkey: OpaquePointer? = publicKey.withUnsafeBufferPointer { key in
            EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, nil, key.baseAddress, key.count)
        }
        guard let pkey else {
            ERR_clear_error()
            return false
        }
        defer { EVP_PKEY_free(pkey) }
        guard let ctx = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(ctx) }
        // Ed25519 hashes internally (PureEdDSA), so no digest is named and the one-shot
        // EVP_DigestVerify is the only form libcrypto accepts for it.
        guard EVP_DigestVerifyInit(ctx, nil, nil, nil, pkey) == 1 else {
            ERR_clear_error()
            return false
        }
        let verified = signature.withUnsafeBufferPointer { sig in
            CBuffer.with(message) { pointer, count in
                EVP_DigestVerify(ctx, sig.baseAddress, sig.count, pointer, count) == 1
            }
        }
        if !verified { ERR_clear_error() }
        return verified
    }
}
