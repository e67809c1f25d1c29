import XCTest

@testable import PushService

/// Telegram's text limits, commands and error answers, as delivery reads them.
final class ChatOpsTextTests: XCTestCase {
    func testTextsUpTo4096UTF16UnitsAreOneChunkAndLongerOnesAreCutWithoutLoss() {
        // Given texts on both sides of Telegram's 4,096-unit limit
        XCTAssertEqual(ChatOpsText.chunks(String(repeating: "x", count: 4_096)).count, 1)
        let over = String(repeating: "x", count: 4_097)
        XCTAssertEqual(ChatOpsText.chunks(over).map(\.utf16.count), [4_096, 1])

        // Then an emoji (two UTF-16 units) is never split, and every chunk fits
        let emoji = String(repeating: "😀", count: 2_049)
        let cut = ChatOpsText.chunks(emoji)
        XCTAssertEqual(cut.map(\.utf16.count), [4_096, 2])
        XCTAssertEqual(cut.joined(), emoji)

        // And a text with spaces is cut after a word near the end of a chunk
        let words = Array(repeating: "word", count: 1_200).joined(separator: " ")
        let chunks = ChatOpsText.chunks(words)
        XCTAssertEqual(chunks.joined(), words)
        XCTAssertTrue(chunks.allSatisfy { $0.utf16.count <= 4_096 })
        XCTAssertTrue(chunks[0].hasSuffix(" "), "cut inside a word")
        XCTAssertEqual(ChatOpsText.chunks(""), [""])
    }

    func testTopicNamesAreCutTo128Characters() {
        XCTAssertEqual(ChatOpsText.topicName(String(repeating: "n", count: 128)).utf16.count, 128)
        XCTAssertEqual(ChatOpsText.topicName(String(repeating: "n", count: 129)).utf16.count, 128)
        let name = ChatOpsComposer.topicName(
            reporter: String(repeating: "long", count: 40) + "@example.com", appName: "App", subjectId: "01J9ZZABCDEF", report: false)
        XCTAssertLessThanOrEqual(name.utf16.count, 128)
    }

    func testOnlyResolveForThisBotIsACommandForTheHub() {
        XCTAssertEqual(TelegramInbound.command("/resolve", botUsername: "north_bot"), .resolve)
        XCTAssertEqual(TelegramInbound.command("/resolve thanks all", botUsername: "north_bot"), .resolve)
        XCTAssertEqual(TelegramInbound.command("/resolve@North_Bot", botUsername: "north_bot"), .resolve)
        XCTAssertEqual(TelegramInbound.command("/resolve@other_bot", botUsername: "north_bot"), .other)
        XCTAssertEqual(TelegramInbound.command("/start", botUsername: "north_bot"), .other)
        XCTAssertEqual(TelegramInbound.command("/resolved", botUsername: "north_bot"), .other)
        XCTAssertEqual(TelegramInbound.command("resolve", botUsername: "north_bot"), TelegramInbound.Command.none)
    }

    func testTelegramsErrorAnswersAreSortedByWhatDeliveryDoes() {
        func kind(_ status: Int, _ text: String, _ retry: Int? = nil) -> TelegramFailure.Kind {
            TelegramFailure.classify(status: status, description: text, retryAfter: retry).kind
        }
        XCTAssertEqual(kind(429, "Too Many Requests: retry after 7", 7), .rateLimited(retryAfter: 7))
        XCTAssertEqual(kind(502, "Bad Gateway"), .transient)
        XCTAssertEqual(kind(401, "Unauthorized"), .unauthorized)
        XCTAssertEqual(kind(400, "Bad Request: not enough rights to create a topic"), .notEnoughRights)
        XCTAssertEqual(kind(400, "Bad Request: the chat is not a forum"), .notAForum)
        XCTAssertEqual(kind(400, "Bad Request: message thread not found"), .threadNotFound)
        XCTAssertEqual(kind(403, "Forbidden: bot was kicked from the supergroup chat"), .botRemoved)
        XCTAssertEqual(kind(400, "Bad Request: chat not found"), .botRemoved)
        XCTAssertEqual(kind(400, "Bad Request: message is too long"), .rejected)
    }

    func testWebhookSecretsAreWithinTelegramsAlphabet() {
        let secret = TelegramHandlers.randomSecret()
        XCTAssertGreaterThanOrEqual(secret.count, 43)
        XCTAssertTrue(secret.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") })
        XCTAssertNotEqual(secret, TelegramHandlers.randomSecret())
        XCTAssertTrue(TelegramHandlers.validToken("7000001:AAHt3stT0kenForTheHubTelegramTests_x1"))
        XCTAssertFalse(TelegramHandlers.validToken("7000001:short"))
        XCTAssertFalse(TelegramHandlers.validToken("abc:AAHt3stT0kenForTheHubTelegramTests_x1"))
        XCTAssertFalse(TelegramHandlers.validToken("7000001:AAHt3stT0kenForTheHub/../Tests_x1xx"))
    }
}
