import Foundation
import TestSupport
import XCTest

@testable import HubCrypto

final class KeyringTests: XCTestCase {
    private let key1 = [UInt8](repeating: 0x11, count: 32)
    private let key2 = (0..<32).map { UInt8($0) }
    private let aad = Array("org_1/proj_9".utf8)
    private let secret = Array("-----BEGIN PRIVATE KEY-----\nMIGTAgEA...\n".utf8)

    private func keyring(_ spec: String) throws -> Keyring { try Keyring(spec: spec) }

    /// Decodes a sealed value, lets `change` alter the raw bytes, and re-encodes it.
    private func altered(_ sealed: String, _ change: (inout [UInt8]) -> Void) -> String {
        let colon = sealed.firstIndex(of: ":")!
        var blob = Base64URL.decode(String(sealed[sealed.index(after: colon)...]))!
        change(&blob)
        return String(sealed[..<colon]) + ":" + Base64URL.encode(blob)
    }

    private func assertOpenFails(
        _ ring: Keyring, _ sealed: String, aad: [UInt8]? = nil,
        _ expected: CryptoError, line: UInt = #line
    ) {
        XCTAssertThrowsError(try ring.open(sealed, associatedData: aad ?? self.aad), line: line) { error in
            XCTAssertEqual(error as? CryptoError, expected, line: line)
        }
    }

    // MARK: Sealing

    func testSealOpenRoundTripWithVersionedFormat() throws {
        // Given a keyring with one hex key
        let ring = try keyring("v1:" + Hex.encode(key1))
        // When a secret is sealed twice
        let sealed = try ring.seal(secret, associatedData: aad)
        let again = try ring.seal(secret, associatedData: aad)
        // Then the text is "v1:" + base64url of nonce(12) || ciphertext || tag(16), with a
        // fresh nonce each time, and it opens to the plaintext
        XCTAssertTrue(sealed.hasPrefix("v1:"))
        XCTAssertEqual(Base64URL.decode(String(sealed.dropFirst(3)))?.count, 12 + secret.count + 16)
        XCTAssertNotEqual(sealed, again)
        XCTAssertFalse(sealed.contains("BEGIN"))
        XCTAssertEqual(try ring.open(sealed, associatedData: aad), secret)
        XCTAssertEqual(try ring.open(again, associatedData: aad), secret)
        // And empty plaintexts and strings work too
        XCTAssertEqual(try ring.open(try ring.seal([], associatedData: []), associatedData: []), [])
        XCTAssertEqual(try ring.openString(try ring.seal("p@ss", associatedData: "o/p"), associatedData: "o/p"), "p@ss")
    }

    func testSealedValueOpensWithPythonAESGCM() throws {
        // Given a value sealed here
        let ring = try keyring("k9:" + Hex.encode(key2))
        let sealed = try ring.seal(secret, associatedData: aad)
        // When Python's AESGCM opens nonce || ciphertext || tag with the same key and AAD
        let script = """
            import base64, sys
            from cryptography.hazmat.primitives.ciphers.aead import AESGCM
            version, blob = sys.argv[2].split(":", 1)
            raw = base64.urlsafe_b64decode(blob + "=" * (-len(blob) % 4))
            sys.stdout.write(AESGCM(bytes.fromhex(sys.argv[1])).decrypt(raw[:12], raw[12:], sys.argv[3].encode()).hex())
            """
        let opened = try TestPython.script(script, [Hex.encode(key2), sealed, "org_1/proj_9"])
        // Then it reads the plaintext: the format is standard AES-256-GCM
        XCTAssertEqual(opened, Hex.encode(secret))
    }

    func testTamperingFailsAuthentication() throws {
        // Given a sealed value
        let ring = try keyring(Hex.encode(key1))
        let sealed = try ring.seal(secret, associatedData: aad)
        // When one byte of the nonce, the ciphertext or the tag changes
        let tamperedNonce = altered(sealed) { $0[0] ^= 0x01 }
        let tamperedCiphertext = altered(sealed) { $0[12 + 5] ^= 0x80 }
        let tamperedTag = altered(sealed) { $0[$0.count - 1] ^= 0x01 }
        // Then opening fails authentication, as does a different associated data
        assertOpenFails(ring, tamperedNonce, .authenticationFailed)
        assertOpenFails(ring, tamperedCiphertext, .authenticationFailed)
        assertOpenFails(ring, tamperedTag, .authenticationFailed)
        assertOpenFails(ring, sealed, aad: Array("org_1/proj_8".utf8), .authenticationFailed)
        assertOpenFails(ring, sealed, aad: [], .authenticationFailed)
        // And a truncated tag fails too
        assertOpenFails(ring, altered(sealed) { $0.removeLast() }, .authenticationFailed)
        XCTAssertEqual(CryptoError.authenticationFailed.code, "AUTHENTICATION_FAILED")
    }

    func testRotationOpensOldValuesAndSealsWithNewVersion() throws {
        // Given a value sealed under v1
        let old = try keyring("v1:" + Hex.encode(key1))
        let sealedOld = try old.seal(secret, associatedData: aad)
        // When the keyring rotates to v2 while keeping v1
        let rotated = try keyring("v2:\(Base64URL.encode(key2)), v1:\(Hex.encode(key1))")
        let sealedNew = try rotated.seal(secret, associatedData: aad)
        // Then the old value still opens, new values use v2, and only old ones need resealing
        XCTAssertEqual(rotated.sealingVersion, "v2")
        XCTAssertEqual(rotated.versions, ["v2", "v1"])
        XCTAssertEqual(try rotated.open(sealedOld, associatedData: aad), secret)
        XCTAssertTrue(sealedNew.hasPrefix("v2:"))
        XCTAssertEqual(try rotated.open(sealedNew, associatedData: aad), secret)
        XCTAssertTrue(rotated.needsResealing(sealedOld))
        XCTAssertFalse(rotated.needsResealing(sealedNew))
        // And the old keyring cannot open the new value
        assertOpenFails(old, sealedNew, .unknownKeyVersion)
    }

    func testUnknownVersionAndMalformedValues() throws {
        // Given a keyring and a valid value
        let ring = try keyring("v1:" + Hex.encode(key1))
        let sealed = try ring.seal(secret, associatedData: aad)
        let body = String(sealed.dropFirst(3))
        // Then an unconfigured version is reported as such
        assertOpenFails(ring, "v7:" + body, .unknownKeyVersion)
        XCTAssertEqual(CryptoError.unknownKeyVersion.code, "UNKNOWN_KEY_VERSION")
        // And values that are not the format are malformed
        for bad in [
            body, "", ":" + body, "v1:", "v1:" + body + "=", "v1:" + String(repeating: "A", count: 20),
            "v1:!!!!", "bad version:" + body,
        ] {
            assertOpenFails(ring, bad, .malformedSealedValue)
        }
    }

    // MARK: Specs

    func testSpecAcceptsHexBase64AndBareKeys() throws {
        // Given the same key in every accepted spelling
        let spellings = [
            Hex.encode(key2), Hex.encode(key2).uppercased(),
            Data(key2).base64EncodedString(), Base64URL.encode(key2),
            Data(key2).base64EncodedString().replacingOccurrences(of: "=", with: ""),
        ]
        let reference = try keyring("v1:" + Hex.encode(key2)).seal(secret, associatedData: aad)
        for spelling in spellings {
            // When used bare and with a version
            let bare = try keyring(spelling)
            let named = try keyring("prod_2024-01:" + spelling)
            // Then a bare key is v1 and both hold the same key
            XCTAssertEqual(bare.versions, ["v1"])
            XCTAssertEqual(named.versions, ["prod_2024-01"])
            XCTAssertEqual(try bare.open(reference, associatedData: aad), secret, spelling)
        }
    }

    func testBadSpecsAreRejected() {
        let good = Hex.encode(key1)
        let bad = [
            "", "   ", "v1:", "v1:" + Hex.encode(Array(key1.prefix(31))),  // empty, short key
            "v1:" + Base64URL.encode(key1 + [0]), "v1:" + String(good.dropLast()) + "g",  // 33 bytes, bad hex
            "v1:not-a-key", "v1:\(good),v1:\(Hex.encode(key2))",  // garbage, duplicate
            "\(good),v1:\(Hex.encode(key2))",  // bare v1 duplicated
            "v1:\(good),,v2:\(Hex.encode(key2))", "v1:\(good),",  // empty entries
            "v 1:\(good)", ":\(good)", "abcdefghijklmnopq:\(good)", "v.1:\(good)",  // bad versions
            "v1:" + Data(key1).base64EncodedString() + "===",  // extra padding
        ]
        for spec in bad {
            // When parsed, then invalidKeyring is thrown, without echoing key material
            XCTAssertThrowsError(try Keyring(spec: spec), spec) { error in
                guard case .invalidKeyring(let reason)? = error as? CryptoError else {
                    return XCTFail("\(spec): \(error)")
                }
                XCTAssertFalse(reason.contains(good) || reason.contains(Hex.encode(key2)), reason)
                XCTAssertEqual((error as? CryptoError)?.code, "INVALID_KEYRING")
            }
        }
    }

    func testFromEnvironment() throws {
        // Given environments without, with an empty, a valid and an invalid keyring
        // Then unset and empty mean "not configured", valid parses, invalid throws
        XCTAssertNil(try Keyring.fromEnvironment([:]))
        XCTAssertNil(try Keyring.fromEnvironment(["APPNORTH_CREDENTIALS_KEY": ""]))
        let ring = try Keyring.fromEnvironment(["APPNORTH_CREDENTIALS_KEY": "v3:" + Hex.encode(key1)])
        XCTAssertEqual(ring?.versions, ["v3"])
        XCTAssertThrowsError(try Keyring.fromEnvironment(["APPNORTH_CREDENTIALS_KEY": "v3:short"]))
        XCTAssertEqual(CryptoError.notConfigured.code, "ENCRYPTION_NOT_CONFIGURED")
        // And a keyring's description names versions only
        XCTAssertEqual(ring?.description, "Keyring(versions: v3)")
    }
}
