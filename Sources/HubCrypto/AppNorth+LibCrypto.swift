import CLibCrypto
import HubRuntime

extension AppNorth {
    /// The libcrypto this process runs with, as it reports itself (`OpenSSL 3.0.…`).
    public static var libCryptoVersion: String { String(cString: OpenSSL_version(numericCast(OPENSSL_VERSION))) }
}
