import XCTest

@testable import HubCrypto

final class CryptoEncodingTests: XCTestCase {
    func testHexEncodesLowercaseAndRoundTrips() {
        // Given every byte value
        let bytes = (0...255).map { UInt8($0) }
        // When encoded
        let text = Hex.encode(bytes)
        // Then it is lowercase, two characters a byte, and decodes back
        XCTAssertEqual(text.count, 512)
        XCTAssertTrue(text.hasPrefix("000102"))
        XCTAssertTrue(text.hasSuffix("fdfeff"))
        XCTAssertEqual(text, text.lowercased())
        XCTAssertEqual(Hex.decode(text), bytes)
        XCTAssertEqual(Hex.decode("DEADbeef"), [0xde, 0xad, 0xbe, 0xef])
        XCTAssertEqual(Hex.decode(""), [])
    }

    func testHexRejectsOddLengthAndNonHex() {
        // Given malformed hex
        // Then each is refused
        XCTAssertNil(Hex.decode("abc"))
        XCTAssertNil(Hex.decode("zz"))
        XCTAssertNil(Hex.decode("0g"))
        XCTAssertNil(Hex.decode(" 00"))
        XCTAssertNil(Hex.decode("éé"))
    }

    func testBase64URLMatchesRFC4648Vectors() {
        // Given the RFC 4648 §10 vectors (padding removed)
        let vectors = [
            ("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"),
            ("fooba", "Zm9vYmE"), ("foobar", "Zm9vYmFy"),
        ]
        for (plain, encoded) in vectors {
            // When encoded and decoded
            // Then both directions match
            XCTAssertEqual(Base64URL.encode(Array(plain.utf8)), encoded)
            XCTAssertEqual(Base64URL.decode(encoded), Array(plain.utf8))
        }
        // And the URL-safe alphabet replaces + and /
        XCTAssertEqual(Base64URL.encode([0xfb, 0xff, 0xbf]), "-_-_")
        XCTAssertEqual(Base64URL.decode("-_-_"), [0xfb, 0xff, 0xbf])
    }

    func testBase64URLRoundTripsEveryLength() {
        for length in 0...70 {
            // Given random bytes of each length
            let bytes = SecureRandom.bytes(length)
            // When encoded
            let text = Base64URL.encode(bytes)
            // Then no padding or standard-alphabet characters appear, and it decodes back
            XCTAssertFalse(text.contains("=") || text.contains("+") || text.contains("/"))
            XCTAssertEqual(Base64URL.decode(text), bytes, "length \(length)")
        }
    }

    func testBase64URLDecodeIsStrict() {
        // Given text that a lenient decoder would accept
        // Then each is refused: padding, standard alphabet, whitespace, impossible length,
        // non-zero unused bits, non-ASCII
        XCTAssertNil(Base64URL.decode("Zg=="))
        XCTAssertNil(Base64URL.decode("Zm8="))
        XCTAssertNil(Base64URL.decode("+/+/"))
        XCTAssertNil(Base64URL.decode("Zm9v\n"))
        XCTAssertNil(Base64URL.decode("Zm 9v"))
        XCTAssertNil(Base64URL.decode("Zm9vY"))
        XCTAssertNil(Base64URL.decode("Zh"))
        XCTAssertNil(Base64URL.decode("Zm9vYmF5é"))
    }

    func testSecureRandomBytesAndTokens() {
        // Given two draws
        let a = SecureRandom.bytes(32)
        let b = SecureRandom.bytes(32)
        // Then they have the requested length and differ
        XCTAssertEqual(a.count, 32)
        XCTAssertNotEqual(a, b)
        XCTAssertEqual(SecureRandom.bytes(0), [])
        // And a token is unpadded base64url of that many bytes
        let token = SecureRandom.token(byteCount: 24)
        XCTAssertEqual(token.count, 32)
        XCTAssertEqual(Base64URL.decode(token)?.count, 24)
        XCTAssertNotEqual(token, SecureRandom.token(byteCount: 24))
    }
}
