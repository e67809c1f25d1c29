import Foundation
import TestSupport
import XCTest

@testable import HubImaging

final class ImageSanitizerTests: XCTestCase {
    private func pillowImage(_ kind: String, _ size: String...) throws -> [UInt8] {
        size.isEmpty ? try TestImages.pillow(kind) : try TestImages.pillow(kind, size[0], size[1])
    }
    private func jpegSegments(_ bytes: [UInt8]) -> [(marker: UInt8, payload: ArraySlice<UInt8>)] { TestImages.jpegSegments(bytes) }
    private func jpegSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? { TestImages.jpegSize(bytes) }
    private func contains(_ haystack: [UInt8], _ needle: String) -> Bool { TestImages.contains(haystack, needle) }

    private func assertRefused(
        _ bytes: [UInt8], as declaredType: String, maxBytes: Int = 5 << 20,
        _ expected: ImageSanitizerError, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertThrowsError(
            try ImageSanitizer.sanitize(bytes, declaredType: declaredType, maxBytes: maxBytes),
            file: file, line: line
        ) { error in
            XCTAssertEqual(error as? ImageSanitizerError, expected, file: file, line: line)
        }
    }

    func testGPSTaggedJPEGIsShrunkAndStrippedOfMetadata() throws {
        // Given a 3000x1500 JPEG with EXIF GPS and XMP blocks
        let source = try pillowImage("gps_jpeg")
        XCTAssertTrue(jpegSegments(source).contains { $0.marker == 0xE1 })
        XCTAssertTrue(contains(source, "Exif") && contains(source, "ns.adobe.com"))
        // When sanitized
        let image = try ImageSanitizer.sanitize(source, declaredType: "image/jpeg")
        // Then it is a JPEG of 2048x1024 (aspect kept, longest edge at the cap)
        XCTAssertTrue(image.jpeg.starts(with: [0xFF, 0xD8, 0xFF]))
        XCTAssertEqual(image.width, 2048)
        XCTAssertEqual(image.height, 1024)
        let size = try XCTUnwrap(jpegSize(image.jpeg))
        XCTAssertEqual(size.width, 2048)
        XCTAssertEqual(size.height, 1024)
        // And no APP1 (EXIF/XMP), APP2 (ICC) or APP13 (IPTC) segment and no such bytes remain
        let markers = jpegSegments(image.jpeg).map(\.marker)
        XCTAssertTrue(markers.contains(0xDA), "the marker walk reached the scan")
        XCTAssertFalse(markers.contains(0xE1))
        XCTAssertFalse(markers.contains(0xE2))
        XCTAssertFalse(markers.contains(0xED))
        XCTAssertFalse(contains(image.jpeg, "Exif"))
        XCTAssertFalse(contains(image.jpeg, "ns.adobe.com"))
        XCTAssertFalse(contains(image.jpeg, "CameraMaker"))
    }

    func testPNGAndWebPAreConvertedToJPEG() throws {
        for (kind, type) in [("png", "image/png"), ("webp", "image/webp")] {
            // Given a 300x200 PNG (with alpha) or WebP
            let source = try pillowImage(kind)
            XCTAssertFalse(source.starts(with: [0xFF, 0xD8]))
            // When sanitized
            let image = try ImageSanitizer.sanitize(source, declaredType: type)
            // Then the output is a JPEG of the same size
            XCTAssertTrue(image.jpeg.starts(with: [0xFF, 0xD8, 0xFF]), kind)
            XCTAssertEqual(image.width, 300, kind)
            XCTAssertEqual(image.height, 200, kind)
            XCTAssertEqual(jpegSize(image.jpeg)?.width, 300, kind)
        }
    }

    func testContentTypeParametersAndCaseAreIgnored() throws {
        // Given a PNG declared with a parameter and upper case
        let source = try pillowImage("png")
        // When sanitized, Then it is accepted
        XCTAssertEqual(try ImageSanitizer.sanitize(source, declaredType: "Image/PNG; q=1").width, 300)
    }

    func testSmallImageIsNotUpscaled() throws {
        // Given a 120x80 JPEG
        let source = try pillowImage("small_jpeg")
        // When sanitized
        let image = try ImageSanitizer.sanitize(source, declaredType: "image/jpeg")
        // Then it keeps its size
        XCTAssertEqual(image.width, 120)
        XCTAssertEqual(image.height, 80)
        XCTAssertEqual(jpegSize(image.jpeg)?.width, 120)
        XCTAssertEqual(jpegSize(image.jpeg)?.height, 80)
    }

    func testAnimatedImagesAreRefused() throws {
        // Given a two-frame WebP, When sanitized, Then it is refused as animated
        assertRefused(try pillowImage("animated_webp"), as: "image/webp", .animated)
        // And a GIF declared as WebP is refused before it is decoded
        assertRefused(try pillowImage("animated_gif"), as: "image/webp", .typeMismatch)
    }

    func testBytesOfAnotherFormatThanDeclaredAreRefused() throws {
        // Given PNG bytes declared as JPEG and JPEG bytes declared as WebP
        // When sanitized, Then both are a type mismatch
        assertRefused(try pillowImage("png"), as: "image/jpeg", .typeMismatch)
        assertRefused(try pillowImage("small_jpeg"), as: "image/webp", .typeMismatch)
    }

    func testGarbageAndTruncatedDataAreUndecodable() throws {
        // Given bytes no decoder recognises, an empty body, and files cut in the middle
        assertRefused(Array("definitely not an image".utf8), as: "image/jpeg", .undecodable)
        assertRefused([], as: "image/png", .undecodable)
        let jpeg = try pillowImage("gps_jpeg")
        assertRefused(Array(jpeg.prefix(jpeg.count / 2)), as: "image/jpeg", .undecodable)
        let png = try pillowImage("png")
        assertRefused(Array(png.prefix(png.count - 40)), as: "image/png", .undecodable)
        // And a JPEG header followed by garbage
        assertRefused([0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 0x41, count: 64), as: "image/jpeg", .undecodable)
    }

    func testUploadOverTheByteCapIsRefused() throws {
        // Given a valid PNG one byte over the cap
        let png = try pillowImage("png")
        // When sanitized with that cap, Then it is too large; at exactly the cap it passes
        assertRefused(png, as: "image/png", maxBytes: png.count - 1, .tooLarge)
        XCTAssertNoThrow(try ImageSanitizer.sanitize(png, declaredType: "image/png", maxBytes: png.count))
    }

    func testUnsupportedDeclaredTypeIsRefused() throws {
        // Given a valid GIF declared as GIF, and a PNG declared as SVG
        // When sanitized, Then the type is unsupported
        assertRefused(try pillowImage("animated_gif"), as: "image/gif", .unsupportedType)
        assertRefused(try pillowImage("png"), as: "image/svg+xml", .unsupportedType)
    }

    func testCanvasBeyondTheSourceLimitIsRefusedBeforeDecoding() throws {
        // Given a PNG header claiming 30000x10 pixels (its CRC is right, its data missing)
        let png = Self.pngHeader(width: 30_000, height: 10)
        // When sanitized, Then the dimensions are refused
        assertRefused(png, as: "image/png", .invalidDimensions)
    }

    func testCanvasOverFortyMegapixelsIsRefusedBeforeDecoding() throws {
        // Given PNG headers without pixel data, one pixel row either side of 40,000,000 pixels
        // When sanitized
        // Then 8000x5001 is refused for its pixel count, from the header alone
        assertRefused(Self.pngHeader(width: 8_000, height: 5_001), as: "image/png", .tooManyPixels)
        assertRefused(Self.pngHeader(width: 40_000_000 / 3_000 + 1, height: 3_000), as: "image/png", .tooManyPixels)
        // And 8000x5000 passes the budget and only fails where its missing pixels are decoded
        assertRefused(Self.pngHeader(width: 8_000, height: 5_000), as: "image/png", .undecodable)
    }

    func testCanvasOfFortyMegapixelsIsAccepted() throws {
        // Given a real 8000x5000 JPEG of one colour
        let source = try pillowImage("solid_jpeg", "8000", "5000")
        // When sanitized
        let image = try ImageSanitizer.sanitize(source, declaredType: "image/jpeg")
        // Then it is shrunk to 2048x1280
        XCTAssertEqual(image.width, 2048)
        XCTAssertEqual(image.height, 1280)
    }

    func testErrorCodesAreStable() {
        XCTAssertEqual(ImageSanitizerError.tooLarge.code, "IMAGE_TOO_LARGE")
        XCTAssertEqual(ImageSanitizerError.typeMismatch.code, "IMAGE_TYPE_MISMATCH")
        XCTAssertEqual(ImageSanitizerError.animated.code, "IMAGE_ANIMATED")
        XCTAssertEqual(ImageSanitizerError.invalidDimensions.code, "IMAGE_INVALID_DIMENSIONS")
        XCTAssertEqual(ImageSanitizerError.tooManyPixels.code, "IMAGE_TOO_MANY_PIXELS")
    }

    /// A PNG signature, IHDR and an empty IDAT and IEND, enough for a header read.
    private static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func crc(_ bytes: [UInt8]) -> UInt32 {
            var c: UInt32 = 0xFFFF_FFFF
            for b in bytes {
                c ^= UInt32(b)
                for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            }
            return c ^ 0xFFFF_FFFF
        }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return be(UInt32(data.count)) + body + be(crc(body))
        }
        let ihdr = be(width) + be(height) + [8, 2, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + chunk("IDAT", []) + chunk("IEND", [])
    }
}
