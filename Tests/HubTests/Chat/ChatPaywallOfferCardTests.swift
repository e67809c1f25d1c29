import Foundation
import XCTest

@testable import ChatService
@testable import HubMessaging

final class ChatPaywallOfferCardTests: XCTestCase {
    var chat: ChatRPCFixture!

    override func setUpWithError() throws { chat = try ChatRPCFixture() }
    override func tearDown() { chat.shutdown() }

    private func report(_ paywalls: [ChatPaywall], owner: ChatOwner? = nil) throws {
        _ = try chat.call(ChatPaywallsReplace.self, .init(owner: owner ?? chat.owner(), snapshot: ChatPaywallSnapshot(paywalls: paywalls)))
    }

    private func offer(
        _ paywallId: String, in conversationId: String, label: String = "See the offer",
        body: String? = "Half price this week"
    ) throws -> ChatMessageDTO {
        try chat.call(
            ChatOfferCard.self,
            .init(
                projectId: chat.projectId, conversationId: conversationId, paywallId: paywallId,
                buttonLabel: label, body: body, author: "agent@team"))
    }

    private func card(_ id: String, owner: ChatOwner? = nil) throws -> ChatActionCardDTO? {
        try chat.list(owner).first { $0.id == id }?.actionCard
    }

    func testOfferCardTakesTheTitleAtSendAndIsAnUnreadPublicReply() throws {
        // Given a conversation whose owner reported a catalog
        try chat.send("Is there a discount?")
        let id = try chat.conversationId()
        try report([ChatPaywallSnapshotTests.paywall("spring", title: "Spring sale")])
        // When the team sends an offer, then the paywall is renamed in a later snapshot
        let sent = try offer("spring", in: id)
        try report([ChatPaywallSnapshotTests.paywall("spring", title: "Renamed")])
        // Then the card carries the title at send, the user has it unread, and chat.replied was recorded
        XCTAssertEqual(sent.kind, "offer")
        XCTAssertEqual(sent.sender, .team)
        XCTAssertEqual(sent.internal, false)
        XCTAssertEqual(
            sent.actionCard,
            ChatActionCardDTO(
                kind: "offer", paywallId: "spring", titleAtSend: "Spring sale",
                buttonLabel: "See the offer", body: "Half price this week",
                available: true))
        XCTAssertTrue(try chat.status().hasUnread)
        XCTAssertEqual(try chat.teamOutboxTopics(), ["chat.replied"])
        let seen = try XCTUnwrap(chat.list().last)
        XCTAssertEqual(seen.id, sent.id)
        XCTAssertEqual(seen.actionCard?.titleAtSend, "Spring sale")
        XCTAssertEqual(seen.actionCard?.available, true)
    }

    func testAvailabilityFollowsTheLatestSnapshot() throws {
        // Given an offer card and a review card in one conversation
        try chat.send("Thanks!")
        let id = try chat.conversationId()
        try report([ChatPaywallSnapshotTests.paywall("spring"), ChatPaywallSnapshotTests.paywall("annual")])
        let sent = try offer("spring", in: id, body: nil)
        let review = try chat.call(ChatTeamReviewCard.self, .init(projectId: chat.projectId, conversationId: id))
        // When a later snapshot drops the paywall
        try report([ChatPaywallSnapshotTests.paywall("annual")])
        let dropped = try card(sent.id)
        let teamView = try chat.call(ChatTeamMessages.self, .init(projectId: chat.projectId, conversationId: id)).items
        // And when it comes back, then comes back reported unavailable
        try report([ChatPaywallSnapshotTests.paywall("spring")])
        let back = try card(sent.id)
        try report([ChatPaywallSnapshotTests.paywall("spring", available: false)])
        let unavailable = try card(sent.id)
        // Then the offer is unavailable whenever the latest snapshot lacks it or marks it so; the review card stays available
        XCTAssertEqual(dropped?.available, false)
        XCTAssertEqual(teamView.first { $0.id == sent.id }?.actionCard?.available, false)
        XCTAssertEqual(back?.available, true)
        XCTAssertEqual(unavailable?.available, false)
        XCTAssertEqual(try card(review.id)?.available, true)
        XCTAssertEqual(sent.body, "See the offer")
        XCTAssertNil(sent.actionCard?.body)
    }

    func testUnknownPaywallAndBadLabelsAreRefused() throws {
        // Given a conversation whose owner reported nothing, while another user reported "spring"
        try chat.send("Hello")
        let id = try chat.conversationId()
        try chat.send("Hi", owner: chat.owner("other@x.io"))
        try report([ChatPaywallSnapshotTests.paywall("spring")], owner: chat.owner("other@x.io"))
        // When the team offers "spring", then a paywall missing from the owner's snapshot, then bad labels
        let foreign = chat.failure(
            ChatOfferCard.self,
            .init(
                projectId: chat.projectId, conversationId: id, paywallId: "spring",
                buttonLabel: "Open"))
        try report([ChatPaywallSnapshotTests.paywall("annual")])
        let missing = chat.failure(
            ChatOfferCard.self,
            .init(
                projectId: chat.projectId, conversationId: id, paywallId: "spring",
                buttonLabel: "Open"))
        let longLabel = chat.failure(
            ChatOfferCard.self,
            .init(
                projectId: chat.projectId, conversationId: id, paywallId: "annual",
                buttonLabel: String(repeating: "a", count: 41)))
        let longBody = chat.failure(
            ChatOfferCard.self,
            .init(
                projectId: chat.projectId, conversationId: id, paywallId: "annual",
                buttonLabel: "Open", body: String(repeating: "b", count: 501)))
        let noConversation = chat.failure(
            ChatOfferCard.self,
            .init(
                projectId: chat.projectId, conversationId: "nope",
                paywallId: "annual", buttonLabel: "Open"))
        // Then each is refused and no card message exists
        XCTAssertEqual(foreign?.code, "UNKNOWN_PAYWALL")
        XCTAssertEqual(foreign?.status, 400)
        XCTAssertEqual(missing?.code, "UNKNOWN_PAYWALL")
        XCTAssertNotNil(longLabel?.fields?["buttonLabel"])
        XCTAssertNotNil(longBody?.fields?["body"])
        XCTAssertEqual(noConversation?.code, "CONVERSATION_NOT_FOUND")
        XCTAssertEqual(try chat.store.scalar("SELECT count(*) FROM messages WHERE card IS NOT NULL").intValue, 0)
        XCTAssertEqual(try chat.teamOutboxTopics(), [])
    }

    func testCardActivityIsRecordedOnAnOfferCard() throws {
        // Given an offer card
        try chat.send("Any plans?")
        let id = try chat.conversationId()
        try report([ChatPaywallSnapshotTests.paywall("spring")])
        let sent = try offer("spring", in: id)
        // When the user's app reports it opened, then tapped twice
        _ = try chat.call(ChatCardsActivity.self, .init(owner: chat.owner(), messageId: sent.id, event: .opened))
        _ = try chat.call(ChatCardsActivity.self, .init(owner: chat.owner(), messageId: sent.id, event: .tapped))
        let first = try XCTUnwrap(chat.list().first { $0.id == sent.id })
        _ = try chat.call(ChatCardsActivity.self, .init(owner: chat.owner(), messageId: sent.id, event: .tapped))
        let again = try XCTUnwrap(chat.list().first { $0.id == sent.id })
        // Then both times are recorded once and the card stays available
        XCTAssertNil(sent.openedAt)
        XCTAssertNotNil(first.openedAt)
        XCTAssertNotNil(first.tappedAt)
        XCTAssertEqual(again.tappedAt, first.tappedAt)
        XCTAssertEqual(again.actionCard?.available, true)
    }
}
