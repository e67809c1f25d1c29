import TestSupport
import XCTest

@testable import HubCrypto

/// scrypt (RFC 7914) through libcrypto, and passwords stored as `scrypt$15$8$1$<salt>$<key>`.
final class ScryptTests: XCTestCase {
    func testScryptMatchesRFC7914Vectors() {
        // Given the test vectors of RFC 7914 §12
        let vectors: [(password: String, salt: String, n: UInt64, r: UInt64, p: UInt64, key: String)] = [
            (
                "", "", 16, 1, 1,
                "77d6576238657b203b19ca42c18a0497f16b4844e3074ae8dfdffa3fede21442fcd0069ded0948f8326a753a0fc81f17e8d3e0fb2e0d3628cf35e20c38d18906"
            ),
            (
                "password", "NaCl", 1024, 8, 16,
                "fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b3731622eaf30d92e22a3886ff109279d9830dac727afb94a83ee6d8360cbdfa2cc0640"
            ),
            (
                "pleaseletmein", "SodiumChloride", 16384, 8, 1,
                "7023bdcb3afd7348461c06cd81fd38ebfda8fbba904f8e3ea9b543f6545da1f2d5432955613f0fcf62d49705242a9af9e61e85dc0d651e40dfcf017b45575887"
            ),
        ]
        for vector in vectors {
            // When each is derived to 64 bytes
            let key = Scrypt.derive(
                password: Array(vector.password.utf8), salt: Array(vector.salt.utf8), n: vector.n, r: vector.r, p: vector.p, length: 64)
            // Then the key is the published one
            XCTAssertEqual(key.map(Hex.encode), vector.key, "N=\(vector.n) r=\(vector.r) p=\(vector.p)")
        }
    }

    func testScryptRefusesParametersOutsideItsBounds() {
        // Given parameters a damaged stored hash could carry
        let password = Array("correct horse".utf8)
        let salt = Array("salt".utf8)
        // When N is not a power of two, N, r or p is too large, or the length is zero
        // Then nothing is derived (and nothing is allocated for it)
        XCTAssertNil(Scrypt.derive(password: password, salt: salt, n: 1000, r: 8, p: 1, length: 32))
        XCTAssertNil(Scrypt.derive(password: password, salt: salt, n: 1 << 21, r: 8, p: 1, length: 32))
        XCTAssertNil(Scrypt.derive(password: password, salt: salt, n: 1 << 10, r: 33, p: 1, length: 32))
        XCTAssertNil(Scrypt.derive(password: password, salt: salt, n: 1 << 10, r: 8, p: 17, length: 32))
        XCTAssertNil(Scrypt.derive(password: password, salt: salt, n: 1 << 10, r: 8, p: 1, length: 0))
        // And the largest allowed N still derives, its memory above the 32 MiB of N·r·128
        XCTAssertGreaterThan(Scrypt.memory(n: 1 << 15, r: 8, p: 1), 32 * 1024 * 1024)
        XCTAssertNotNil(Scrypt.derive(password: password, salt: salt, n: 1 << 15, r: 8, p: 1, length: 32))
    }

    func testAStoredHashIsWhatPythonsScryptComputesAndPythonsHashesVerify() throws {
        // Given a password hashed here, with the hub's parameters
        let password = "tr0ub4dor & 3 ünïcode"
        let stored = PasswordHash.make(password)
        let parts = stored.split(separator: "$").map(String.init)
        XCTAssertEqual(Array(parts.prefix(4)), ["scrypt", "15", "8", "1"])
        XCTAssertEqual(Base64URL.decode(parts[4])?.count, 16)
        XCTAssertEqual(Base64URL.decode(parts[5])?.count, 32)
        // When Python's hashlib.scrypt recomputes its key from the stored salt, and hashes
        // another password with its own salt in the same format
        let script = """
            import base64, hashlib, os, sys
            def b64d(s): return base64.urlsafe_b64decode(s + "=" * (-len(s) % 4))
            def b64e(b): return base64.urlsafe_b64encode(b).rstrip(b"=").decode()
            _, log2n, r, p, salt, key = sys.argv[2].split("$")
            mine = hashlib.scrypt(sys.argv[1].encode(), salt=b64d(salt), n=1 << int(log2n), r=int(r), p=int(p),
                                  maxmem=64 * 1024 * 1024, dklen=len(b64d(key)))
            print(b64e(mine) == key)
            salt = os.urandom(16)
            theirs = hashlib.scrypt(sys.argv[3].encode(), salt=salt, n=1 << 15, r=8, p=1, maxmem=64 * 1024 * 1024, dklen=32)
            print("$".join(["scrypt", "15", "8", "1", b64e(salt), b64e(theirs)]))
            """
        let lines = try TestPython.script(script, [password, stored, "another passphrase"]).split(separator: "\n").map(String.init)
        // Then Python agrees with the stored key, and its hash verifies here for its password only
        XCTAssertEqual(lines.first, "True")
        let python = try XCTUnwrap(lines.last)
        XCTAssertTrue(PasswordHash.verify("another passphrase", against: python))
        XCTAssertFalse(PasswordHash.verify("another passphrasE", against: python))
    }

    func testVerifyRefusesAWrongPasswordAnAlteredKeyAndMalformedHashes() throws {
        // Given a stored hash
        let stored = PasswordHash.make("a long enough password")
        XCTAssertTrue(PasswordHash.verify("a long enough password", against: stored))
        // When the password differs, or the stored key's first or last byte is changed
        var parts = stored.split(separator: "$").map(String.init)
        let key = try XCTUnwrap(Base64URL.decode(parts[5]))
        var first = key
        first[0] ^= 0x01
        var last = key
        last[31] ^= 0x80
        func with(key: [UInt8]) -> String {
            parts[5] = Base64URL.encode(key)
            return parts.joined(separator: "$")
        }
        // Then each is refused
        XCTAssertFalse(PasswordHash.verify("a long enough passworD", against: stored))
        XCTAssertFalse(PasswordHash.verify("a long enough password", against: with(key: first)))
        XCTAssertFalse(PasswordHash.verify("a long enough password", against: with(key: last)))
        // And so is every string that is not a hash of this form or asks too much of scrypt
        for malformed in [
            "", "scrypt$15$8$1$", "bcrypt$15$8$1$c2FsdA$a2V5", "scrypt$x$8$1$c2FsdA$a2V5", "scrypt$25$8$1$c2FsdA$a2V5",
            "scrypt$15$8$99$c2FsdA$a2V5", "scrypt$15$8$1$$a2V5", "scrypt$15$8$1$c2FsdA$", "scrypt$15$8$1$c2Fsd+$a2V5",
        ] {
            XCTAssertFalse(PasswordHash.verify("a long enough password", against: malformed), malformed)
        }
    }

    func testEachHashHasItsOwnSalt() {
        // Given the same password hashed twice
        let a = PasswordHash.make("same password here")
        let b = PasswordHash.make("same password here")
        // Then the strings differ (salt and key), and both verify
        XCTAssertNotEqual(a, b)
        XCTAssertNotEqual(a.split(separator: "$")[4], b.split(separator: "$")[4])
        XCTAssertTrue(PasswordHash.verify("same password here", against: a))
        XCTAssertTrue(PasswordHash.verify("same password here", against: b))
    }
}
