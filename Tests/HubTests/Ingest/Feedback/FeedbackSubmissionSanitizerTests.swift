import Foundation
import TestSupport
import XCTest

@testable import HubRuntime
@testable import IngestService

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
        for text in [
            "The save button does nothing on iPad.", "I forgot my password and the reset link failed",
            "Tokens of appreciation", "plan_basic costs 3€",
        ] {
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
        XCTAssertEqual(
            out,
            "{\"headers\":{\"Authorization\":\"[redacted]\",\"Accept\":\"application/json\"},\"apiKey\":\"[redacted]\","
                + "\"session_id\":\"[redacted]\",\"log\":[\"GET /me Bearer [redacted]\",true,null],\"status\":401}")
    }

    func testSubtleShapesAreReplacedAsTheRegularExpressionsDid() {
        // Given texts where the old patterns' semantics are easy to get wrong
        let cases: [(String, String)] = [
            // JSON members: escaped quotes stay inside the value; a backslash before a line break ends nothing.
            ("{\"Password\" : \"a\\\"b\\\\\", \"n\":1}", "{\"Password\" : \"[redacted]\", \"n\":1}"),
            ("{\"x.api-key\":\"k\"}", "{\"x.api-key\":\"[redacted]\"}"),
            ("{\"password\":\"a\\\nb\"}", "{\"password\":\"a\\\nb\"}"),
            ("{\"passwords\":\"a\"}", "{\"passwords\":\"a\"}"),
            // Pairs: any case, blanks around the separator, values end at & , ; quotes or blanks.
            ("PASSWORD = hunter2;next", "PASSWORD = [redacted];next"),
            ("db.session-id:abc&x=1", "db.session-id:[redacted]&x=1"),
            ("password=[redacted] token=[REDACTED]", "password=[redacted] token=[REDACTED]"),
            ("password=[redacted]x", "password=[redacted]x"),
            ("my_token=\u{00A0}abc def", "my_token=\u{00A0}[redacted] def"),
            // Word boundaries: ASCII letters join the name, other letters and marks before it hide it, a dot does not.
            (
                "xpassword=1 éxpassword=2 é.password=3 中token=4 ²token=5",
                "xpassword=[redacted] éxpassword=2 é.password=[redacted] 中token=4 ²token=[redacted]"
            ),
            ("a\u{301}token=1 \u{200B}token=2", "a\u{301}token=1 \u{200B}token=[redacted]"),
            // Headers: to the end of the line or a quote; a blank before a quote is all that goes.
            ("Proxy-Authorization: Basic abc\r\nHost: x", "Proxy-Authorization: [redacted]\r\nHost: x"),
            ("SET-COOKIE=a=1; b=2\"rest", "SET-COOKIE=[redacted]\"rest"),
            ("Authorization: \"x\"", "Authorization:[redacted]\"x\""),
            ("xauthorization: y", "xauthorization: y"),
            // Bearer: the blanks between become one space; a word before it hides it.
            ("BEARER\n\tabc/+=~", "BEARER [redacted]"),
            ("unbearer abc", "unbearer abc"),
            // JWTs need three parts after a word boundary; the third may be empty.
            ("id=xeyJa.b.c eyJa.b. eyJa.b", "id=xeyJa.b.c [redacted] eyJa.b"),
            // Hub tokens need eight characters after `an_`.
            ("an_1234567 (an_12345678)", "an_1234567 ([redacted])"),
            // PEM keys: to their END line, else to the end of the text but before a final line break.
            ("a -----BEGIN RSA PRIVATE KEY-----\nx\n-----END RSA PRIVATE KEY----- b", "a [redacted] b"),
            ("-----BEGIN PRIVATE KEY-----\nx\ny\r\n", "[redacted]\r\n"),
            ("-----BEGIN PUBLIC KEY-----\nx", "-----BEGIN PUBLIC KEY-----\nx"),
            ("😀 token=é😀 done", "😀 token=[redacted] done"),
        ]
        for (input, expected) in cases {
            // When sanitized
            // Then the output is exactly what the regexes made of it
            XCTAssertEqual(FeedbackSanitizer.sanitize(input), expected, input.debugDescription)
            XCTAssertEqual(SecretRegexOracle.feedback(input), expected, "oracle: " + input.debugDescription)
        }
    }

    func testSanitizerAnswersWhatTheRegularExpressionsDid() {
        // Given many short texts mixing every pattern's pieces
        let texts = SecretRegexOracle.texts(count: 6_000, seed: 2026)
        var changed = 0
        for text in texts {
            // When sanitized by the scanner and by the regexes
            let expected = SecretRegexOracle.feedback(text)
            if expected != text { changed += 1 }
            // Then both give the same text
            XCTAssertEqual(FeedbackSanitizer.sanitize(text), expected, text.debugDescription)
        }
        // And the sample reached the patterns: many texts had something replaced
        XCTAssertGreaterThan(changed, texts.count / 10)
    }

    func testSecretKeysAreNamedAsTheAnchoredPatternDid() {
        for key in [
            "password", "db_Password", "x.api-key", "APIKEY", "session-id", "pwd", "password\n", "password\r\n",
            "password\n\n", "passwords", "my password", "", "token\u{2028}", "é_token",
        ] {
            XCTAssertEqual(SecretRule.isSecretName(key), SecretRegexOracle.isSecretName(key), key.debugDescription)
        }
    }

    func testSanitizingIsLinearOnAdversarialText() {
        // Given texts aimed at each old pattern's backtracking, at N and 4N bytes
        let shapes: [(String, String)] = [
            ("a.", " token"), ("-", "token"), ("_", " secret"), (".", "pwd"), ("-an_", ""), ("-eyJ", ""),
            ("Bearer ", "!"), ("bearer\t", ""), ("\"password\":\"", ""), ("\"token\":\"\\", ""), ("\"", ""),
            ("-----BEGIN PRIVATE KEY-----", ""), ("-----BEGIN A", ""), ("authorization:", ""), ("cookie= ", "\""),
            ("password=", ""), ("token ", "="),
        ]
        for (unit, tail) in shapes {
            // When each is sanitized (the best of five runs, so that a busy machine does not decide)
            let smallText = String(repeating: unit, count: 25_000 / unit.utf8.count) + tail
            let largeText = String(repeating: unit, count: 100_000 / unit.utf8.count) + tail
            let small = (0..<5).map { _ in seconds { _ = FeedbackSanitizer.sanitize(smallText) } }.min()!
            let large = (0..<5).map { _ in seconds { _ = FeedbackSanitizer.sanitize(largeText) } }.min()!
            // Then four times the text takes about four times as long, not sixteen
            XCTAssertLessThan(large, max(small * 8, 0.05), "\(unit.debugDescription): \(small) s then \(large) s")
        }
    }

    func testAMegabyteOfTheWorstTextIsSanitizedWellUnderASecond() {
        // Given a megabyte of the shape, and one of secrets that all match
        let adversarial = String(repeating: "a.", count: 500_000) + " token"
        let secrets = String(repeating: "password=x \"token\":\"y\" Bearer z eyJa.b.c an_123456789 ", count: 19_000)
        let cleanUnit = "password=[redacted] \"token\":\"[redacted]\" Bearer [redacted] [redacted] [redacted] "
        for (text, expected) in [(adversarial, adversarial), (secrets, String(repeating: cleanUnit, count: 19_000))] {
            XCTAssertGreaterThanOrEqual(text.utf8.count, 1_000_000)
            // When sanitized (the best of three runs, so that a busy machine does not decide)
            var output = ""
            let elapsed = (0..<3).map { _ in seconds { output = FeedbackSanitizer.sanitize(text) } }.min()!
            // Then it takes a fraction of the HTTP route's one second, even in a debug build, and every secret went
            XCTAssertLessThan(elapsed, 0.5)
            XCTAssertTrue(output == expected, String(output.prefix(200)))
        }
    }

    private func seconds(_ work: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        work()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
