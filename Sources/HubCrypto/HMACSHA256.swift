import CLibCrypto

/// HMAC-SHA256 (RFC 2104) through libcrypto.
public enum HMACSHA256 {
    /// The 32-byte MAC of `message` under `key` (any key length).
    public static func mac(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 32)
        let ok = CBuffer.with(key) { keyPointer, keyCount in
            CBuffer.with(message) { messagePointer, messageCount in
                out.withUnsafeMutableBufferPointer { buffer in
                    an_hmac_sha256(SHA256.algorithm, keyPointer, keyCount, messagePointer, messageCount, buffer.baseAddress)
                }
            }
        }
        guard ok == 1 else { fatalError("libcrypto HMAC-SHA256 failed") }
        return out
    }

    /// The MAC of the UTF-8 bytes of `message`.
    public static func mac(key: [UInt8], message: String) -> [UInt8] { mac(key: key, message: Array(message.utf8)) }

    /// Whether `mac` is the MAC of `message`, compared in constant time.
    public static func verify(_ mac: [UInt8], key: [UInt8], message: [UInt8]) -> Bool {
        ConstantTime.equals(self.mac(key: key, message: message), mac)
    }
}
