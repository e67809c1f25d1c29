import CLibCrypto

/// An EC P-256 private key for ES256 (ECDSA with SHA-256) signatures, such as an Apple `.p8`
/// key for APNs or App Store Connect.
///
/// Immutable after creation and safe to share: each signature uses its own digest context.
public final class ES256PrivateKey: @unchecked Sendable, CustomStringConvertible {
    /// Owned; freed in deinit. libcrypto only reads it while signing.
    private let pkey: OpaquePointer

    private init(owning pkey: OpaquePointer) {
        self.pkey = pkey
    }

    deinit {
        EVP_PKEY_free(pkey)
    }

    /// Loads a PEM private key: PKCS#8 (`BEGIN PRIVATE KEY`, as Apple `.p8` files are) or SEC1
    /// (`BEGIN EC PRIVATE KEY`). Anything but an unencrypted EC P-256 key throws `invalidKey`.
    public init(pem: String) throws {
        let text = Array(pem.utf8)
        guard !text.isEmpty, text.count <= 64 * 1024 else { throw CryptoError.invalidKey }
        let loaded: OpaquePointer? = CBuffer.with(text) { pointer, count in
            guard let bio = BIO_new_mem_buf(pointer, Int32(count)) else { return nil }
            defer { BIO_free(bio) }
            return an_pem_read_private_key(bio)
        }
        guard let loaded else {
            ERR_clear_error()
            throw CryptoError.invalidKey
        }
        guard Self.isP256(loaded) else {
            EVP_PKEY_free(loaded)
            ERR_clear_error()
            throw CryptoError.invalidKey
        }
        self.pkey = loaded
    }

    /// A fresh random key.
    public static func generate() -> ES256PrivateKey {
        guard let pkey = an_evp_ec_gen_p256() else { fatalError("libcrypto could not generate a P-256 key") }
        return ES256PrivateKey(owning: pkey)
    }

    /// The JWS ES256 signature of `message`: raw `r || s`, 64 bytes, each half left-padded to 32
    /// (RFC 7518 §3.4), not the DER that libcrypto produces.
    public func sign(_ message: [UInt8]) throws -> [UInt8] {
        guard let ctx = EVP_MD_CTX_new() else { throw CryptoError.signingFailed }
        defer { EVP_MD_CTX_free(ctx) }
        // A DER ECDSA P-256 signature is at most 72 bytes.
        var der = [UInt8](repeating: 0, count: 80)
        var derLength = der.count
        let ok: Bool = withExtendedLifetime(self) {
            guard EVP_DigestSignInit(ctx, nil, SHA256.algorithm, nil, pkey) == 1 else { return false }
            return CBuffer.with(message) { pointer, count in
                der.withUnsafeMutableBufferPointer { out in
                    EVP_DigestSign(ctx, out.baseAddress, &derLength, pointer, count) == 1
                }
            }
        }
        guard ok, derLength <= der.count, let raw = Self.rawSignature(fromDER: Array(der[0..<derLength])) else {
            ERR_clear_error()
            throw CryptoError.signingFailed
        }
        return raw
    }

    /// The private key as unencrypted PKCS#8 PEM (`BEGIN PRIVATE KEY`).
    public var pkcs8PEM: String {
        writePEM { bio, pkey in PEM_write_bio_PrivateKey(bio, pkey, nil, nil, 0, nil, nil) }
    }

    /// The public key as SubjectPublicKeyInfo PEM (`BEGIN PUBLIC KEY`).
    public var publicKeyPEM: String {
        writePEM { bio, pkey in PEM_write_bio_PUBKEY(bio, pkey) }
    }

    /// Never the key itself, so that a logged value leaks nothing.
    public var description: String { "ES256PrivateKey(P-256)" }

    // MARK: - libcrypto plumbing

    private static func isP256(_ pkey: OpaquePointer) -> Bool {
        guard EVP_PKEY_get_base_id(pkey) == EVP_PKEY_EC else { return false }
        var name = [CChar](repeating: 0, count: 64)
        var length = 0
        guard EVP_PKEY_get_group_name(pkey, &name, name.count, &length) == 1 else { return false }
        let group = String(cString: name)
        return group == "prime256v1" || group == "P-256" || group == "secp256r1"
    }

    private func writePEM(_ write: (OpaquePointer, OpaquePointer) -> Int32) -> String {
        guard let bio = BIO_new(BIO_s_mem()) else { fatalError("libcrypto could not allocate a BIO") }
        defer { BIO_free(bio) }
        let ok = withExtendedLifetime(self) { write(bio, pkey) }
        guard ok == 1 else { fatalError("libcrypto could not encode a P-256 key as PEM") }
        var data: UnsafeMutablePointer<CChar>?
        let length = an_bio_get_mem_data(bio, &data)
        guard let data, length > 0 else { return "" }
        return data.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }

    /// Converts an ASN.1 `ECDSA-Sig-Value` to fixed-width `r || s`.
    static func rawSignature(fromDER der: [UInt8]) -> [UInt8]? {
        let sig: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            return d2i_ECDSA_SIG(nil, &cursor, buffer.count)
        }
        guard let sig else { return nil }
        defer { ECDSA_SIG_free(sig) }
        var r: OpaquePointer?
        var s: OpaquePointer?
        ECDSA_SIG_get0(sig, &r, &s)
        guard let r, let s else { return nil }
        var raw = [UInt8](repeating: 0, count: 64)
        let written = raw.withUnsafeMutableBufferPointer { out -> Bool in
            BN_bn2binpad(r, out.baseAddress, 32) == 32 && BN_bn2binpad(s, out.baseAddress! + 32, 32) == 32
        }
        return written ? raw : nil
    }
}
