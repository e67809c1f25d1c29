import Foundation
import XCTest

@testable import ChatService
@testable import HubMessaging

final class ChatReviewCardTests: XCTestCase {
    var chat: ChatRPCFixture!

    override func setUpWithError() throws { chat = try ChatRPCFixture() }
    override func tearDown() { chat.shutdown() }

    private func cards(in conversationId: String) throws -> [ChatMessageDTO] {
        try chat.call(ChatTeamMessages.self, .init(projectId: chat.projectId, conversationId: conversationId)).items
            .filter { $0.kind == "review_request" }
    }

    func testConcurrentSendsCreateOneCard() throws {
        // Given a conversation
        try chat.send("Thanks, all good now")
        let id = try chat.conversationId()
        // When eight senders ask for the card at once
        let lock = NSLock()
        var ids: [String] = []
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let result = chat.client.call(ChatTeamReviewCard.self, .init(projectId: chat.projectId, conversationId: id), timeout: 5)
            if case .success(let message) = result { lock.withLock { ids.append(message.id) } }
        }
        // Then all got the same card, stored once, with one replied event
        XCTAssertEqual(ids.count, 8)
        XCTAssertEqual(Set(ids).count, 1)
        XCTAssertEqual(try cards(in: id).map(\.id), [ids[0]])
        XCTAssertEqual(try chat.teamOutboxTopics(), ["chat.replied"])
    }

    func testAutomaticCardOnlyOnPositiveResolutionWithTheSetting() throws {
        // Given four conversations resolved differently
        let cases: [(String, ChatConversationSummary.Sentiment, Bool)] = [
            ("pos-on@x.io", .positive, true), ("pos-off@x.io", .positive, false),
            ("neutral@x.io", .neutral, true), ("negative@x.io", .negative, true),
        ]
        var counts: [String: Int] = [:]
        for (user, sentiment, automatic) in cases {
            try chat.send("hi", owner: chat.owner(user))
            let id = try chat.conversationId(chat.owner(user))
            // When resolved
            _ = try chat.call(
                ChatTeamResolve.self,
                .init(
                    projectId: chat.projectId, conversationId: id, sentiment: sentiment,
                    automaticReviewRequests: automatic))
            counts[user] = try cards(in: id).count
        }
        // Then only the positive resolution with the setting on sent a card, and the user sees it as unread
        XCTAssertEqual(counts, ["pos-on@x.io": 1, "pos-off@x.io": 0, "neutral@x.io": 0, "negative@x.io": 0])
        XCTAssertTrue(try chat.status(chat.owner("pos-on@x.io")).hasUnread)
        let card = try XCTUnwrap(chat.list(chat.owner("pos-on@x.io")).last)
        XCTAssertEqual(card.sender, .team)
        XCTAssertEqual(card.actionCard?.kind, "review_request")
        XCTAssertEqual(card.actionCard?.buttonLabel, ChatReviewCopy.english.buttonLabel)
        XCTAssertEqual(card.actionCard?.available, true)
        XCTAssertNil(card.actionCard?.paywallId)
        // And a manual request afterwards reuses that card
        let again = try chat.call(
            ChatTeamReviewCard.self,
            .init(
                projectId: chat.projectId,
                conversationId: chat.conversationId(chat.owner("pos-on@x.io"))))
        XCTAssertEqual(again.id, card.id)
    }

    func testSpanishCopyForASpanishLocaleAndEnglishOtherwise() throws {
        // Given conversations started in es-MX, fr-FR and without a locale
        try chat.send("Hola", owner: chat.owner("es@x.io"), locale: "es-MX")
        try chat.send("Bonjour", owner: chat.owner("fr@x.io"), locale: "fr-FR")
        try chat.send("Hi", owner: chat.owner("none@x.io"))
        // When each gets a review card
        func card(_ user: String) throws -> ChatMessageDTO {
            try chat.call(ChatTeamReviewCard.self, .init(projectId: chat.projectId, conversationId: chat.conversationId(chat.owner(user))))
        }
        // Then the copy follows the locale, English as fallback
        let spanish = try card("es@x.io")
        XCTAssertEqual(spanish.actionCard?.titleAtSend, "Cuéntanos tu opinión")
        XCTAssertEqual(spanish.actionCard?.buttonLabel, "Valorar en el App Store")
        XCTAssertEqual(spanish.body, ChatReviewCopy.spanish.messageBody)
        XCTAssertEqual(try card("fr@x.io").actionCard?.buttonLabel, "Rate on the App Store")
        XCTAssertEqual(try card("none@x.io").actionCard?.titleAtSend, "Share your thoughts")
    }

    func testCardActivityRecordsFirstTimestampsForItsOwnerOnly() throws {
        // Given a review card in Ana's conversation and a plain reply
        try chat.send("hi")
        let id = try chat.conversationId()
        let plain = try chat.reply("plain", to: id)
        let card = try chat.call(ChatTeamReviewCard.self, .init(projectId: chat.projectId, conversationId: id))
        // When another owner reports activity on it, or Ana on a message without a card
        let stranger = chat.failure(ChatCardsActivity.self, .init(owner: chat.owner("bea@x.io"), messageId: card.id, event: .opened))
        let noCard = chat.failure(ChatCardsActivity.self, .init(owner: chat.owner(), messageId: plain.id, event: .opened))
        // Then both are 404 and nothing was recorded
        XCTAssertEqual(stranger?.code, "MESSAGE_NOT_FOUND")
        XCTAssertEqual(stranger?.status, 404)
        XCTAssertEqual(noCard?.code, "MESSAGE_NOT_FOUND")
        XCTAssertNil(try chat.list().last?.openedAt)
        // When Ana opens it, taps it, and repeats both later
        _ = try chat.call(ChatCardsActivity.self, .init(owner: chat.owner(), messageId: card.id, event: .opened))
        let opened = try XCTUnwrap(chat.list().last)
        _ = try chat.call(ChatCardsActivity.self, .init(owner: chat.owner(), messageId: card.id, event: .tapped))
        let tapped = try XCTUnwrap(chat.list().last)
        Thread.sleep(forTimeInterval: 0.01)
        _ = try chat.call(ChatCardsActivity.self, .init(owner: chat.owner(), messageId: card.id, event: .opened))
        _ = try chat.call(ChatCardsActivity.self, .init(owner: chat.owner(), messageId: card.id, event: .tapped))
        let repeated = try XCTUnwrap(chat.list().last)
        // Then the first timestamps stay
        XCTAssertNotNil(opened.openedAt)
        XCTAssertNil(opened.tappedAt)
        XCTAssertEqual(tapped.openedAt, opened.openedAt)
        XCTAssertNotNil(tapped.tappedAt)
        XCTAssertEqual(repeated.openedAt, opened.openedAt)
        XCTAssertEqual(repeated.tappedAt, tapped.tappedAt)
        XCTAssertEqual(repeated.id, card.id)
    }
}
