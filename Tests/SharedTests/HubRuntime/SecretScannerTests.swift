import Foundation
import TestSupport
import XCTest

@testable import HubRuntime

/// `Redactor.scrub` (log text) after its regular expressions became `SecretScanner`: the
/// same answers, in time linear in the text.
final class SecretScannerTests: XCTestCase {
    func testScrubAnswersWhatTheRegularExpressionsDid() {
        // Given texts mixing credentials, keys and tokens with the characters around them
        let texts =
            SecretRegexOracle.texts(count: 6_000, seed: 18) + [
                "auth failed for Bearer an_abcdefghijklmnopqrstuvwxyz0123456789",
                "xbearer abc", "BEARER\n\ttok/+=~", "bearer", "bearer  ", "plan_basic an_1234567 an_12345678",
                "-----BEGIN RSA PRIVATE KEY-----\nMIG\n-----END RSA PRIVATE KEY-----tail",
                "-----BEGIN PRIVATE KEY-----\nMIG\n", "-----BEGIN PRIVATE KEY-----\r\n", "-----BEGIN PUBLIC KEY-----\nx",
            ]
        for text in texts {
            // When scrubbed by the scanner and by the regexes
            // Then both give the same text
            XCTAssertEqual(Redactor.scrub(text), SecretRegexOracle.log(text), text.debugDescription)
        }
    }

    func testSecretShapesAreReplaced() {
        XCTAssertEqual(Redactor.scrub("header Authorization: Bearer sk_live_12345 sent"), "header Authorization: Bearer [redacted] sent")
        XCTAssertEqual(Redactor.scrub("key an_0123456789abcdef, plan_basic"), "key an_[redacted], plan_basic")
        XCTAssertEqual(
            Redactor.scrub("k=-----BEGIN EC PRIVATE KEY-----\nAAA\n-----END EC PRIVATE KEY----- ok"),
            "k=[redacted private key] ok")
        // Without its END line a key runs to the end of the text, but before a final line break.
        XCTAssertEqual(Redactor.scrub("-----BEGIN PRIVATE KEY-----\nAAA\nBBB\n"), "[redacted private key]\n")
        XCTAssertEqual(Redactor.scrub("nothing here"), "nothing here")
    }

    func testScrubIsLinearOnAdversarialText() {
        // Given texts aimed at each old pattern's backtracking, at N and 4N bytes
        let shapes: [(String, String)] = [
            ("bearer ", ""), ("Bearer\t", "x"), ("-an_", ""), ("an_-", ""), ("-----BEGIN PRIVATE KEY-----", ""),
            ("-----BEGIN AAAA", ""), ("-----END PRIVATE KEY-----", "-----BEGIN PRIVATE KEY-----"), ("a.", " token"),
        ]
        for (unit, tail) in shapes {
            // When each is scrubbed
            let small = seconds { _ = Redactor.scrub(String(repeating: unit, count: 25_000 / unit.utf8.count) + tail) }
            let large = seconds { _ = Redactor.scrub(String(repeating: unit, count: 100_000 / unit.utf8.count) + tail) }
            // Then four times the text takes about four times as long, not sixteen
            XCTAssertLessThan(large, max(small * 8, 0.05), "\(unit.debugDescription): \(small) s then \(large) s")
        }
    }

    private func seconds(_ work: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        work()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
