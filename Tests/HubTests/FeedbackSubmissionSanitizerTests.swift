import Foundation
import XCTest
@testable import IngestService
@testable import Shared

final class FeedbackSubmissionSanitizerTests: XCTestCase {
    let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJlLXZhbHVl"

    func testFreeTextSecretsAreReplaced() {
        // Given text carrying each recognised kind of secret
        let cases: [(String, String, String)] = [
            ("Authorization: Basic dXNlcjpwYXNz", "dXNlcjpwYXNz", "Authorization: [redacted]"),
            ("sent Bearer abc.DEF-123_xyz= to the API", "abc.DEF-123_xyz", "sent Bearer [redacted] to the API"),
            ("token \(jwt) expired", jwt, "token [redacted] expired"),
            ("Cookie: sid=42; theme=dark", "sid=42", "Cookie: [redacted]"),
            ("Set-Cookie: session=s3cr3t; HttpOnly", "s3cr3t", "Set-Cookie: [redacted]"),
            ("login?user=bob&password=hunter2&x=1", "hunter2", "password=[redacted]&x=1"),
            ("passwd: hunter2", "hunter2", "passwd: [redacted]"),
            ("access_token=abc123 refresh", "abc123", "access_token=[redacted] refresh"),
            ("secret=shh", "shh", "secret=[redacted]"),
            ("api_key=AKIA1234", "AKIA1234", "api_key=[redacted]"),
            ("{\"password\":\"p\\\"w\",\"user\":\"bob\"}", "p\\\"w", "{\"password\":\"[redacted]\",\"user\":\"bob\"}"),
            ("used an_0123456789abcdef to call", "an_0123456789abcdef", "used [redacted] to call"),
        ]
        for (input, secret, expected) in cases {
            // When sanitized
            let output = FeedbackSanitizer.sanitize(input)
            // Then the secret is gone and the surrounding text stays
            XCTAssertFalse(output.contains(secret), output)
            XCTAssertTrue(output.contains(expected), "\(output) lacks \(expected)")
        }
    }

    func testOrdinaryTextIsUnchanged() {
        for text in ["The save button does nothing on iPad.", "I forgot my password and the reset link failed",
                     "Tokens of appreciation", "plan_basic costs 3€"] {
            XCTAssertEqual(FeedbackSanitizer.sanitize(text), text)
        }
    }

    func testMetadataIsSanitizedRecursivelyAndSecretKeysLoseTheirValues() {
        // Given nested metadata with secret-named keys and secrets inside values
        let value = FeedbackJSONValue.object([
            ("headers", .object([("Authorization", .string("Bearer abc")), ("Accept", .string("application/json"))])),
            ("apiKey", .number(12345)),
            ("session_id", .string("xyz")),
            ("log", .array([.string("GET /me Bearer tok123"), .bool(true), .null])),
            ("status", .number(401)),
        ])
        // When sanitized
        var out = ""
        FeedbackSanitizer.sanitize(value).appendJSON(to: &out)
        // Then secret keys are redacted whatever their type, strings are scrubbed, the rest stays
        XCTAssertEqual(out, "{\"headers\":{\"Authorization\":\"[redacted]\",\"Accept\":\"application/json\"},\"apiKey\":\"[redacted]\","
                       + "\"session_id\":\"[redacted]\",\"log\":[\"GET /me Bearer [redacted]\",true,null],\"status\":401}")
    }
}
