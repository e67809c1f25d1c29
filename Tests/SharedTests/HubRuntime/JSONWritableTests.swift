import Foundation
import HubHTTPServer
import HubMessaging
import HubRuntime
import TestSupport
import XCTest

/// Values that write their own JSON write what JSONEncoder writes: the 201 of a chat message
/// (`JSONWritable`: the same members and values; JSONEncoder keeps no member order) and the
/// outbox's `chat.user_message` event (`SortedJSONWritable`, keys sorted: the same bytes), for
/// generated values full of characters that need escaping.
final class JSONWritableTests: XCTestCase {
    /// Quotes, backslashes, slashes, every control character's kind, DEL, U+2028/U+2029,
    /// non-ASCII letters, a combining mark and an emoji.
    private static let alphabet: [String] = [
        "a", "Z", "0", " ", "\"", "\\", "/", "\n", "\r", "\t", "\u{08}", "\u{0C}", "\u{00}", "\u{01}", "\u{1F}", "\u{7F}",
        "\u{2028}", "\u{2029}", "é", "e\u{301}", "ß", "日", "😀", "<", "&",
    ]

    private func text(_ random: inout SplitMix64, maxLength: Int = 12) -> String {
        let count = Int(random.next() % UInt64(maxLength + 1))
        return (0..<count).map { _ in Self.alphabet[Int(random.next() % UInt64(Self.alphabet.count))] }.joined()
    }

    private func optional(_ random: inout SplitMix64) -> String? {
        random.next() % 3 == 0 ? nil : text(&random)
    }

    /// The parsed object, so members compare whatever their order.
    private func object(_ text: String) throws -> NSDictionary {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) as? NSDictionary)
    }

    private func encoded(_ value: some Encodable, sorted: Bool = false) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = sorted ? [.sortedKeys, .withoutEscapingSlashes] : [.withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    func testEncoderStringsAreJSONEncodersBytesAndTheOtherFormStillEscapesLineSeparators() throws {
        struct Box: Encodable { let s: String }
        // Given one string per character of the alphabet, and every one of the 32 control characters
        let strings = Self.alphabet + (0..<32).map { String(UnicodeScalar(UInt8($0))) }
        for string in strings {
            var out = "{\"s\":"
            JSONText.appendEncoderString(string, to: &out)
            out += "}"
            // Then the encoder form is what JSONEncoder writes
            XCTAssertEqual(out, try encoded(Box(s: string)), string.unicodeScalars.map { String($0.value, radix: 16) }.joined())
        }
        // And a JSONBuffer writes the same bytes, null for no string
        for string in strings {
            var buffer = JSONBuffer()
            buffer.string(string)
            XCTAssertEqual(buffer.text, String(try encoded(Box(s: string)).dropFirst(5).dropLast()))
        }
        var none = JSONBuffer()
        none.optional(nil)
        XCTAssertEqual(none.bytes, Array("null".utf8))
        // And the form for log lines and pages keeps escaping U+2028 and U+2029
        XCTAssertEqual(JSONText.quoted("a\u{2028}b\u{2029}"), #""a\u2028b\u2029""#)
        XCTAssertEqual(JSONText.quoted("\u{08}\u{0C}"), #""\u0008\u000c""#)
    }

    func testAJSONBufferWritesIntegersAsStringDoesAndLiteralsAsTheyAre() {
        // Given the edges of Int64, each power of ten and its neighbours, and generated values
        var values: [Int64] = [0, 1, -1, 9, -9, Int64.max, Int64.min, Int64.max - 1, Int64.min + 1]
        var power: Int64 = 10
        for _ in 1...18 {
            values += [power - 1, power, power + 1, -power + 1, -power, -power - 1]
            power = power.multipliedReportingOverflow(by: 10).overflow ? power : power * 10
        }
        var random = SplitMix64(seed: 64)
        values += (0..<2_000).map { _ in Int64(bitPattern: random.next()) >> (random.next() % 64) }
        for value in values {
            // When a buffer holding a literal already writes the value after it
            var buffer = JSONBuffer()
            buffer.literal("{\"deadline\":")
            buffer.integer(value)
            buffer.literal("}")
            // Then its text is the literal, the value's decimal digits as String writes them, and the brace
            XCTAssertEqual(buffer.text, "{\"deadline\":\(value)}")
        }
    }

    func testAppendingAStringToAJSONBufferAppendsItsUTF8AsItIs() {
        // Given literals, built strings, non-ASCII text, a substring's copy, a string bridged
        // from Foundation and an empty one
        let built = String(repeating: "ab", count: 40) + "\(12345)"
        let bridged = NSString(string: "bridged \u{1F600} text") as String
        let cut = String("prefix:the rest".split(separator: ":")[1])
        let texts = [",\"name\":", "null", "", "é\u{301}ü→", built, bridged, cut, String(repeating: "x", count: 5_000)]
        var buffer = JSONBuffer(capacity: 0)
        var expected: [UInt8] = []
        for text in texts {
            // When each is appended after the others
            buffer += text
            expected += Array(text.utf8)
            // Then the buffer holds their UTF-8 bytes, in order, unchanged
            XCTAssertEqual(buffer.bytes, expected)
        }
    }

    func testAJSONBufferWritesTheScriptSafeFormAsJSONTextDoes() {
        // Given single characters, every control character, and generated strings
        var random = SplitMix64(seed: 2028)
        let strings =
            Self.alphabet + (0..<32).map { String(UnicodeScalar(UInt8($0))) } + (0..<500).map { _ in text(&random, maxLength: 40) }
        for string in strings {
            // When a buffer writes it in the script-safe form
            var buffer = JSONBuffer()
            buffer.scriptSafeString(string)
            // Then its bytes are JSONText's
            XCTAssertEqual(buffer.text, JSONText.quoted(string), string.unicodeScalars.map { String($0.value, radix: 16) }.joined())
            var optional = JSONBuffer()
            optional.scriptSafeOptional(string)
            XCTAssertEqual(optional.bytes, buffer.bytes)
        }
        var buffer = JSONBuffer()
        buffer.scriptSafeString("a\u{2028}b\u{2029}\u{08}")
        XCTAssertEqual(buffer.text, #""a\u2028b\u2029\u0008""#)
        var none = JSONBuffer()
        none.scriptSafeOptional(nil)
        XCTAssertEqual(none.text, "null")
    }

    func testChatMessagesWriteJSONEncodersBytes() throws {
        var random = SplitMix64(seed: 0x6A73_6F6E)
        for round in 0..<1_500 {
            let card =
                random.next() % 3 == 0
                ? ChatActionCardDTO(
                    kind: text(&random), paywallId: optional(&random), titleAtSend: text(&random), buttonLabel: text(&random),
                    body: optional(&random), available: random.next() % 2 == 0) : nil
            let images = (0..<Int(random.next() % 3)).map { _ in
                ChatImageDTO(
                    id: text(&random), url: optional(&random), width: Int(random.next() % 5_000),
                    height: Int(random.next() % 5_000), key: optional(&random),
                    expired: [nil, true, false][Int(random.next() % 3)])
            }
            let message = ChatMessageDTO(
                id: text(&random), sender: random.next() % 2 == 0 ? .user : .team, body: text(&random, maxLength: 40),
                createdAt: text(&random), kind: optional(&random), actionCard: card, openedAt: optional(&random),
                tappedAt: optional(&random), images: images, internal: [nil, true, false][Int(random.next() % 3)])
            var buffer = JSONBuffer()
            message.writeJSON(to: &buffer)
            let written = buffer.text
            XCTAssertEqual(try object(written), try object(encoded(message)), "round \(round)")
            // And the HTTP response carries what it writes
            XCTAssertEqual(HTTPResponse.json(message, status: 201).body, Array(written.utf8), "round \(round)")
        }
    }

    func testUserMessageEventsWriteTheOutboxsBytes() throws {
        var random = SplitMix64(seed: 0x6F75_7462)
        for round in 0..<1_500 {
            let event = ChatUserMessageEvent(
                conversationId: text(&random), messageId: text(&random), bodyLength: Int(random.next() % 10_001),
                createdAt: text(&random), body: optional(&random),
                imageCount: random.next() % 2 == 0 ? nil : Int(random.next() % 5))
            XCTAssertEqual(try OutboxEvent.encode(event), try encoded(event, sorted: true), "round \(round)")
        }
    }
}
