import Foundation
import TestSupport
import XCTest

@testable import PushService

/// A hub without a public URL connects in polling mode: pushd reads `getUpdates` itself.
final class TelegramPollingTests: XCTestCase {
    var fixture: TelegramFixture!

    override func setUpWithError() throws { fixture = try TelegramFixture(publicURL: false) }
    override func tearDown() { fixture?.shutdown() }

    func testWithoutAPublicURLTheBotIsPolledAndWebhookModeIsRefused() throws {
        let path = "/projects/\(fixture.projectId)/integrations/telegram"
        // When webhook mode is asked for without a public URL, then it is refused
        let webhook = try fixture.push.call("PUT", path, json: ["botToken": TelegramFixture.botToken, "mode": "webhook"])
        XCTAssertEqual(webhook.status, 400, webhook.text)
        XCTAssertNotNil(webhook.fields["mode"])

        // When the bot is connected with the default mode
        let put = try fixture.push.call("PUT", path, json: ["botToken": TelegramFixture.botToken])

        // Then the mode is polling, no webhook was set, and a group update reaches the hub through getUpdates
        XCTAssertEqual(put.json["mode"] as? String, "polling", put.text)
        XCTAssertEqual(try fixture.calls("setWebhook").count, 0)
        try fixture.seen(in: TelegramFixture.plainId)
        XCTAssertGreaterThan(try fixture.calls("getUpdates").count, 0)
        let offsets = try fixture.push.pushDB.scalar("SELECT update_offset FROM integrations").intValue ?? 0
        XCTAssertGreaterThan(offsets, 0)
    }

    func testInAGroupWithoutTopicsARepliedMessageMapsToItsConversation() throws {
        // Given polling, the plain group chosen, and a conversation posted there
        try fixture.connectAndChoose(group: TelegramFixture.plainId)
        let id = try fixture.push.userMessage(voter: PushFixture.voter(1), body: "Where is my order?")
        let intro = try XCTUnwrap(try fixture.waitForSent(1) { $0.text.contains("Where is my order?") }.first)
        XCTAssertNil(intro.threadId)
        XCTAssertEqual(try fixture.topics().count, 0)

        // When an administrator replies to the hub's message, and another writes without replying
        try fixture.message(from: TelegramFixture.admin, "Shipped yesterday", replyTo: intro.messageId, chat: TelegramFixture.plainId)
        try fixture.message(from: TelegramFixture.admin, "Unrelated chatter", chat: TelegramFixture.plainId)

        // Then only the reply joins the conversation
        let arrived = try eventually(timeout: 10, every: 0.05) {
            let listed = try fixture.push.call("GET", "/conversations/\(id)/messages")
            return listed.items.contains { $0["body"] as? String == "Shipped yesterday" }
        }
        XCTAssertTrue(arrived)
        let team = try fixture.push.call("GET", "/conversations/\(id)/messages").items.filter { $0["sender"] as? String == "team" }
        XCTAssertEqual(team.map { $0["body"] as? String }, ["Shipped yesterday"])
    }
}
