import Foundation

/// Test images made by Pillow (an encoder independent of libvips) and a reader of JPEG
/// structure, for checking what the hub's sanitizer produced.
public enum TestImages {
    public struct FixtureFailed: Error, CustomStringConvertible {
        public let description: String
    }

    /// An image from `Tests/Fixtures/make_image.py KIND` (`gps_jpeg`, `small_jpeg`, `png`,
    /// `webp`, `animated_webp`, `animated_gif`, and `solid_jpeg` with a width and height).
    public static func pillow(_ kind: String, _ arguments: String...) throws -> [UInt8] {
        let script = TestPython.fixtures.appendingPathComponent("make_image.py").path
        let output = try TestPython.run([script, kind] + arguments)
        guard output.status == 0, let data = Data(base64Encoded: output.stdout) else {
            throw FixtureFailed(description: "make_image.py \(kind) failed (is pillow installed in the venv?): \(output.stderr)")
        }
        return [UInt8](data)
    }

    /// JPEG marker segments before the scan data: marker code and payload.
    public static func jpegSegments(_ bytes: [UInt8]) -> [(marker: UInt8, payload: ArraySlice<UInt8>)] {
        var segments: [(marker: UInt8, payload: ArraySlice<UInt8>)] = []
        guard bytes.starts(with: [0xFF, 0xD8]) else { return segments }
        var i = 2
        while i + 4 <= bytes.count, bytes[i] == 0xFF {
            let marker = bytes[i + 1]
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            guard length >= 2, i + 2 + length <= bytes.count else { break }
            segments.append((marker, bytes[(i + 4)..<(i + 2 + length)]))
            if marker == 0xDA { break }
            i += 2 + length
        }
        return segments
    }

    /// Width and height from the baseline or progressive frame header.
    public static func jpegSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard let frame = jpegSegments(bytes).first(where: { $0.marker == 0xC0 || $0.marker == 0xC2 })?.payload else {
            return nil
        }
        let p = Array(frame)
        return (Int(p[3]) << 8 | Int(p[4]), Int(p[1]) << 8 | Int(p[2]))
    }

    public static func contains(_ haystack: [UInt8], _ needle: String) -> Bool {
        let n = Array(needle.utf8)
        guard haystack.count >= n.count else { return false }
        return (0...(haystack.count - n.count)).contains { haystack[$0..<($0 + n.count)].elementsEqual(n) }
    }
}
