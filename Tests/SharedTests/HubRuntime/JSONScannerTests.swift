import Foundation
import XCTest

@testable import HubRuntime

/// `JSONScanner` decides what the RPC envelope and the self-reading bodies accept: its
/// strings must be JSON's strings (RFC 8259), as Foundation's parser reads them.
final class JSONScannerTests: XCTestCase {
    /// Where `string()` stops on `text`, and what it answers.
    private func scan(_ text: String) -> (range: Range<Int>?, at: Int) {
        Array(text.utf8).withUnsafeBufferPointer { bytes in
            var scanner = JSONScanner(bytes: bytes)
            let range = scanner.string()
            return (range, scanner.at)
        }
    }

    private func foundationAccepts(_ text: String) -> Bool {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) is String
    }

    func testStringsEndAtTheirClosingQuoteAndKeepTheirEscapes() {
        XCTAssertEqual(scan(#""abc", 1"#).range, 0..<5)
        XCTAssertEqual(scan(#""""#).range, 0..<2)
        XCTAssertEqual(scan(#""a\"b" x"#).range, 0..<6)
        XCTAssertEqual(scan(#""\\" x"#).range, 0..<4)
        XCTAssertEqual(scan(#""\u00e9\n\/" x"#).range, 0..<12)
        XCTAssertEqual(scan("\"Crème 😀\"").range, 0..<13)
        // A \u escape needs exactly four hex digits, however the buffer ends
        XCTAssertEqual(scan(#""\u00aF""#).range, 0..<8)
        XCTAssertNil(scan(#""\u00a""#).range)
        XCTAssertNil(scan(#""\u00a"#).range)
        XCTAssertNil(scan(#""\u00g0""#).range)
        // Not strings: no opening quote, no closing one, a raw control byte, an unknown escape
        XCTAssertNil(scan("abc\"").range)
        XCTAssertEqual(scan("abc\"").at, 0)
        XCTAssertNil(scan(#""abc"#).range)
        XCTAssertNil(scan("\"a\u{1F}b\"").range)
        XCTAssertNotNil(scan("\"a\u{20}b\"").range)
        XCTAssertNil(scan(#""a\x""#).range)
        XCTAssertNil(scan("\"a\\").range)
    }

    func testAStringEndsWhereverItsQuoteIsAndRefusesWhatComesAnywhere() {
        // A string's end, an escape or a control byte at every distance from its start
        for length in 0..<40 {
            let run = String(repeating: "é", count: length / 2) + String(repeating: "x", count: length % 2)
            XCTAssertEqual(scan("\"" + run + "\" tail").range, 0..<(run.utf8.count + 2), "\(length)")
            XCTAssertEqual(scan("\"" + run + "\\n\"").range, 0..<(run.utf8.count + 4), "\(length)")
            XCTAssertNil(scan("\"" + run + "\u{01}\"").range, "\(length)")
            XCTAssertNil(scan("\"" + run + "\\q\"").range, "\(length)")
            XCTAssertNil(scan("\"" + run).range, "\(length)")
        }
    }

    func testGeneratedStringsAreAcceptedExactlyAsFoundationAcceptsThem() {
        // Pieces that make valid and invalid strings; no lone surrogates, which the grammar
        // allows and Foundation's decoding refuses.
        let pieces = [
            "a", "Z", " ", "~", "é", "😀", "\u{7F}", "\"", "\\", "\\\"", "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t",
            "\\u00e9", "\\u0041", "\\uFFFF", "\\x", "\\u12", "\\u12G4", "\\'", "\u{01}", "\u{1F}", "\t", "\n",
        ]
        var generator = SplitMix(seed: 29)
        var accepted = 0
        for _ in 0..<3000 {
            let count = Int(generator.next() % 24)
            let inner = (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            let text = "\"" + inner + "\""
            let scanned = scan(text)
            let whole = scanned.range == 0..<text.utf8.count
            XCTAssertEqual(whole, foundationAccepts(text), text.debugDescription)
            if whole { accepted += 1 }
        }
        // Both sides were exercised
        XCTAssertGreaterThan(accepted, 300)
        XCTAssertLessThan(accepted, 2700)
    }
}

/// A small deterministic generator, so a failure repeats.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
