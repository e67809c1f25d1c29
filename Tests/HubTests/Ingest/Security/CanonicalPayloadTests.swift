import Foundation
import TestSupport
import XCTest

@testable import IngestService

/// The idempotency hash is taken of `IngestStore.canonicalPayload`: its bytes must stay what
/// `JSONSerialization` writes with sorted keys, or a retry of a request recorded before would
/// become a 409.
final class CanonicalPayloadTests: XCTestCase {
    private static let keys = [
        "board", "title", "description", "authorName", "Board", "TITLE", "pageURL", "pageTitle", "a", "ab", "B", "viewport",
        "width", "height", "key2", "key10", "page_url", "x-y", "", "crème", "zzz", "Zed", "body", "locale",
    ]
    private static let strings = [
        "", "ideas", "Dark mode, please", "crème brûlée", "日本語のタイトル", "emoji 🎉 ok", "a/b", "line\\nbreak", "quote \\\"x\\\"",
        "tab\\t", "\\u00e9t\\u00e9", "\\u2028", "\u{2028}", "\u{7F}del", "back\\\\slash", "https://app.example.com/settings",
    ]
    private static let numbers = [
        "0", "1", "-1", "42", "390", "844", "123456789012345", "1234567890123456", "-0", "1.5", "1e3", "2E-2", "0.0", "-12.25", "01",
    ]

    private func value(_ random: inout SplitMix64, depth: Int) -> String {
        let space = ["", " ", "\n  ", "\t"][Int(random.next() % 4)]
        switch random.next() % (depth > 4 ? 5 : 7) {
        case 0: return space + "\"" + Self.strings.randomElement(using: &random)! + "\""
        case 1: return space + Self.numbers.randomElement(using: &random)!
        case 2: return space + ["true", "false", "null"].randomElement(using: &random)!
        case 3, 5: return object(&random, depth: depth + 1)
        case 4, 6: return "[" + (0..<Int(random.next() % 4)).map { _ in value(&random, depth: depth + 1) }.joined(separator: ",") + "]"
        default: return "null"
        }
    }

    private func object(_ random: inout SplitMix64, depth: Int) -> String {
        let members = (0..<Int(random.next() % 6)).map { _ in
            "\"" + Self.keys.randomElement(using: &random)! + "\" : " + value(&random, depth: depth)
        }
        return "{ " + members.joined(separator: ", ") + " }"
    }

    func testTheCanonicalPayloadIsWhatJSONSerializationWritesWithSortedKeys() throws {
        // Given 3,000 generated bodies: nested objects and arrays, keys of letters in any case,
        // keys with digits, underscores or case-only differences, duplicates, escapes,
        // non-ASCII text, integers, fractions and exponents, whitespace everywhere
        var random = SplitMix64(seed: 29)
        var fast = 0
        for round in 0..<3_000 {
            let text = round % 3 == 0 ? "[" + value(&random, depth: 0) + "]" : object(&random, depth: 0)
            let body = Array(text.utf8)
            // When each is made canonical
            let canonical = IngestStore.canonicalPayload(body)
            // Then the bytes are those of JSONSerialization, whichever path made them
            XCTAssertEqual(
                String(decoding: canonical, as: UTF8.self), String(decoding: IngestStore.serializedPayload(body), as: UTF8.self),
                "round \(round): \(text)")
            if CanonicalJSON.canonical(body) != nil { fast += 1 }
        }
        // And a good share of them took the linear path, not only the fallback
        XCTAssertGreaterThan(fast, 300)
    }

    func testSDKWriteBodiesTakeTheLinearPath() throws {
        // Given the bodies the SDK sends for ideas, comments, votes and chat messages
        let bodies = [
            #"{"board":"ideas","title":"Dark mode","description":"Please add it","authorName":"Ana"}"#,
            #"{ "body" : "Same here, crème brûlée 🎉", "authorName" : null }"#,
            #"{"voted":true}"#,
            #"{"body":"Message 12 from thread 1 under load","locale":"en","platform":"ios"}"#,
            #"{"type":"problem","message":"m","viewport":{"width":390,"height":844},"diagnostics":[{"level":"error"}]}"#,
        ]
        for text in bodies {
            // Then each is made canonical without JSONSerialization, to the same bytes
            let fast = try XCTUnwrap(CanonicalJSON.canonical(Array(text.utf8)), text)
            XCTAssertEqual(
                String(decoding: fast, as: UTF8.self), String(decoding: IngestStore.serializedPayload(Array(text.utf8)), as: UTF8.self))
        }
        XCTAssertEqual(
            String(decoding: CanonicalJSON.canonical(Array(#"{ "title": "x", "board" : "ideas" }"#.utf8))!, as: UTF8.self),
            #"{"board":"ideas","title":"x"}"#)
    }

    func testWhatTheLinearPathLeavesToJSONSerialization() {
        // Given bodies outside what the linear path decides: an escape, a fraction, a 16-digit
        // integer, -0, a key with a digit or an underscore, keys equal but for case, a
        // duplicate key, a top-level string, 33 levels of nesting, and text after the value
        let deep = String(repeating: "[", count: 33) + String(repeating: "]", count: 33)
        for text in [
            #"{"a":"x\ny"}"#, #"{"a":1.5}"#, #"{"a":1234567890123456}"#, #"{"a":-0}"#, #"{"key2":1}"#, #"{"page_url":1}"#,
            #"{"a":1,"A":2}"#, #"{"a":1,"a":2}"#, #""text""#, deep, #"{"a":1} x"#, #"{"a":1,}"#, "",
        ] {
            // Then it answers nil, and the caller falls back
            XCTAssertNil(CanonicalJSON.canonical(Array(text.utf8)), text)
        }
        // And 32 levels are still decided on the linear path
        let thirtyTwo = String(repeating: "[", count: 32) + String(repeating: "]", count: 32)
        XCTAssertEqual(CanonicalJSON.canonical(Array(thirtyTwo.utf8)).map { String(decoding: $0, as: UTF8.self) }, thirtyTwo)
    }
}
