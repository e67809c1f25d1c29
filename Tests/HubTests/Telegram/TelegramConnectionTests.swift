import Foundation
import TestSupport
import XCTest

@testable import PushService

/// Connecting a bot, the webhook's secret, group detection and choice, disconnecting.
final class TelegramConnectionTests: XCTestCase {
    var fixture: TelegramFixture!

    override func setUpWithError() throws { fixture = try TelegramFixture() }
    override func tearDown() { fixture?.shutdown() }

    private var path: String { "/projects/\(fixture.projectId)/integrations/telegram" }

    func testConnectChecksTheTokenRegistersTheWebhookAndNeverShowsTheToken() throws {
        // Given a project without a connection
        XCTAssertEqual(try fixture.connection()["state"] as? String, "disconnected")

        // When the bot's token is put (the hub has a public URL, so the mode is webhook)
        let put = try fixture.push.call("PUT", path, json: ["botToken": TelegramFixture.botToken])

        // Then getMe checked it, setWebhook got the hub's URL with a random secret, and the
        // connection waits for a group; no answer carries the token or the secret
        XCTAssertEqual(put.status, 200, put.text)
        let id = try XCTUnwrap(put.json["id"] as? String)
        XCTAssertEqual(put.json["state"] as? String, "awaiting_group")
        XCTAssertEqual(put.json["mode"] as? String, "webhook")
        XCTAssertEqual(put.json["botUsername"] as? String, TelegramFixture.botUsername)
        XCTAssertEqual(try fixture.calls("getMe").count, 1)
        let webhook = try XCTUnwrap(try fixture.calls("setWebhook").last?["params"] as? [String: Any])
        XCTAssertEqual(webhook["url"] as? String, fixture.push.hub.baseURL + "/api/v1/integrations/telegram/webhook/" + id)
        let secret = try XCTUnwrap(webhook["secret_token"] as? String)
        XCTAssertGreaterThanOrEqual(secret.count, 32)
        for text in [put.text, try fixture.push.call("GET", path).text] {
            XCTAssertFalse(text.contains(TelegramFixture.botToken))
            XCTAssertFalse(text.contains(secret))
        }
        // And the token is sealed at rest
        let stored = try fixture.push.pushDB.query("SELECT sealed_token, sealed_secret FROM integrations")
        XCTAssertEqual(stored.count, 1)
        XCTAssertFalse(stored[0].string("sealed_token")!.contains("AAHt3stT0ken"))
        XCTAssertNotEqual(stored[0].string("sealed_secret"), secret)

        // And a second connection of the project, or of the bot elsewhere, is refused
        XCTAssertEqual(try fixture.push.call("PUT", path, json: ["botToken": TelegramFixture.botToken]).code, "ALREADY_CONNECTED")
        let other = try fixture.push.createProject(name: "Other")
        let reused = try fixture.push.call(
            "PUT", "/projects/\(other)/integrations/telegram", json: ["botToken": TelegramFixture.botToken])
        XCTAssertEqual(reused.status, 409, reused.text)
        XCTAssertEqual(reused.code, "BOT_IN_USE")
    }

    func testATokenTelegramRefusesIsRejectedAndNothingIsStored() throws {
        // When a well-formed token unknown to Telegram, and a malformed one, are put
        let unknown = try fixture.push.call("PUT", path, json: ["botToken": "7000002:AAHunknownTokenUnknownTokenUnknown_x2"])
        let malformed = try fixture.push.call("PUT", path, json: ["botToken": "not a token"])
        let badMode = try fixture.push.call("PUT", path, json: ["botToken": TelegramFixture.botToken, "mode": "carrier-pigeon"])

        // Then each is refused with its code and the project stays disconnected
        XCTAssertEqual(unknown.status, 400, unknown.text)
        XCTAssertEqual(unknown.code, "TOKEN_REJECTED")
        XCTAssertEqual(malformed.status, 400, malformed.text)
        XCTAssertEqual(badMode.status, 400, badMode.text)
        XCTAssertNotNil(badMode.fields["mode"])
        XCTAssertEqual(try fixture.connection()["state"] as? String, "disconnected")
        XCTAssertEqual(try fixture.push.pushDB.scalar("SELECT COUNT(*) FROM integrations").intValue, 0)
    }

    func testTheWebhookRefusesAMissingOrWrongSecretWith401() throws {
        // Given a connected bot
        try fixture.push.call("PUT", path, json: ["botToken": TelegramFixture.botToken])
        let update: [String: Any] = [
            "update_id": 1,
            "my_chat_member": [
                "chat": ["id": Int(TelegramFixture.forumId)!, "title": "Injected", "type": "supergroup", "is_forum": true],
                "new_chat_member": ["status": "administrator"],
            ],
        ]

        // When updates arrive with a wrong secret, without one, and with the right one
        let wrong = try fixture.telegram.post(
            "/__control/raw_webhook", ["token": TelegramFixture.botToken, "body": update, "secret": "wrong-secret"])
        let missing = try fixture.telegram.post(
            "/__control/raw_webhook", ["token": TelegramFixture.botToken, "body": update, "secret": NSNull()])

        // Then the first two are 401 and change nothing
        for answer in [wrong, missing] {
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
            XCTAssertEqual(object["status"] as? Int, 401, "\(object)")
        }
        XCTAssertEqual((try fixture.connection()["detectedGroups"] as? [Any])?.count, 0)

        // And the same update with the bot's own secret is taken (Telegram's own delivery)
        try fixture.seen(in: TelegramFixture.forumId)
    }

    func testGroupsAreDetectedButForwardingStartsOnlyOnceOneIsChosen() throws {
        // Given a connected bot seen in the forum group
        try fixture.push.call("PUT", path, json: ["botToken": TelegramFixture.botToken])
        try fixture.seen(in: TelegramFixture.forumId)
        let detected = try XCTUnwrap(try fixture.connection()["detectedGroups"] as? [[String: Any]])
        XCTAssertEqual(detected.first?["title"] as? String, "Support team")
        XCTAssertEqual(detected.first?["isForum"] as? Bool, true)

        // When a user writes before any group is chosen
        _ = try fixture.push.userMessage(voter: PushFixture.voter(7), body: "Before the group")
        try fixture.push.waitForEvents()

        // Then nothing is queued or sent: detection alone never forwards
        XCTAssertEqual(fixture.pendingPosts, 0)
        XCTAssertEqual(try fixture.calls("createForumTopic").count, 0)
        XCTAssertEqual(try fixture.connection()["state"] as? String, "awaiting_group")

        // And a group the bot was never seen in cannot be chosen
        let unknown = try fixture.push.call("PATCH", path, json: ["groupId": "-100999"])
        XCTAssertEqual(unknown.status, 400, unknown.text)
        XCTAssertEqual(unknown.code, "GROUP_NOT_DETECTED")

        // When the detected group is chosen
        let chosen = try fixture.push.call("PATCH", path, json: ["groupId": TelegramFixture.forumId])

        // Then the connection is active with that group, and the earlier conversation is not backfilled
        XCTAssertEqual(chosen.json["state"] as? String, "active", chosen.text)
        XCTAssertEqual((chosen.json["group"] as? [String: Any])?["id"] as? String, TelegramFixture.forumId)
        XCTAssertEqual(fixture.pendingPosts, 0)
    }

    func testDisconnectRevokesAtOnceDeletesTheWebhookAndStopsDelivery() throws {
        // Given an active connection with one conversation's topic
        try fixture.connectAndChoose()
        _ = try fixture.push.userMessage(voter: PushFixture.voter(3), body: "First")
        _ = try fixture.waitForTopic(containing: "Anonymous")

        // When it is disconnected
        let deleted = try fixture.push.call("DELETE", path)

        // Then the webhook is deleted at Telegram and every mapping and pending post is gone
        XCTAssertEqual(deleted.status, 200, deleted.text)
        XCTAssertEqual(deleted.json["disconnected"] as? Bool, true)
        XCTAssertEqual(deleted.json["webhookDeleted"] as? Bool, true)
        XCTAssertEqual(try fixture.calls("deleteWebhook").count, 1)
        XCTAssertEqual(try fixture.connection()["state"] as? String, "disconnected")
        for table in ["integrations", "integration_threads", "integration_messages", "integration_groups", "integration_queue"] {
            XCTAssertEqual(try fixture.push.pushDB.scalar("SELECT COUNT(*) FROM \(table)").intValue, 0, table)
        }

        // And a new conversation afterwards queues nothing and opens no topic
        let topicsBefore = try fixture.topics().count
        _ = try fixture.push.userMessage(voter: PushFixture.voter(4), body: "After")
        try fixture.push.waitForEvents()
        XCTAssertEqual(fixture.pendingPosts, 0)
        XCTAssertEqual(try fixture.topics().count, topicsBefore)

        // And a second disconnect is 404
        XCTAssertEqual(try fixture.push.call("DELETE", path).status, 404)
    }

    func testTheFreePlanCannotConnectWhileProAndStudioCan() throws {
        // Given organizations on Free and on Pro, each with an app
        for (slug, plan, status) in [("free-org", "free", 403), ("pro-org", "pro", 200)] {
            let token = try fixture.push.createOrganization(slug: slug, plan: plan)
            let project = try fixture.push.createProject(name: "App of \(slug)", token: token)

            // When each connects the bot
            let put = try fixture.push.call(
                "PUT", "/projects/\(project)/integrations/telegram", json: ["botToken": TelegramFixture.botToken], token: token)

            // Then Free is refused with PLAN_REQUIRED before Telegram is asked, Pro connects
            XCTAssertEqual(put.status, status, put.text)
            if status == 403 {
                XCTAssertEqual(put.code, "PLAN_REQUIRED")
                XCTAssertEqual(try fixture.calls("getMe").count, 0)
            }
        }
    }

    func testAMemberMayReadTheConnectionButNotChangeIt() throws {
        // Given a read token
        let token = try fixture.push.createToken(name: "reader", scope: "read")

        // Then it reads the state, and its connect is refused
        XCTAssertEqual(try fixture.push.call("GET", path, token: token).status, 200)
        XCTAssertEqual(try fixture.push.call("PUT", path, json: ["botToken": TelegramFixture.botToken], token: token).status, 403)
    }
}
