import Foundation
import TestSupport
import XCTest

@testable import HubCrypto

final class Ed25519Tests: XCTestCase {
    private struct Vector {
        let publicKey: String
        let message: String
        let signature: String
    }

    /// RFC 8032 §7.1, TEST 1 (empty message), TEST 2 (one byte) and TEST 3 (two bytes).
    private let rfc8032: [Vector] = [
        Vector(
            publicKey: "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
            message: "",
            signature: "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155"
                + "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"),
        Vector(
            publicKey: "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",
            message: "72",
            signature: "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da"
                + "085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"),
        Vector(
            publicKey: "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025",
            message: "af82",
            signature: "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac"
                + "18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a"),
    ]

    private func bytes(_ hex: String) -> [UInt8] { Hex.decode(hex)! }

    private func pythonSignature(of message: [UInt8]) throws -> (publicKey: [UInt8], signature: [UInt8]) {
        let signer = TestPython.fixtures.appendingPathComponent("sign_ed25519.py").path
        let result = try TestPython.run([signer, Hex.encode(message)])
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try JSONDecoder().decode([String: String].self, from: Data(result.stdout.utf8))
        return (bytes(json["publicKey"]!), bytes(json["signature"]!))
    }

    func testRFC8032VectorsVerify() {
        for (index, vector) in rfc8032.enumerated() {
            // Given a published key, message and signature
            // When verified
            let ok = Ed25519.verify(
                signature: bytes(vector.signature), message: bytes(vector.message), publicKey: bytes(vector.publicKey))
            // Then it is accepted
            XCTAssertTrue(ok, "RFC 8032 TEST \(index + 1)")
        }
    }

    func testAFlippedBitAnywhereIsRefused() {
        // Given TEST 3 of RFC 8032, which verifies
        let vector = rfc8032[2]
        let key = bytes(vector.publicKey)
        let message = bytes(vector.message)
        let signature = bytes(vector.signature)
        XCTAssertTrue(Ed25519.verify(signature: signature, message: message, publicKey: key))
        // When one bit of the message, of R, of S or of the key is flipped
        var flippedMessage = message
        flippedMessage[1] ^= 0x01
        var flippedR = signature
        flippedR[0] ^= 0x01
        var flippedS = signature
        flippedS[40] ^= 0x80
        var flippedKey = key
        flippedKey[5] ^= 0x10
        // Then none verifies
        XCTAssertFalse(Ed25519.verify(signature: signature, message: flippedMessage, publicKey: key))
        XCTAssertFalse(Ed25519.verify(signature: flippedR, message: message, publicKey: key))
        XCTAssertFalse(Ed25519.verify(signature: flippedS, message: message, publicKey: key))
        XCTAssertFalse(Ed25519.verify(signature: signature, message: message, publicKey: flippedKey))
        // And another vector's key does not verify this signature
        XCTAssertFalse(Ed25519.verify(signature: signature, message: message, publicKey: bytes(rfc8032[0].publicKey)))
    }

    func testWrongLengthsAreRefused() {
        // Given TEST 2 of RFC 8032
        let vector = rfc8032[1]
        let key = bytes(vector.publicKey)
        let signature = bytes(vector.signature)
        let message = bytes(vector.message)
        // When the key is not 32 bytes or the signature not 64
        // Then verification fails without reaching libcrypto's own checks
        XCTAssertFalse(Ed25519.verify(signature: signature, message: message, publicKey: Array(key.dropLast())))
        XCTAssertFalse(Ed25519.verify(signature: signature, message: message, publicKey: key + [0]))
        XCTAssertFalse(Ed25519.verify(signature: Array(signature.dropLast()), message: message, publicKey: key))
        XCTAssertFalse(Ed25519.verify(signature: signature + [0], message: message, publicKey: key))
        XCTAssertFalse(Ed25519.verify(signature: [], message: message, publicKey: []))
    }

    func testVerifiesSignatureMadeByPythonCryptography() throws {
        // Given a message in Discord's shape (timestamp and JSON body) signed by Python with a new key
        let message = Array(#"1700000000{"type":1,"id":"1","application_id":"2"}"#.utf8)
        let signed = try pythonSignature(of: message)
        XCTAssertEqual(signed.publicKey.count, 32)
        XCTAssertEqual(signed.signature.count, 64)
        // When verified
        // Then it is accepted, and the same signature over a message with one byte changed is not
        XCTAssertTrue(Ed25519.verify(signature: signed.signature, message: message, publicKey: signed.publicKey))
        var altered = message
        altered[altered.count - 2] ^= 0x01
        XCTAssertFalse(Ed25519.verify(signature: signed.signature, message: altered, publicKey: signed.publicKey))
    }

    func testConcurrentVerification() {
        // Given the RFC vectors verified from many threads at once
        var results = [Bool](repeating: false, count: 96)
        results.withUnsafeMutableBufferPointer { slots in
            let slots = slots
            let vectors = rfc8032
            DispatchQueue.concurrentPerform(iterations: slots.count) { i in
                let vector = vectors[i % vectors.count]
                slots[i] = Ed25519.verify(
                    signature: Hex.decode(vector.signature)!, message: Hex.decode(vector.message)!,
                    publicKey: Hex.decode(vector.publicKey)!)
            }
        }
        // Then every one verifies: nothing is shared between calls
        XCTAssertEqual(results.filter { $0 }.count, 96)
    }
}
