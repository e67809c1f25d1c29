import Foundation
import XCTest

@testable import IngestService

/// The Discord page with pushd and the fake Discord, as a person uses it: Connect Discord goes
/// to Discord and back, the channel is chosen among the eligible ones, a test message is sent,
/// and disconnecting asks first; names from Discord are shown as text.
final class DiscordPagesFlowTests: XCTestCase {
    var fixture: DiscordPageFixture!

    override func tearDown() { fixture?.shutdown() }

    var path: String { fixture.path }

    /// Connect Discord on the page, then Discord's redirect back as the browser follows it.
    func connect(_ browser: PageSession) throws {
        let page = try browser.get(path)
        XCTAssertTrue(page.text.contains("action=\"" + path + "/install\""))
        let toDiscord = try browser.post(path + "/install")
        XCTAssertEqual(toDiscord.status, 303, toDiscord.text)
        let location = try XCTUnwrap(toDiscord.header("location"))
        XCTAssertTrue(location.hasPrefix(fixture.fake.baseURL + "/oauth2/authorize?"), location)
        let state = try XCTUnwrap(DiscordPageFixture.state(of: location))
        let back = try fixture.callback("code=\(DiscordPageFixture.code)&state=\(state)&guild_id=\(DiscordPageFixture.guildId)")
        XCTAssertEqual(back.status, 303, back.text)
        XCTAssertEqual(back.header("location"), path + "?done=installed")
    }

    func testConnectingChoosingTheChannelTestingAndDisconnecting() throws {
        fixture = try DiscordPageFixture()
        let owner = try fixture.admin.pages(as: "ann@example.com")
        let ann = try XCTUnwrap(
            try fixture.admin.store.members(organizationId: fixture.organizationId).first { $0.email == "ann@example.com" })
        // When the owner connects Discord and authorizes the bot
        try connect(owner)
        // Then the page shows the server, the installer mapped to Ann, and the channels
        let page = try owner.get(path + "?done=installed").text
        XCTAssertTrue(page.contains("The bot was added to your server."))
        XCTAssertTrue(page.contains("Awaiting channel"))
        XCTAssertTrue(page.contains("Notes HQ"))
        XCTAssertTrue(page.contains("@" + DiscordPageFixture.installerName))
        XCTAssertTrue(page.contains("replies as Ann"))
        XCTAssertEqual((try fixture.connection()["installer"] as? [String: Any])?["memberId"] as? String, ann.id)
        XCTAssertTrue(page.contains("<option value=\"" + DiscordPageFixture.supportChannel + "\""))
        XCTAssertFalse(page.contains("<option value=\"" + DiscordPageFixture.forumChannel + "\""))
        XCTAssertTrue(page.contains("#ideas-forum"))
        XCTAssertTrue(page.contains("Not a text channel"))
        // When a channel that is not eligible is posted, the page says why and nothing is chosen
        let refused = try owner.post(path + "/channel", [("channelId", DiscordPageFixture.lockedChannel)])
        XCTAssertEqual(refused.status, 400)
        XCTAssertTrue(refused.text.contains("is not an eligible text channel of the server"))
        XCTAssertEqual(try fixture.connection()["state"] as? String, "awaiting_channel")
        // When the support channel is saved
        let chosen = try owner.post(path + "/channel", [("channelId", DiscordPageFixture.supportChannel)])
        XCTAssertEqual(chosen.status, 303, chosen.text)
        XCTAssertEqual(chosen.header("location"), path + "?done=channel")
        XCTAssertEqual(try fixture.connection()["state"] as? String, "active")
        // And a test message is sent
        let tested = try owner.post(path + "/test")
        XCTAssertEqual(tested.status, 303, tested.text)
        XCTAssertEqual(tested.header("location"), path + "?done=tested")
        // Then it is in the channel
        let sent = try fixture.messages(in: DiscordPageFixture.supportChannel)
        XCTAssertEqual(sent.count, 1)
        XCTAssertTrue((sent.first?["content"] as? String ?? "").contains("Notes"))
        // When the owner presses Disconnect… the page asks, and nothing changed
        let asked = try owner.post(path + "/disconnect")
        XCTAssertEqual(asked.status, 200)
        XCTAssertTrue(asked.text.contains("Disconnect “Notes HQ” from Notes?"))
        XCTAssertEqual(try fixture.connection()["state"] as? String, "active")
        // When they confirm, it is disconnected and Connect Discord is back
        let done = try owner.post(path + "/disconnect", [("confirm", "1")])
        XCTAssertEqual(done.status, 303, done.text)
        XCTAssertEqual(try fixture.connection()["state"] as? String, "disconnected")
        XCTAssertTrue(try owner.get(path).text.contains("action=\"" + path + "/install\""))
    }

    func testAFreeOrganizationSeesItsInstallationAndMayOnlyDisconnect() throws {
        fixture = try DiscordPageFixture()
        let owner = try fixture.admin.pages(as: "ann@example.com")
        try connect(owner)
        XCTAssertNotNil(
            try fixture.admin.store.updateOrganization(id: fixture.organizationId, plan: .free, appAllowance: nil, setsAllowance: false))
        // Given the page shows the notice and the installation, with no channel form
        let page = try owner.get(path).text
        XCTAssertTrue(page.contains("Discord is available on the Pro and Studio plans"))
        XCTAssertTrue(page.contains("Notes HQ"))
        XCTAssertFalse(page.contains("action=\"" + path + "/channel\""))
        XCTAssertTrue(page.contains("action=\"" + path + "/disconnect\""))
        // When the owner disconnects
        XCTAssertEqual(try owner.post(path + "/disconnect", [("confirm", "1")]).status, 303)
        // Then it is gone
        XCTAssertEqual(try fixture.connection()["state"] as? String, "disconnected")
    }

    func testNamesFromDiscordAreShownAsText() throws {
        // Given a server and a channel whose names are markup
        let markup = "<script>alert(1)</script><img src=x onerror=alert(1)>"
        fixture = try DiscordPageFixture(guildName: markup, channelName: markup)
        let owner = try fixture.admin.pages(as: "ann@example.com")
        try connect(owner)
        // When the page lists them
        let page = try owner.get(path).text
        // Then they are escaped text, never markup
        XCTAssertTrue(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;"))
        XCTAssertFalse(page.contains("<script>alert(1)"))
        XCTAssertFalse(page.contains("<img src=x"))
    }
}
