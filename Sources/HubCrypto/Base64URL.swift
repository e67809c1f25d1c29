/// The URL-safe base64 alphabet of RFC 4648 §5 without padding, as JWS and sealed values use it.
public enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    private static let reverse: [UInt8] = {
        var table = [UInt8](repeating: 0xff, count: 256)
        for (i, c) in alphabet.enumerated() { table[Int(c)] = UInt8(i) }
        return table
    }()

    /// Unpadded base64url text.
    public static func encode(_ bytes: [UInt8]) -> String {
        var out = [UInt8]()
        out.reserveCapacity((bytes.count * 4 + 2) / 3)
        var i = 0
        while i + 3 <= bytes.count {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            out.append(alphabet[Int(n >> 18 & 0x3f)])
            out.append(alphabet[Int(n >> 12 & 0x3f)])
            out.append(alphabet[Int(n >> 6 & 0x3f)])
            out.append(alphabet[Int(n & 0x3f)])
            i += 3
        }
        switch bytes.count - i {
        case 1:
            let n = UInt32(bytes[i]) << 16
            out.append(alphabet[Int(n >> 18 & 0x3f)])
            out.append(alphabet[Int(n >> 12 & 0x3f)])
        case 2:
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8
            out.append(alphabet[Int(n >> 18 & 0x3f)])
            out.append(alphabet[Int(n >> 12 & 0x3f)])
            out.append(alphabet[Int(n >> 6 & 0x3f)])
        default: break
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Strict decoding: nil for padding, whitespace, characters outside the alphabet, an
    /// impossible length, or unused trailing bits that are not zero (so each byte string has
    /// exactly one accepted text, which matters when text is compared or used as a key).
    public static func decode(_ s: String) -> [UInt8]? {
        let text = Array(s.utf8)
        guard text.count % 4 != 1 else { return nil }
        var out = [UInt8]()
        out.reserveCapacity(text.count * 3 / 4)
        var acc: UInt32 = 0
        var bits = 0
        for c in text {
            let v = reverse[Int(c)]
            guard v != 0xff else { return nil }
            acc = acc << 6 | UInt32(v)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: acc >> UInt32(bits)))
                acc &= (1 << UInt32(bits)) - 1
            }
        }
        guard acc == 0 else { return nil }
        return out
    }

    /// Decodes standard (`+/`) or URL-safe base64, padded or not, for keys typed by people;
    /// still nil for mixed alphabets, misplaced padding or anything outside the alphabets.
    static func decodeLenient(_ s: String) -> [UInt8]? {
        var text = Substring(s)
        while text.hasSuffix("=") { text.removeLast() }
        let padding = s.count - text.count
        guard padding <= 2, padding == 0 || (text.count + padding) % 4 == 0 else { return nil }
        let standard = text.contains { $0 == "+" || $0 == "/" }
        let urlSafe = text.contains { $0 == "-" || $0 == "_" }
        guard !(standard && urlSafe) else { return nil }
        return decode(String(text.map { $0 == "+" ? "-" : ($0 == "/" ? "_" : $0) }))
    }
}
