import Foundation
import XCTest

@testable import HubHTTPServer
@testable import IngestService

/// Screenshot data URLs checked down to their bytes, as units and over HTTP.
final class FeedbackSubmissionScreenshotTests: XCTestCase {
    /// A real 1×1 RGBA PNG.
    static let png1x1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="
    /// A real 1×1 lossless WebP.
    static let webpLossless1x1 = "UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA=="

    /// JPEG header bytes: SOI, a JFIF APP0, a quantization table, then SOF0 (or `sof`) with
    /// `height` and `width`, then EOI.
    static func jpeg(width: Int, height: Int, sof: UInt8 = 0xC0) -> [UInt8] {
        var b: [UInt8] = [0xFF, 0xD8]
        b += [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]
        b += [0xFF, 0xDB, 0x00, 0x43, 0x00] + [UInt8](repeating: 1, count: 64)
        b += [
            0xFF, sof, 0x00, 0x0B, 0x08, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF),
            0x01, 0x01, 0x11, 0x00,
        ]
        b += [0xFF, 0xD9]
        return b
    }

    /// RIFF/WEBP with a VP8X chunk announcing a `width`×`height` canvas.
    static func webpExtended(width: Int, height: Int) -> [UInt8] {
        var b = Array("RIFF".utf8) + [22, 0, 0, 0] + Array("WEBPVP8X".utf8) + [10, 0, 0, 0, 0, 0, 0, 0]
        for v in [width - 1, height - 1] { b += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF)] }
        return b
    }

    /// RIFF/WEBP with a lossy VP8 key frame header of `width`×`height`.
    static func webpLossy(width: Int, height: Int) -> [UInt8] {
        var b = Array("RIFF".utf8) + [30, 0, 0, 0] + Array("WEBPVP8 ".utf8) + [10, 0, 0, 0]
        b += [0x10, 0x02, 0x00, 0x9D, 0x01, 0x2A, UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8)]
        return b
    }

    static func dataURL(_ type: String, _ bytes: [UInt8]) -> String { "data:image/\(type);base64," + Data(bytes).base64EncodedString() }
    static func bytes(_ base64: String) -> [UInt8] { Array(Data(base64Encoded: base64)!) }

    func testEachFormatDecodesItsDimensions() throws {
        // Given real or header-exact images of each accepted type
        let cases: [(String, FeedbackScreenshot.Format, Int, Int)] = [
            ("data:image/png;base64," + Self.png1x1, .png, 1, 1),
            ("data:image/webp;base64," + Self.webpLossless1x1, .webp, 1, 1),
            (Self.dataURL("jpeg", Self.jpeg(width: 640, height: 480)), .jpeg, 640, 480),
            (Self.dataURL("jpeg", Self.jpeg(width: 3, height: 2, sof: 0xC2)), .jpeg, 3, 2),
            (Self.dataURL("webp", Self.webpExtended(width: 1170, height: 2532)), .webp, 1170, 2532),
            (Self.dataURL("webp", Self.webpLossy(width: 300, height: 200)), .webp, 300, 200),
        ]
        for (url, format, width, height) in cases {
            // When parsed
            let shot = try FeedbackScreenshot.parse(dataURL: url)
            // Then type and size come from the bytes
            XCTAssertEqual(shot.format, format)
            XCTAssertEqual(shot.width, width)
            XCTAssertEqual(shot.height, height)
        }
    }

    func testBytesThatDoNotMatchTheDeclaredTypeOrDoNotDecodeAreInvalid() {
        let png = Self.bytes(Self.png1x1)
        var zeroWidth = png
        zeroWidth[16...19] = [0, 0, 0, 0]
        var huge = png
        huge[16...19] = [0, 0, 0x4E, 0x21]  // 20,001
        let bad: [String] = [
            Self.dataURL("jpeg", png),  // PNG bytes declared as JPEG
            Self.dataURL("png", Self.jpeg(width: 2, height: 2)),  // JPEG bytes declared as PNG
            Self.dataURL("webp", png),
            Self.dataURL("gif", png),  // a type outside the list
            "data:image/png," + Self.png1x1,  // not base64
            "data:image/png;base64," + Self.png1x1.dropLast(2),  // cut base64
            "data:image/png;base64," + Self.png1x1.prefix(20) + "\n" + Self.png1x1.dropFirst(20),  // whitespace
            "data:image/png;base64,****",
            Self.dataURL("png", Array(png.prefix(20))),  // header cut before the size
            Self.dataURL("png", zeroWidth),
            Self.dataURL("png", huge),
            Self.dataURL("jpeg", Array(Self.jpeg(width: 2, height: 2).prefix(30))),  // no SOF before the end
            Self.dataURL("jpeg", Self.jpeg(width: 2, height: 2, sof: 0xC4)),  // no SOF0/1/2 at all
            Self.dataURL("webp", Array(Self.webpLossy(width: 3, height: 3).prefix(28))),
            "https://example.com/a.png",
            "",
        ]
        for url in bad {
            // When parsed, then 400 INVALID_SCREENSHOT
            XCTAssertThrowsError(try FeedbackScreenshot.parse(dataURL: url), String(url.prefix(60))) {
                XCTAssertEqual(($0 as? APIError)?.code, "INVALID_SCREENSHOT")
            }
        }
    }

    func testDataURLsOver2800000CharactersAreInvalidEvenWhenTheImageIsGood() throws {
        // Given a valid PNG padded with trailing bytes to just under and just over the limit
        let prefix = "data:image/png;base64,"
        func padded(toLength length: Int) -> String {
            let payloadChars = (length - prefix.utf8.count) / 4 * 4
            let bytes = Self.bytes(Self.png1x1) + [UInt8](repeating: 0, count: payloadChars / 4 * 3 - 70)
            return Self.dataURL("png", bytes)
        }
        let under = padded(toLength: FeedbackScreenshot.maxDataURLLength)
        XCTAssertLessThanOrEqual(under.utf8.count, FeedbackScreenshot.maxDataURLLength)
        XCTAssertNoThrow(try FeedbackScreenshot.parse(dataURL: under))
        // When the same image is padded past the limit, then it is refused
        let overLimit = padded(toLength: FeedbackScreenshot.maxDataURLLength + 8)
        XCTAssertGreaterThan(overLimit.utf8.count, FeedbackScreenshot.maxDataURLLength)
        XCTAssertThrowsError(try FeedbackScreenshot.parse(dataURL: overLimit))
    }

    func testStrictBase64MatchesFoundationOnValidInput() {
        // Given every length from 1 to 40 bytes
        for n in 1...40 {
            let bytes = (0..<n).map { UInt8(truncatingIfNeeded: $0 * 37 + n) }
            // Then the strict decoder agrees with Foundation's encoder
            XCTAssertEqual(FeedbackScreenshot.strictBase64Decode(Array(Data(bytes).base64EncodedString().utf8)), bytes)
        }
        XCTAssertNil(FeedbackScreenshot.strictBase64Decode(Array("AA=A".utf8)))
        XCTAssertNil(FeedbackScreenshot.strictBase64Decode(Array("A===".utf8)))
    }
}
