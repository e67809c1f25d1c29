import Foundation
import TestSupport
import XCTest

@testable import HubCrypto

final class ES256Tests: XCTestCase {
    private var verifier: String { TestPython.fixtures.appendingPathComponent("verify_es256.py").path }

    /// Prints keys made by Python `cryptography` as JSON, so loading is tested against an
    /// independent encoder.
    private static let keyGenerator = """
        import json, sys
        from cryptography.hazmat.primitives import serialization as s
        from cryptography.hazmat.primitives.asymmetric import ec, rsa
        kind = sys.argv[1]
        if kind == "rsa":
            key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        else:
            key = ec.generate_private_key(ec.SECP256R1() if kind == "p256" else ec.SECP384R1())
        none = s.NoEncryption()
        print(json.dumps({
            "pkcs8": key.private_bytes(s.Encoding.PEM, s.PrivateFormat.PKCS8, none).decode(),
            "traditional": key.private_bytes(s.Encoding.PEM, s.PrivateFormat.TraditionalOpenSSL, none).decode(),
            "public": key.public_key().public_bytes(s.Encoding.PEM, s.PublicFormat.SubjectPublicKeyInfo).decode(),
        }))
        """

    private func pythonKey(_ kind: String) throws -> [String: String] {
        let json = try TestPython.script(Self.keyGenerator, [kind])
        return try JSONDecoder().decode([String: String].self, from: Data(json.utf8))
    }

    private func verify(jwt: String, publicKeyPEM: String, kid: String? = nil) throws -> TestPython.Output {
        let pemFile = try TestPython.temporaryFile(named: "public.pem", contents: publicKeyPEM, in: self)
        return try TestPython.run([verifier, pemFile.path, jwt] + (kid.map { [$0] } ?? []))
    }

    // MARK: Signatures

    func testSignatureIsRawSixtyFourBytes() throws {
        // Given a generated key
        let key = ES256PrivateKey.generate()
        for message in [[], Array("hello".utf8), SecureRandom.bytes(1000)] {
            // When signing
            let signature = try key.sign(message)
            // Then r||s is 64 bytes, not DER (which would start with 0x30 and be 70-72 bytes)
            XCTAssertEqual(signature.count, 64)
        }
        // And ECDSA is randomized, so two signatures of one message differ
        XCTAssertNotEqual(try key.sign([1, 2, 3]), try key.sign([1, 2, 3]))
    }

    func testDERToRawPadsShortIntegersAndDropsSignBytes() {
        // Given a DER signature with a 1-byte r and a 33-byte s (leading 0x00 for the sign)
        let s = [UInt8](repeating: 0x80, count: 32)
        let der: [UInt8] = [0x30, 0x26, 0x02, 0x01, 0x05, 0x02, 0x21, 0x00] + s
        // When converted
        let raw = ES256PrivateKey.rawSignature(fromDER: der)
        // Then r is left-padded to 32 bytes and s keeps exactly its 32 bytes
        XCTAssertEqual(raw, [UInt8](repeating: 0, count: 31) + [0x05] + s)
        XCTAssertNil(ES256PrivateKey.rawSignature(fromDER: [0x30, 0x00, 0x01]))
    }

    // MARK: JWT verified by an independent implementation

    func testJWTVerifiesWithPythonCryptography() throws {
        // Given a signer for a generated key
        let key = ES256PrivateKey.generate()
        let signer = JWTSigner(key: key, keyId: "ABC123DEFG")
        // When signing App Store Connect style claims
        let jwt = try signer.sign(claims: [
            "iss": .string("57246542-96fe-1a63-e053-0824d011072a"), "iat": .int(1_700_000_000),
            "exp": .int(1_700_001_200), "aud": .string("appstoreconnect-v1"),
            "scope": .strings(["GET /v1/apps", "say \"hi\""]),
        ])
        // Then Python verifies the signature and header and reads back the same claims
        let result = try verify(jwt: jwt, publicKeyPEM: key.publicKeyPEM, kid: "ABC123DEFG")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stdout.trimmingCharacters(in: .whitespacesAndNewlines),
            #"{"aud":"appstoreconnect-v1","exp":1700001200,"iat":1700000000,"iss":"57246542-96fe-1a63-e053-0824d011072a","scope":["GET /v1/apps","say \"hi\""]}"#
        )
    }

    func testJWTHasFixedHeaderAndSortedCompactClaims() throws {
        // Given a signer
        let signer = JWTSigner(key: ES256PrivateKey.generate(), keyId: "KEY1")
        // When signing APNs claims
        let jwt = try signer.apnsToken(teamId: "TEAM123456", issuedAt: 1_700_000_000)
        let parts = jwt.split(separator: ".").map(String.init)
        // Then the header and claims are exactly the expected compact JSON
        XCTAssertEqual(parts.count, 3)
        XCTAssertEqual(
            Base64URL.decode(parts[0]).map { String(decoding: $0, as: UTF8.self) },
            #"{"alg":"ES256","kid":"KEY1","typ":"JWT"}"#)
        XCTAssertEqual(
            Base64URL.decode(parts[1]).map { String(decoding: $0, as: UTF8.self) },
            #"{"iat":1700000000,"iss":"TEAM123456"}"#)
        XCTAssertEqual(Base64URL.decode(parts[2])?.count, 64)
    }

    func testTamperedJWTFailsPythonVerification() throws {
        // Given a valid token
        let key = ES256PrivateKey.generate()
        let jwt = try JWTSigner(key: key, keyId: "K").sign(claims: ["iss": "team", "iat": 1_700_000_000])
        XCTAssertEqual(try verify(jwt: jwt, publicKeyPEM: key.publicKeyPEM).status, 0)
        // When the claims are replaced, or the token is checked against another key
        var parts = jwt.split(separator: ".").map(String.init)
        parts[1] = Base64URL.encode(Array(#"{"iat":1700000000,"iss":"evil"}"#.utf8))
        let forged = parts.joined(separator: ".")
        let otherKey = ES256PrivateKey.generate().publicKeyPEM
        // Then Python refuses both
        let forgedResult = try verify(jwt: forged, publicKeyPEM: key.publicKeyPEM)
        XCTAssertNotEqual(forgedResult.status, 0)
        XCTAssertTrue(forgedResult.stderr.contains("does not verify"), forgedResult.stderr)
        XCTAssertNotEqual(try verify(jwt: jwt, publicKeyPEM: otherKey).status, 0)
    }

    // MARK: Loading keys

    func testLoadsPKCS8AndSEC1KeysMadeByPython() throws {
        // Given a P-256 key generated by Python, in PKCS#8 (.p8) and SEC1 PEM
        let keys = try pythonKey("p256")
        XCTAssertTrue(keys["pkcs8"]!.hasPrefix("-----BEGIN PRIVATE KEY-----"))
        XCTAssertTrue(keys["traditional"]!.hasPrefix("-----BEGIN EC PRIVATE KEY-----"))
        for format in ["pkcs8", "traditional"] {
            // When loaded and used to sign
            let key = try ES256PrivateKey(pem: keys[format]!)
            let jwt = try JWTSigner(key: key, keyId: "P8").sign(claims: ["iss": "t", "iat": 1])
            // Then Python's own public key verifies the token and the public keys match
            let result = try verify(jwt: jwt, publicKeyPEM: keys["public"]!)
            XCTAssertEqual(result.status, 0, "\(format): \(result.stderr)")
            XCTAssertEqual(key.publicKeyPEM, keys["public"]!)
        }
    }

    func testLoadsKeyFromOpenSSLGenpkey() throws {
        // Given a key written by `openssl genpkey`, when the tool is present
        let openssl = "/usr/bin/openssl"
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: openssl), "openssl CLI not installed")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: openssl)
        process.arguments = ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let pem = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // When loaded
        let key = try ES256PrivateKey(pem: pem)
        // Then it signs and re-exports the same PKCS#8 PEM
        XCTAssertEqual(try key.sign([1]).count, 64)
        XCTAssertEqual(key.pkcs8PEM, pem)
    }

    func testRejectsRSAOtherCurvesAndGarbage() throws {
        // Given keys of the wrong type or curve, and text that is not a key
        let rsa = try pythonKey("rsa")
        let p384 = try pythonKey("p384")
        let candidates = [
            rsa["pkcs8"]!, rsa["traditional"]!, p384["pkcs8"]!, p384["traditional"]!,
            rsa["public"]!, "", "not a key",
            "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n",
        ]
        for pem in candidates {
            // When loaded
            // Then invalidKey is thrown
            XCTAssertThrowsError(try ES256PrivateKey(pem: pem)) { error in
                XCTAssertEqual(error as? CryptoError, .invalidKey, String(pem.prefix(40)))
                XCTAssertEqual((error as? CryptoError)?.code, "INVALID_KEY")
            }
        }
    }

    func testPKCS8ExportRoundTrips() throws {
        // Given a generated key
        let key = ES256PrivateKey.generate()
        // When exported and loaded again
        XCTAssertTrue(key.pkcs8PEM.hasPrefix("-----BEGIN PRIVATE KEY-----"))
        XCTAssertTrue(key.publicKeyPEM.hasPrefix("-----BEGIN PUBLIC KEY-----"))
        let loaded = try ES256PrivateKey(pem: key.pkcs8PEM)
        // Then it is the same key, and its description does not print it
        XCTAssertEqual(loaded.publicKeyPEM, key.publicKeyPEM)
        XCTAssertFalse("\(loaded)".contains("BEGIN"))
    }

    func testConcurrentSigningWithOneKey() throws {
        // Given one signer shared by many threads
        let key = ES256PrivateKey.generate()
        let signer = JWTSigner(key: key, keyId: "K")
        var tokens = [String?](repeating: nil, count: 64)
        // When all sign at once, each into its own slot
        tokens.withUnsafeMutableBufferPointer { slots in
            let slots = slots
            DispatchQueue.concurrentPerform(iterations: slots.count) { i in
                slots[i] = try? signer.sign(claims: ["iss": "t", "iat": .int(Int64(i))])
            }
        }
        // Then every signature is well formed, and a sample verifies independently
        let signed = tokens.compactMap { $0 }
        XCTAssertEqual(signed.count, 64)
        for token in signed {
            XCTAssertEqual(token.split(separator: ".").last.flatMap { Base64URL.decode(String($0)) }?.count, 64)
        }
        guard let sample = signed.last else { return XCTFail("no token was signed") }
        let result = try verify(jwt: sample, publicKeyPEM: key.publicKeyPEM)
        XCTAssertEqual(result.status, 0, result.stderr)
    }
}
