/// A cryptographic operation that could not be done; `code` is stable for API answers and logs.
///
/// Messages never carry key material or plaintext.
public enum CryptoError: Error, Equatable, CustomStringConvertible {
    /// A key that is not an EC P-256 private key in PEM (PKCS#8 or SEC1).
    case invalidKey
    /// A keyring specification that cannot be used.
    case invalidKeyring(reason: String)
    /// A sealed value names a key version the keyring does not hold.
    case unknownKeyVersion
    /// A sealed value that is not `<version>:<base64url(nonce || ciphertext || tag)>`.
    case malformedSealedValue
    /// The tag did not match: the value, its nonce or its associated data were altered.
    case authenticationFailed
    /// libcrypto refused to sign.
    case signingFailed
    /// libcrypto refused to encrypt.
    case encryptionFailed
    /// No keyring is configured, so secrets cannot be sealed or opened.
    case notConfigured

    public var code: String {
        switch self {
        case .invalidKey: return "INVALID_KEY"
        case .invalidKeyring: return "INVALID_KEYRING"
        case .unknownKeyVersion: return "UNKNOWN_KEY_VERSION"
        case .malformedSealedValue: return "MALFORMED_SEALED_VALUE"
        case .authenticationFailed: return "AUTHENTICATION_FAILED"
        case .signingFailed: return "SIGNING_FAILED"
        case .encryptionFailed: return "ENCRYPTION_FAILED"
        case .notConfigured: return "ENCRYPTION_NOT_CONFIGURED"
        }
    }

    public var description: String {
        switch self {
        case .invalidKey: return "\(code): expected an EC P-256 private key in PEM (PKCS#8 or SEC1)"
        case .invalidKeyring(let reason): return "\(code): \(reason)"
        case .unknownKeyVersion: return "\(code): the value was sealed under a key version that is not configured"
        case .malformedSealedValue: return "\(code): the sealed value is not in the expected format"
        case .authenticationFailed: return "\(code): the sealed value or its associated data was altered"
        case .signingFailed: return "\(code): signing failed"
        case .encryptionFailed: return "\(code): encryption failed"
        case .notConfigured: return "\(code): APPNORTH_CREDENTIALS_KEY is not set"
        }
    }
}
