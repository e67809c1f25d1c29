import Foundation
import XCTest

@testable import HubCrypto
@testable import HubHTTPServer
@testable import HubRuntime
@testable import IngestService

final class IdentityVerifierTests: XCTestCase {
    let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))
    let secret = "s3cret-for-tests"
    let projectId = "0190aaaa-bbbb-7ccc-8ddd-eeeeffff0000"
    var verifier: IdentityVerifier { IdentityVerifier(clock: clock) }
    var now: Int64 { Int64(clock.now().timeIntervalSince1970) }

    func sign(_ payload: String, secret: String? = nil) -> String {
        Hex.encode(HMACSHA256.mac(key: Array((secret ?? self.secret).utf8), message: Array(payload.utf8)))
    }

    func v1(email: String = "Ada@Example.com ", expires: Int64? = nil, secret: String? = nil) -> HTTPHeaders {
        let exp = expires ?? now + 900
        let normalized = email.trimmingCharacters(in: .whitespaces).lowercased()
        var h = HTTPHeaders()
        h.append(name: "X-AppNorth-Identity-Email", value: email)
        h.append(name: "X-AppNorth-Identity-Expires", value: String(exp))
        h.append(name: "X-AppNorth-Identity-Signature", value: sign("v1\n\(projectId)\n\(exp)\n\(normalized)", secret: secret))
        return h
    }

    func v2(_ canonical: String, signAs: String? = nil, email: String = "ada@example.com") -> HTTPHeaders {
        let exp = now + 900
        var h = HTTPHeaders()
        h.append(name: "X-AppNorth-Identity-Email", value: email)
        h.append(name: "X-AppNorth-Identity-Expires", value: String(exp))
        h.append(name: "X-AppNorth-Identity-Signature", value: sign("v2\n\(projectId)\n\(exp)\n\(email)\n\(signAs ?? canonical)"))
        h.append(name: "X-AppNorth-Identity-Properties", value: Base64URL.encode(Array(canonical.utf8)))
        return h
    }

    func assertInvalid(
        _ headers: HTTPHeaders, secret: String? = "s3cret-for-tests", _ code: String = "INVALID_IDENTITY",
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertThrowsError(try verifier.verify(headers, projectId: projectId, secret: secret), file: file, line: line) { error in
            XCTAssertEqual((error as? APIError)?.code, code, "\(error)", file: file, line: line)
            XCTAssertEqual((error as? APIError)?.status, 401, file: file, line: line)
        }
    }

    func testAValidV1CredentialVerifiesWithTheNormalizedEmail() throws {
        let identity = try XCTUnwrap(try verifier.verify(v1(), projectId: projectId, secret: secret))
        XCTAssertEqual(identity.email, "ada@example.com")
        XCTAssertNil(identity.properties)
    }

    func testNoHeadersMeansNoIdentityAndNoSecretMeansNotConfigured() throws {
        XCTAssertNil(try verifier.verify(HTTPHeaders(), projectId: projectId, secret: secret))
        assertInvalid(v1(), secret: nil, "IDENTITY_NOT_CONFIGURED")
    }

    func testTamperedExpiredOverLongAndRotatedCredentialsAreRejected() {
        // Tampered email: the signature was made for another address
        var tampered = v1()
        tampered = HTTPHeaders(tampered.entries.map { $0.0 == "X-AppNorth-Identity-Email" ? ($0.0, "eve@example.com") : $0 })
        assertInvalid(tampered)
        // Tampered expiry
        let exp = now + 900
        var h = v1(expires: exp)
        h = HTTPHeaders(h.entries.map { $0.0 == "X-AppNorth-Identity-Expires" ? ($0.0, String(exp + 1)) : $0 })
        assertInvalid(h)
        // Expired beyond the 60 s skew, and more than 24 h (+ skew) ahead
        assertInvalid(v1(expires: now - 61))
        assertInvalid(v1(expires: now + 24 * 3600 + 61))
        // Signed with a secret that has since been rotated
        assertInvalid(v1(secret: "the-old-secret"))
        // Missing signature, uppercase hex, non-integer expiry
        assertInvalid(HTTPHeaders(v1().entries.filter { $0.0 != "X-AppNorth-Identity-Signature" }))
        assertInvalid(HTTPHeaders(v1().entries.map { $0.0 == "X-AppNorth-Identity-Signature" ? ($0.0, $0.1.uppercased()) : $0 }))
        assertInvalid(HTTPHeaders(v1().entries.map { $0.0 == "X-AppNorth-Identity-Expires" ? ($0.0, "1.8e9") : $0 }))
    }

    func testSkewAndLifetimeEdgesAreAccepted() throws {
        XCTAssertNotNil(try verifier.verify(v1(expires: now - 59), projectId: projectId, secret: secret))
        XCTAssertNotNil(try verifier.verify(v1(expires: now + 24 * 3600), projectId: projectId, secret: secret))
    }

    func testV2PropertiesVerifyWhenCanonical() throws {
        let canonical = #"{"beta":true,"plan":"pro","score":1.5,"seats":3}"#
        let identity = try XCTUnwrap(try verifier.verify(v2(canonical), projectId: projectId, secret: secret))
        XCTAssertEqual(identity.properties, ["beta": .boolean(true), "plan": .string("pro"), "seats": .number(3), "score": .number(1.5)])
        // An empty object is still v2
        XCTAssertEqual(try verifier.verify(v2("{}"), projectId: projectId, secret: secret)?.properties, [:])
    }

    func testEachV2PropertyRuleIsEnforced() {
        let tooMany = "{" + (0..<21).map { String(format: "\"k%02d\":1", $0) }.joined(separator: ",") + "}"
        let bigString = "{\"a\":\"" + String(repeating: "x", count: 201) + "\"}"
        let tooLarge =
            "{" + (0..<11).map { String(format: "\"k%02d\":\"%@\"", $0, String(repeating: "y", count: 190)) }.joined(separator: ",") + "}"
        let cases: [(String, String)] = [
            (tooMany, "more than 20 keys"),
            (#"{"1abc":1}"#, "key must start with a letter"),
            (#"{"a b":1}"#, "key with a space"),
            ("{\"" + String(repeating: "k", count: 65) + "\":1}", "key over 64 characters"),
            (#"{"constructor":"x"}"#, "constructor"),
            (#"{"a":null}"#, "null"),
            (#"{"a":{"b":1}}"#, "object"),
            (#"{"a":[1]}"#, "array"),
            (bigString, "string over 200"),
            (tooLarge, "serialized over 2 KiB"),
            (#"{"b":1,"a":2}"#, "keys not sorted"),
            (#"{"a": 1}"#, "whitespace"),
            (#"{"a":1.0}"#, "number not as JavaScript prints it"),
            (#"{"a":1e2}"#, "exponent where JavaScript prints 100"),
            (#"{"a":"\/"}"#, "needless escape"),
            (#"{"a":1,"a":1}"#, "duplicate key"),
            ("[1]", "not an object"),
        ]
        for (canonical, why) in cases {
            XCTAssertThrowsError(try verifier.verify(v2(canonical), projectId: projectId, secret: secret), why) { error in
                XCTAssertEqual((error as? APIError)?.code, "INVALID_IDENTITY", why)
            }
        }
        // Properties changed on the client after signing
        assertInvalid(v2(#"{"plan":"enterprise"}"#, signAs: #"{"plan":"pro"}"#))
        // Padding in the base64url header
        var padded = v2(#"{"a":1}"#)
        padded = HTTPHeaders(padded.entries.map { $0.0 == "X-AppNorth-Identity-Properties" ? ($0.0, $0.1 + "=") : $0 })
        assertInvalid(padded)
    }

    func testNumbersAreFormattedAsJavaScriptDoes() {
        let cases: [(Double, String)] = [
            (1, "1"), (-0.0, "0"), (1.5, "1.5"), (-2.25, "-2.25"), (100, "100"), (1e20, "100000000000000000000"),
            (1e21, "1e+21"), (1.5e300, "1.5e+300"), (0.000001, "0.000001"), (1e-7, "1e-7"),
            (1.25e-7, "1.25e-7"), (0.1 + 0.2, "0.30000000000000004"), (Double.leastNonzeroMagnitude, "5e-324"),
            (123_456_789_012, "123456789012"),
        ]
        for (value, text) in cases { XCTAssertEqual(JSNumber.format(value), text, "\(value)") }
    }
}
