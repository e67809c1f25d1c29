/// Passwords as they are stored: scrypt with a per-password random salt, written as one
/// self-describing string, `scrypt$<log2 N>$<r>$<p>$<salt>$<key>` (salt and key in unpadded
/// base64url), so the parameters can be raised later without breaking stored hashes.
public enum PasswordHash {
    /// N=2^15, r=8, p=1: about 32 MiB and a few tens of milliseconds per hash on this class of
    /// machine, the cost OWASP suggests for scrypt.
    public static let log2N = 15
    public static let r: UInt64 = 8
    public static let p: UInt64 = 1
    public static let saltBytes = 16
    public static let keyBytes = 32

    static let scheme = "scrypt"

    /// A new hash of `password` under a fresh salt.
    public static func make(_ password: String) -> String {
        let salt = SecureRandom.bytes(saltBytes)
        guard let key = Scrypt.derive(password: Array(password.utf8), salt: salt, n: 1 << UInt64(log2N), r: r, p: p, length: keyBytes)
        else { fatalError("libcrypto scrypt failed with the hub's own parameters") }
        return [scheme, String(log2N), String(r), String(p), Base64URL.encode(salt), Base64URL.encode(key)].joined(separator: "$")
    }

    /// Whether `password` is the one `stored` was made from, comparing the keys in constant
    /// time. A string that is not a hash of this form, or whose parameters exceed `Scrypt`'s
    /// bounds, matches nothing.
    public static func verify(_ password: String, against stored: String) -> Bool {
        let parts = stored.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 6, parts[0] == scheme,
            let log2N = Int(parts[1]), (1...Scrypt.maxLog2N).contains(log2N),
            let r = UInt64(parts[2]), let p = UInt64(parts[3]),
            let salt = Base64URL.decode(String(parts[4])), !salt.isEmpty,
            let expected = Base64URL.decode(String(parts[5])), !expected.isEmpty,
            let key = Scrypt.derive(password: Array(password.utf8), salt: salt, n: 1 << UInt64(log2N), r: r, p: p, length: expected.count)
        else { return false }
        return ConstantTime.equals(key, expected)
    }
}
