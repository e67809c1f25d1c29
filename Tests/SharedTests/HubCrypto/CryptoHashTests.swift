import TestSupport
import XCTest

@testable import HubCrypto

final class CryptoHashTests: XCTestCase {
    // MARK: SHA-256 (FIPS 180-4 examples)

    func testSHA256MatchesFIPSVectors() {
        // Given the FIPS 180-4 example messages
        let vectors: [(String, String)] = [
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
        ]
        for (message, expected) in vectors {
            // When hashed as bytes and as a string
            let digest = SHA256.hash(Array(message.utf8))
            // Then both forms give the published digest
            XCTAssertEqual(digest.count, 32)
            XCTAssertEqual(Hex.encode(digest), expected, "SHA-256(\"\(message)\")")
            XCTAssertEqual(SHA256.hex(message), expected)
            XCTAssertEqual(SHA256.hash(message), digest)
        }
    }

    // MARK: HMAC-SHA256 (RFC 4231)

    func testHMACSHA256MatchesRFC4231Case1() {
        // Given a 20-byte key of 0x0b
        let key = [UInt8](repeating: 0x0b, count: 20)
        // When
        let mac = HMACSHA256.mac(key: key, message: Array("Hi There".utf8))
        // Then
        XCTAssertEqual(Hex.encode(mac), "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
    }

    func testHMACSHA256MatchesRFC4231Case2() {
        // Given a key shorter than the output
        let key = Array("Jefe".utf8)
        // When
        let mac = HMACSHA256.mac(key: key, message: "what do ya want for nothing?")
        // Then
        XCTAssertEqual(Hex.encode(mac), "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    func testHMACSHA256MatchesRFC4231Case6WithKeyLongerThanBlock() {
        // Given a 131-byte key, longer than SHA-256's 64-byte block, so it is hashed first
        let key = [UInt8](repeating: 0xaa, count: 131)
        let message = Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)
        // When
        let mac = HMACSHA256.mac(key: key, message: message)
        // Then
        XCTAssertEqual(Hex.encode(mac), "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    func testHMACSHA256AcceptsEmptyKeyAndMessage() {
        // Given nothing at all (a null pointer must not reach libcrypto as "no key")
        // When
        let mac = HMACSHA256.mac(key: [], message: [])
        // Then it is the known HMAC-SHA256("", "")
        XCTAssertEqual(Hex.encode(mac), "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad")
    }

    func testHMACSHA256MatchesPythonAroundTheBlockSize() throws {
        // Given keys around SHA-256's 64-byte block (the point where the key is hashed first)
        let cases = [0, 1, 32, 63, 64, 65, 200].map { (SecureRandom.bytes($0), SecureRandom.bytes($0 * 3 + 1)) }
        let arguments = cases.flatMap { [Hex.encode($0.0), Hex.encode($0.1)] }
        // When Python's hmac computes the same MACs
        let script = """
            import hashlib, hmac, sys
            args = sys.argv[1:]
            for key, msg in zip(args[0::2], args[1::2]):
                print(hmac.new(bytes.fromhex(key), bytes.fromhex(msg), hashlib.sha256).hexdigest())
            """
        let expected = try TestPython.script(script, arguments).split(separator: "\n").map(String.init)
        // Then every MAC agrees
        XCTAssertEqual(cases.map { Hex.encode(HMACSHA256.mac(key: $0.0, message: $0.1)) }, expected)
    }

    // MARK: Verification and constant-time comparison

    func testVerifyAcceptsTheRightMacAndRejectsAOneBitChange() {
        // Given a valid MAC
        let key = Array("identity-secret".utf8)
        let message = Array("alice@example.com|1700000000".utf8)
        let mac = HMACSHA256.mac(key: key, message: message)
        XCTAssertTrue(HMACSHA256.verify(mac, key: key, message: message))
        for index in [0, 15, 31] {
            // When one bit of it is flipped
            var altered = mac
            altered[index] ^= 0x01
            // Then it is refused
            XCTAssertFalse(HMACSHA256.verify(altered, key: key, message: message), "bit flip at \(index)")
        }
        // And a one-bit change of the message is refused too
        var otherMessage = message
        otherMessage[0] ^= 0x01
        XCTAssertFalse(HMACSHA256.verify(mac, key: key, message: otherMessage))
    }

    func testVerifyRejectsWrongLengths() {
        // Given a valid MAC
        let key = Array("k".utf8)
        let message = Array("m".utf8)
        let mac = HMACSHA256.mac(key: key, message: message)
        // When it is truncated, extended or empty
        // Then each is refused
        XCTAssertFalse(HMACSHA256.verify(Array(mac.prefix(31)), key: key, message: message))
        XCTAssertFalse(HMACSHA256.verify(Array(mac.prefix(16)), key: key, message: message))
        XCTAssertFalse(HMACSHA256.verify(mac + [0], key: key, message: message))
        XCTAssertFalse(HMACSHA256.verify([], key: key, message: message))
    }

    func testConstantTimeEquals() {
        // Given byte strings that are equal, differ in one bit, or differ in length
        let a: [UInt8] = [1, 2, 3, 4]
        // Then only equal bytes of equal length compare equal
        XCTAssertTrue(ConstantTime.equals(a, [1, 2, 3, 4]))
        XCTAssertTrue(ConstantTime.equals([], []))
        XCTAssertFalse(ConstantTime.equals(a, [1, 2, 3, 5]))
        XCTAssertFalse(ConstantTime.equals(a, [0, 2, 3, 4]))
        XCTAssertFalse(ConstantTime.equals(a, [1, 2, 3]))
        XCTAssertFalse(ConstantTime.equals(a, [1, 2, 3, 4, 0]))
        XCTAssertFalse(ConstantTime.equals(a, []))
    }
}
