import Foundation
import XCTest

@testable import IngestService

/// An app's Telegram page (issue 23: "A dashboard page does the same"): connect a bot, see the
/// group pushd detected and choose it, map members, disconnect with a confirmation; members
/// read only; Free may only disconnect; the token never comes back in a page.
final class TelegramPagesTests: XCTestCase {
    var fixture: TelegramPageFixture!

    override func setUpWithError() throws { fixture = try TelegramPageFixture() }
    override func tearDown() { fixture?.shutdown() }

    var path: String { fixture.path }
    var token: String { TelegramPageFixture.token }

    func connect(_ browser: PageSession, token: String = TelegramPageFixture.token) throws -> HubReply {
        try browser.post(path, [("botToken", token)])
    }

    func testConnectingShowsTheBotThenTheDetectedGroupIsChosen() throws {
        let owner = try fixture.admin.pages(as: "ann@example.com")
        // Given the app's page links to its Telegram page, which shows the setup steps and a connect form
        XCTAssertTrue(try owner.get("/dashboard/apps/" + fixture.projectId).text.contains(path))
        let empty = try owner.get(path)
        XCTAssertEqual(empty.status, 200)
        XCTAssertTrue(empty.text.contains("@BotFather"))
        XCTAssertTrue(empty.text.contains("name=\"botToken\""))
        XCTAssertTrue(empty.text.contains("type=\"password\""))
        XCTAssertTrue(empty.text.contains("because it has no public URL"))
        // When the owner connects the bot
        let connected = try connect(owner)
        // Then the browser goes back to the page, which shows the bot, polling and "awaiting group"
        XCTAssertEqual(connected.status, 303, connected.text)
        XCTAssertEqual(connected.header("location"), path + "?done=connected")
        let page = try owner.get(path + "?done=connected")
        XCTAssertTrue(page.text.contains("Bot connected."))
        XCTAssertTrue(page.text.contains("@" + TelegramPageFixture.botUsername))
        XCTAssertTrue(page.text.contains("Awaiting group"))
        XCTAssertTrue(page.text.contains("Polling"))
        XCTAssertTrue(page.text.contains("No group detected yet."))
        XCTAssertEqual(try fixture.connection()["state"] as? String, "awaiting_group")
        // When the bot is added to the group and pushd's poller sees it
        try fixture.addBotToGroup()
        let detected = try fixture.waitForPage(owner) { $0.contains("Notes support") }
        XCTAssertTrue(detected, "the group did not appear on the page")
        // Then it is offered, but nothing is forwarded until someone chooses it
        let offered = try owner.get(path)
        XCTAssertTrue(offered.text.contains("action=\"" + path + "/group\""))
        XCTAssertTrue(offered.text.contains("Awaiting group"))
        // When the owner chooses it
        let chosen = try owner.post(path + "/group", [("groupId", String(TelegramPageFixture.groupId))])
        XCTAssertEqual(chosen.status, 303, chosen.text)
        XCTAssertEqual(chosen.header("location"), path + "?done=group")
        // Then the connection is active with that group
        let connection = try fixture.connection()
        XCTAssertEqual(connection["state"] as? String, "active")
        XCTAssertEqual((connection["group"] as? [String: Any])?["id"] as? String, String(TelegramPageFixture.groupId))
        let active = try owner.get(path)
        XCTAssertTrue(active.text.contains("Active"))
        XCTAssertTrue(active.text.contains("In use"))
        XCTAssertFalse(active.text.contains("action=\"" + path + "/group\""))
    }

    func testAGroupNeverDetectedIsRefusedOnThePage() throws {
        let owner = try fixture.admin.pages(as: "ann@example.com")
        XCTAssertEqual(try connect(owner).status, 303)
        XCTAssertNotNil(try owner.get(path))
        // When a group the bot never saw is posted
        let refused = try owner.post(path + "/group", [("groupId", "-1009999")])
        // Then the page says why and the connection still awaits a group
        XCTAssertEqual(refused.status, 400)
        XCTAssertTrue(refused.text.contains("is not a group the bot was seen in"))
        XCTAssertEqual(try fixture.connection()["state"] as? String, "awaiting_group")
    }

    func testMembersAreMappedAndUnmapped() throws {
        let owner = try fixture.admin.pages(as: "ann@example.com")
        _ = try fixture.admin.pages(as: "bo@example.com", role: .member)
        let bo = try XCTUnwrap(
            try fixture.admin.store.members(organizationId: fixture.organizationId).first { $0.email == "bo@example.com" })
        XCTAssertEqual(try connect(owner).status, 303)
        let page = try owner.get(path)
        XCTAssertTrue(page.text.contains("Nobody is mapped."))
        XCTAssertTrue(page.text.contains("value=\"" + bo.id + "\""))
        // When a Telegram user ID that is not a number is posted, the page keeps it and says why
        let refused = try owner.post(path + "/members", [("telegramUserId", "bo"), ("memberId", bo.id)])
        XCTAssertEqual(refused.status, 400)
        XCTAssertTrue(
            refused.text.contains("must be Telegram&#39;s numeric user ID") || refused.text.contains("must be Telegram's numeric user ID"))
        XCTAssertTrue(refused.text.contains("value=\"bo\""))
        // When Bo's Telegram user is mapped to Bo
        let mapped = try owner.post(path + "/members", [("telegramUserId", String(TelegramPageFixture.memberUserId)), ("memberId", bo.id)])
        XCTAssertEqual(mapped.status, 303, mapped.text)
        // Then the connection lists the mapping and the page shows it
        let members = try XCTUnwrap(fixture.connection()["members"] as? [[String: Any]])
        XCTAssertEqual(members.count, 1)
        XCTAssertEqual(members.first?["telegramUserId"] as? String, String(TelegramPageFixture.memberUserId))
        XCTAssertEqual(members.first?["memberId"] as? String, bo.id)
        XCTAssertTrue(try owner.get(path).text.contains("<code>\(TelegramPageFixture.memberUserId)</code>"))
        // When it is removed
        let removed = try owner.post(path + "/members", [("telegramUserId", String(TelegramPageFixture.memberUserId)), ("remove", "1")])
        XCTAssertEqual(removed.status, 303, removed.text)
        XCTAssertEqual((try fixture.connection()["members"] as? [[String: Any]])?.count, 0)
    }

    func testAMemberReadsThePageButEveryPostIsForbidden() throws {
        let owner = try fixture.admin.pages(as: "ann@example.com")
        XCTAssertEqual(try connect(owner).status, 303)
        let member = try fixture.admin.pages(as: "bo@example.com", role: .member)
        // Given a member sees the connection without any control
        let page = try member.get(path)
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(page.text.contains("@" + TelegramPageFixture.botUsername))
        XCTAssertFalse(page.text.contains("/disconnect"))
        XCTAssertFalse(page.text.contains("/members\""))
        // When they post each action anyway
        for (action, fields) in [
            ("", [("botToken", token)]), ("/group", [("groupId", String(TelegramPageFixture.groupId))]),
            ("/members", [("telegramUserId", "5002"), ("memberId", "x")]), ("/disconnect", [("confirm", "1")]),
        ] {
            let reply = try member.post(path + action, fields)
            // Then each is 403 and the connection is unchanged
            XCTAssertEqual(reply.status, 403, action)
            XCTAssertTrue(reply.text.contains("FORBIDDEN"), action)
        }
        XCTAssertEqual(try fixture.connection()["state"] as? String, "awaiting_group")
    }

    func testDisconnectingAsksFirstThenRevokes() throws {
        let owner = try fixture.admin.pages(as: "ann@example.com")
        XCTAssertEqual(try connect(owner).status, 303)
        // When the owner presses Disconnect… (no confirm field)
        let asked = try owner.post(path + "/disconnect")
        // Then the page asks, and nothing changed
        XCTAssertEqual(asked.status, 200)
        XCTAssertTrue(asked.text.contains("Disconnect @" + TelegramPageFixture.botUsername + " from Notes?"))
        XCTAssertTrue(asked.text.contains("name=\"confirm\" value=\"1\""))
        XCTAssertEqual(try fixture.connection()["state"] as? String, "awaiting_group")
        // When they confirm
        let done = try owner.post(path + "/disconnect", [("confirm", "1")])
        XCTAssertEqual(done.status, 303, done.text)
        XCTAssertEqual(done.header("location"), path + "?done=disconnected")
        // Then it is disconnected and the connect form is back
        XCTAssertEqual(try fixture.connection()["state"] as? String, "disconnected")
        XCTAssertTrue(try owner.get(path).text.contains("name=\"botToken\""))
    }

    func testTheTokenNeverComesBackInAPage() throws {
        let owner = try fixture.admin.pages(as: "ann@example.com")
        let secret = String(token.split(separator: ":")[1])
        // When a token Telegram does not know is posted
        let unknown = "7100200399:AAHanUnknownTokenTheFakeRefuses_99999"
        let rejected = try connect(owner, token: unknown)
        // Then the page says Telegram refused it, without any of it
        XCTAssertEqual(rejected.status, 400)
        XCTAssertTrue(rejected.text.contains("was refused by Telegram"))
        XCTAssertFalse(rejected.text.contains("AAHanUnknownTokenTheFakeRefuses"))
        // When a token not shaped as @BotFather's is posted
        let malformed = try connect(owner, token: "12345:short-secret-value")
        XCTAssertEqual(malformed.status, 400)
        XCTAssertFalse(malformed.text.contains("short-secret-value"))
        // When the real one connects, and a second connect is refused as already connected
        XCTAssertEqual(try connect(owner).status, 303)
        let again = try connect(owner)
        XCTAssertEqual(again.status, 409)
        XCTAssertTrue(again.text.contains("disconnect it first"))
        // Then no page ever holds the token
        for reply in [rejected, malformed, again, try owner.get(path), try owner.post(path + "/disconnect")] {
            XCTAssertFalse(reply.text.contains(secret))
        }
    }

    func testAFreeOrganizationSeesThePlanNoticeAndMayOnlyDisconnect() throws {
        let owner = try fixture.admin.pages(as: "ann@example.com")
        XCTAssertEqual(try connect(owner).status, 303)
        let store = fixture.admin.store
        XCTAssertNotNil(try store.updateOrganization(id: fixture.organizationId, plan: .free, appAllowance: nil, setsAllowance: false))
        // Given the page shows the notice and no connect or group controls
        let page = try owner.get(path)
        XCTAssertTrue(page.text.contains("available on the Pro and Studio plans"))
        XCTAssertFalse(page.text.contains("name=\"telegramUserId\""))
        XCTAssertTrue(page.text.contains("/disconnect"))
        // When the owner tries to map a member
        let mapped = try owner.post(path + "/members", [("telegramUserId", "5002"), ("remove", "1")])
        // Then the plan refuses it, and disconnecting still works
        XCTAssertEqual(mapped.status, 403)
        XCTAssertTrue(mapped.text.contains("PLAN_REQUIRED"))
        XCTAssertEqual(try owner.post(path + "/disconnect", [("confirm", "1")]).status, 303)
        XCTAssertEqual(try fixture.connection()["state"] as? String, "disconnected")
    }

    func testAGroupTitleIsShownAsText() throws {
        // Given a group whose title is markup
        try fixture.setState(groupTitle: "<script>alert(1)</script><img src=x onerror=alert(1)>")
        let owner = try fixture.admin.pages(as: "ann@example.com")
        XCTAssertEqual(try connect(owner).status, 303)
        // When the bot is added to it and the page lists it
        try fixture.addBotToGroup()
        let shown = try fixture.waitForPage(owner) { $0.contains("action=\"" + self.path + "/group\"") }
        XCTAssertTrue(shown, "the group did not appear on the page")
        // Then the title is escaped text, never markup
        let page = try owner.get(path)
        XCTAssertTrue(page.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;"))
        XCTAssertFalse(page.text.contains("<script>alert(1)"))
        XCTAssertFalse(page.text.contains("<img src=x"))
    }
}
