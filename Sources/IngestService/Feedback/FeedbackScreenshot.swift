import Foundation
import HubHTTPServer

/// A screenshot data URL checked down to its bytes: the declared type's signature must be
/// there and the image's dimensions must decode, so nothing else is ever stored as an image.
public struct FeedbackScreenshot: Equatable, Sendable {
    public enum Format: String, Sendable {
        case png, jpeg, webp
        public var mimeType: String { "image/" + rawValue }
        public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }
    }

    public let format: Format
    public let width: Int
    public let height: Int
    public let bytes: [UInt8]

    public static let maxDataURLLength = InputLimits.screenshotDataURL
    public static let maxDimension = 20_000

    /// Parses `data:image/(png|jpeg|webp);base64,…`; throws 400 `INVALID_SCREENSHOT` for
    /// anything else.
    public static func parse(dataURL: String) throws -> FeedbackScreenshot {
        let utf8 = dataURL.utf8
        guard utf8.count <= maxDataURLLength else { throw APIError.invalidScreenshot }
        var format: Format?
        var prefixLength = 0
        for candidate in [Format.png, .jpeg, .webp] {
            let prefix = "data:" + candidate.mimeType + ";base64,"
            if utf8.starts(with: prefix.utf8) {
                format = candidate
                prefixLength = prefix.utf8.count
                break
            }
        }
        guard let format, let bytes = strictBase64Decode(utf8.dropFirst(prefixLength)), let size = dimensions(of: bytes, as: format),
            size.width > 0, size.height > 0, size.width <= maxDimension, size.height <= maxDimension
        else {
            throw APIError.invalidScreenshot
        }
        return FeedbackScreenshot(format: format, width: size.width, height: size.height, bytes: bytes)
    }

    /// Standard-alphabet base64 with `=` padding only at the end and a length that is a
    /// multiple of four; no whitespace.
    static func strictBase64Decode<C: Collection>(_ input: C) -> [UInt8]? where C.Element == UInt8 {
        if let result = input.withContiguousStorageIfAvailable({ decode($0) }) { return result }
        return Array(input).withUnsafeBufferPointer { decode($0) }
    }

    /// Sextet per input byte; 64 marks `=`, 255 anything outside the alphabet.
    private static let sextets: [UInt8] = {
        var table = [UInt8](repeating: 255, count: 256)
        for (i, c) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() { table[Int(c)] = UInt8(i) }
        table[61] = 64
        return table
    }()

    private static func decode(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let count = input.count
        guard count > 0, count % 4 == 0 else { return nil }
        var padding = 0
        if input[count - 1] == 61 { padding = input[count - 2] == 61 ? 2 : 1 }
        let outCount = count / 4 * 3 - padding
        return sextets.withUnsafeBufferPointer { table -> [UInt8]? in
            var valid = true
            let out = [UInt8](unsafeUninitializedCapacity: count / 4 * 3) { buffer, initialized in
                var o = 0
                var i = 0
                while i < count {
                    let a = table[Int(input[i])]
                    let b = table[Int(input[i + 1])]
                    let c = table[Int(input[i + 2])]
                    let d = table[Int(input[i + 3])]
                    let last = i + 4 == count
                    // `=` only in the last quantum's final one or two places.
                    if (a | b) >= 64 || (!last && (c | d) >= 64) || (c == 64 && d != 64) || (a | b | c | d) == 255 {
                        valid = false
                        break
                    }
                    let quad = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c & 63) << 6 | UInt32(d & 63)
                    buffer[o] = UInt8(quad >> 16 & 0xFF)
                    buffer[o + 1] = UInt8(quad >> 8 & 0xFF)
                    buffer[o + 2] = UInt8(quad & 0xFF)
                    o += 3
                    i += 4
                }
                initialized = valid ? outCount : 0
            }
            return valid ? out : nil
        }
    }

    /// Width and height read from the bytes, or nil when the signature is not the declared
    /// format's or the header is cut short.
    static func dimensions(of b: [UInt8], as format: Format) -> (width: Int, height: Int)? {
        func be16(_ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
        func be32(_ i: Int) -> Int { Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }
        func le16(_ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
        func le24(_ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 | Int(b[i + 2]) << 16 }
        func ascii(_ i: Int, _ s: String) -> Bool { b.count >= i + s.utf8.count && b[i..<(i + s.utf8.count)].elementsEqual(s.utf8) }
        switch format {
        case .png:
            guard b.count >= 24, b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), ascii(12, "IHDR") else { return nil }
            return (be32(16), be32(20))
        case .jpeg:
            guard b.count >= 4, b[0] == 0xFF, b[1] == 0xD8, b[2] == 0xFF else { return nil }
            var i = 2
            while i + 1 < b.count {
                guard b[i] == 0xFF else { return nil }
                var marker = b[i + 1]
                // Fill bytes: any number of 0xFF may precede a marker.
                while marker == 0xFF && i + 2 < b.count {
                    i += 1
                    marker = b[i + 1]
                }
                if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                    i += 2
                    continue
                }
                if marker == 0xD9 || marker == 0xDA { return nil }
                guard i + 3 < b.count else { return nil }
                let length = be16(i + 2)
                guard length >= 2 else { return nil }
                if marker == 0xC0 || marker == 0xC1 || marker == 0xC2 {
                    guard length >= 7, i + 8 < b.count else { return nil }
                    return (be16(i + 7), be16(i + 5))
                }
                i += 2 + length
            }
            return nil
        case .webp:
            guard b.count >= 30, ascii(0, "RIFF"), ascii(8, "WEBP") else { return nil }
            if ascii(12, "VP8 ") {
                guard b[23] == 0x9D, b[24] == 0x01, b[25] == 0x2A else { return nil }
                return (le16(26) & 0x3FFF, le16(28) & 0x3FFF)
            }
            if ascii(12, "VP8L") {
                guard b[20] == 0x2F else { return nil }
                let bits = Int(b[21]) | Int(b[22]) << 8 | Int(b[23]) << 16 | Int(b[24]) << 24
                return ((bits & 0x3FFF) + 1, (bits >> 14 & 0x3FFF) + 1)
            }
            if ascii(12, "VP8X") {
                return (le24(24) + 1, le24(27) + 1)
            }
            return nil
        }
    }
}
