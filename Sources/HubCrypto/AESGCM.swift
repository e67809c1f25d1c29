import CLibCrypto

/// AES-256-GCM with a 12-byte nonce and a 16-byte tag, through libcrypto.
enum AESGCM {
    static let keySize = 32
    static let nonceSize = 12
    static let tagSize = 16

    /// Fetched once, as `SHA256.algorithm` is, instead of an implicit fetch per call.
    private static let cipher: OpaquePointer = {
        guard let cipher = EVP_CIPHER_fetch(nil, "AES-256-GCM", nil) else { fatalError("libcrypto has no AES-256-GCM") }
        return cipher
    }()

    /// `ciphertext || tag`.
    static func seal(key: [UInt8], nonce: [UInt8], plaintext: [UInt8], associatedData: [UInt8]) throws -> [UInt8] {
        precondition(key.count == keySize && nonce.count == nonceSize)
        guard plaintext.count < Int(Int32.max) - tagSize, associatedData.count < Int(Int32.max) else {
            throw CryptoError.encryptionFailed
        }
        guard let ctx = EVP_CIPHER_CTX_new() else { throw CryptoError.encryptionFailed }
        defer { EVP_CIPHER_CTX_free(ctx) }
        var out = [UInt8](repeating: 0, count: plaintext.count + tagSize)
        var length: Int32 = 0
        let ok = out.withUnsafeMutableBufferPointer { buffer -> Bool in
            guard EVP_EncryptInit_ex(ctx, cipher, nil, key, nonce) == 1 else { return false }
            if !associatedData.isEmpty {
                guard EVP_EncryptUpdate(ctx, nil, &length, associatedData, Int32(associatedData.count)) == 1 else { return false }
            }
            var written = 0
            if !plaintext.isEmpty {
                guard EVP_EncryptUpdate(ctx, buffer.baseAddress, &length, plaintext, Int32(plaintext.count)) == 1 else { return false }
                written = Int(length)
            }
            guard EVP_EncryptFinal_ex(ctx, buffer.baseAddress! + written, &length) == 1 else { return false }
            written += Int(length)
            guard written == plaintext.count else { return false }
            return an_evp_gcm_get_tag(ctx, buffer.baseAddress! + written, Int32(tagSize)) == 1
        }
        guard ok else {
            ERR_clear_error()
            throw CryptoError.encryptionFailed
        }
        return out
    }

    /// The plaintext of `ciphertext || tag`, or `authenticationFailed` when anything was altered.
    static func open(key: [UInt8], nonce: [UInt8], sealed: [UInt8], associatedData: [UInt8]) throws -> [UInt8] {
        precondition(key.count == keySize && nonce.count == nonceSize)
        guard sealed.count >= tagSize, sealed.count < Int(Int32.max), associatedData.count < Int(Int32.max) else {
            throw CryptoError.malformedSealedValue
        }
        guard let ctx = EVP_CIPHER_CTX_new() else { throw CryptoError.authenticationFailed }
        defer { EVP_CIPHER_CTX_free(ctx) }
        let ciphertextCount = sealed.count - tagSize
        var tag = Array(sealed[ciphertextCount...])
        // One spare byte so the output pointer is valid even for an empty plaintext.
        var out = [UInt8](repeating: 0, count: ciphertextCount + 1)
        var length: Int32 = 0
        let ok = out.withUnsafeMutableBufferPointer { buffer -> Bool in
            guard EVP_DecryptInit_ex(ctx, cipher, nil, key, nonce) == 1 else { return false }
            if !associatedData.isEmpty {
                guard EVP_DecryptUpdate(ctx, nil, &length, associatedData, Int32(associatedData.count)) == 1 else { return false }
            }
            var written = 0
            if ciphertextCount > 0 {
                let updated = sealed.withUnsafeBufferPointer { input in
                    EVP_DecryptUpdate(ctx, buffer.baseAddress, &length, input.baseAddress, Int32(ciphertextCount))
                }
                guard updated == 1 else { return false }
                written = Int(length)
            }
            guard an_evp_gcm_set_tag(ctx, &tag, Int32(tagSize)) == 1 else { return false }
            guard EVP_DecryptFinal_ex(ctx, buffer.baseAddress! + written, &length) == 1 else { return false }
            return written + Int(length) == ciphertextCount
        }
        guard ok else {
            ERR_clear_error()
            throw CryptoError.authenticationFailed
        }
        out.removeLast()
        return out
    }
}
