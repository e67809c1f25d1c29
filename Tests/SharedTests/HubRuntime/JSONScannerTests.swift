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

    func testTheLowestFlagOfAWordIsItsFirstByteThatMayEndOrEscapeAString() {
        func flags(_ bytes: [UInt8]) -> UInt64 {
            JSONScanner.specialBytes(UInt64(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }))
        }
        // Every byte value at every position among ordinary bytes (ASCII and not)
        for filler: UInt8 in [UInt8(ascii: "a"), 0x20, 0x7F, 0x80, 0xE9, 0xFF] {
            for position in 0..<8 {
                for value in 0...255 {
                    var bytes = [UInt8](repeating: filler, count: 8)
                    bytes[position] = UInt8(value)
                    let special = value < 0x20 || value == 0x22 || value == 0x5C
                    let found = flags(bytes)
                    XCTAssertEqual(found == 0 ? nil : found.trailingZeroBitCount / 8, special ? position : nil, "\(value) at \(position)")
                }
            }
        }
        // With several, the first one, whatever follows it
        var generator = SplitMix(seed: 37)
        let pool: [UInt8] = [0x00, 0x01, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x61, 0x7F, 0x80, 0xA2, 0xDC, 0xFF]
        for _ in 0..<20000 {
            let bytes = (0..<8).map { _ in pool[Int(generator.next() % UInt64(pool.count))] }
            let first = bytes.firstIndex { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }
            let found = flags(bytes)
            XCTAssertEqual(found == 0 ? nil : found.trailingZeroBitCount / 8, first, "\(bytes)")
        }
    }

    /// `plainString` of `bytes` between quotes.
    private func plain(_ bytes: [UInt8]) -> String? {
        ([UInt8(ascii: "\"")] + bytes + [UInt8(ascii: "\"")]).withUnsafeBufferPointer { JSONScanner.plainString($0[...]) }
    }

    func testAPlainStringIsItsTextAndBytesThatAreNotUTF8AreRefused() {
        XCTAssertEqual(plain(Array("projectId 0123-abcd ~".utf8)), "projectId 0123-abcd ~")
        XCTAssertEqual(plain([]), "")
        XCTAssertEqual(plain(Array("Crème 😀".utf8)), "Crème 😀")
        // An escape is left to JSONDecoder, wherever it is
        XCTAssertNil(plain(Array(#"a\nb"#.utf8)))
        XCTAssertNil(plain(Array(#"é\"#.utf8)))
        // Not UTF-8: a lone lead byte, a stray continuation, an overlong form, a byte never used,
        // after ASCII or alone
        for bad: [UInt8] in [[0xC3], [0x80], [0xC0, 0xAF], [0xFF], [0x61, 0x62, 0xC3], [0x61, 0xED, 0xA0, 0x80]] {
            XCTAssertNil(plain(bad), "\(bad)")
        }
        // Without its quotes it is not a string
        XCTAssertNil(Array("abc".utf8).withUnsafeBufferPointer { JSONScanner.plainString($0[...]) })
    }

    func testPlainStringsAgreeWithUTF8ValidationOnGeneratedBytes() {
        // ASCII letters mixed with every byte from 0x80 up, so valid and invalid sequences
        // both turn up at every position
        var generator = SplitMix(seed: 31)
        var valid = 0
        for _ in 0..<4000 {
            let count = Int(generator.next() % 12)
            let bytes = (0..<count).map { _ -> UInt8 in
                generator.next() % 2 == 0 ? UInt8(ascii: "a") + UInt8(generator.next() % 26) : 0x80 + UInt8(generator.next() % 0x80)
            }
            let expected = String(validating: bytes, as: UTF8.self)
            XCTAssertEqual(plain(bytes), expected, "\(bytes)")
            if expected != nil { valid += 1 }
        }
        XCTAssertGreaterThan(valid, 400)
        XCTAssertLessThan(valid, 3600)
    }

    func testEqualComparesLengthsAndBytes() {
        Array(#"nullx"null""#.utf8).withUnsafeBufferPointer { bytes in
            XCTAssertTrue(JSONScanner.equal(bytes[0..<4], "null"))
            XCTAssertFalse(JSONScanner.equal(bytes[0..<5], "null"))
            XCTAssertFalse(JSONScanner.equal(bytes[0..<3], "null"))
            XCTAssertFalse(JSONScanner.equal(bytes[1..<5], "null"))
            XCTAssertTrue(JSONScanner.equal(bytes[0..<0], ""))
            XCTAssertTrue(JSONScanner.equal(bytes[0..<4], bytes[6..<10]))
            XCTAssertFalse(JSONScanner.equal(bytes[0..<4], bytes[5..<9]))
            XCTAssertFalse(JSONScanner.equal(bytes[0..<4], bytes[6..<9]))
        }
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
