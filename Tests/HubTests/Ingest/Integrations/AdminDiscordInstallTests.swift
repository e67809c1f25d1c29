import Foundation
import XCTest

@testable import IngestService

/// The Discord operator routes end to end with pushd and the fake Discord (issue 24,
/// "Operator API"): the authorize URL, the callback recording the installation, the channels
/// with their eligibility, choosing one, the test message, the sync job and disconnecting.
final class AdminDiscordInstallTests: XCTestCase {
    var fixture: DiscordPageFixture!

    override func setUpWithError() throws { fixture = try DiscordPageFixture() }
    override func tearDown() { fixture?.shutdown() }

    var base: String { "/projects/\(fixture.projectId)/integrations/discord" }

    func testInstallingChoosingAChannelAndSendingATestMessage() throws {
        // When the operator starts the installation
        let started = try fixture.admin.call("POST", base + "/install")
        XCTAssertEqual(started.status, 200, started.text)
        let url = try XCTUnwrap(URLComponents(string: started.json["authorizeUrl"] as? String ?? ""))
        // Then the URL is Discord's authorize page with the client, scopes, permissions, redirect and a state
        XCTAssertEqual(url.scheme! + "://" + url.host! + ":" + String(url.port!) + url.path, fixture.fake.baseURL + "/oauth2/authorize")
        let query = Dictionary((url.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
        XCTAssertEqual(query["client_id"], DiscordPageFixture.applicationId)
        XCTAssertEqual(query["scope"], "bot identify")
        // View Channel, Send Messages, Embed Links, Read Message History, Create Public Threads, Send Messages in Threads
        XCTAssertEqual(query["permissions"], String((1 << 10) | (1 << 11) | (1 << 14) | (1 << 16) | (1 << 35) | (1 << 38)))
        XCTAssertEqual(query["redirect_uri"], fixture.publicURL + "/api/v1/integrations/discord/callback")
        let state = try XCTUnwrap(query["state"])
        XCTAssertFalse(state.isEmpty)
        XCTAssertEqual(try fixture.connection()["state"] as? String, "disconnected")
        // When Discord sends the browser back with the fake's code
        let back = try fixture.callback("code=\(DiscordPageFixture.code)&state=\(state)&guild_id=\(DiscordPageFixture.guildId)")
        // Then it goes to the app's Discord page, and the installation is recorded with the server's channels
        XCTAssertEqual(back.status, 303, back.text)
        XCTAssertEqual(back.header("location"), fixture.path + "?done=installed")
        let installed = try fixture.connection()
        XCTAssertEqual(installed["state"] as? String, "awaiting_channel")
        XCTAssertEqual(installed["guildId"] as? String, DiscordPageFixture.guildId)
        XCTAssertEqual(installed["guildName"] as? String, "Notes HQ")
        XCTAssertEqual((installed["installer"] as? [String: Any])?["discordUserId"] as? String, DiscordPageFixture.installerId)
        let channels = try XCTUnwrap(installed["channels"] as? [[String: Any]])
        let byId = Dictionary(channels.map { ($0["id"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
        XCTAssertEqual(byId[DiscordPageFixture.supportChannel]?["eligible"] as? Bool, true)
        XCTAssertEqual(byId[DiscordPageFixture.forumChannel]?["eligible"] as? Bool, false)
        XCTAssertEqual(byId[DiscordPageFixture.forumChannel]?["reason"] as? String, "NOT_A_TEXT_CHANNEL")
        XCTAssertEqual(byId[DiscordPageFixture.lockedChannel]?["reason"] as? String, "MISSING_PERMISSIONS")
        // When the same state comes back again, it is refused as used
        let again = try fixture.callback("code=\(DiscordPageFixture.code)&state=\(state)&guild_id=\(DiscordPageFixture.guildId)")
        XCTAssertEqual(again.status, 400)
        XCTAssertTrue(again.text.contains("expired or was already used"))
        // When the forum is chosen it is refused; the text channel is accepted
        let forum = try fixture.admin.call("PATCH", base, json: ["channelId": DiscordPageFixture.forumChannel])
        XCTAssertEqual(forum.status, 400, forum.text)
        XCTAssertEqual(forum.code, "CHANNEL_NOT_ELIGIBLE")
        let chosen = try fixture.admin.call("PATCH", base, json: ["channelId": DiscordPageFixture.supportChannel])
        XCTAssertEqual(chosen.status, 200, chosen.text)
        XCTAssertEqual(chosen.json["state"] as? String, "active")
        XCTAssertEqual(chosen.json["channelId"] as? String, DiscordPageFixture.supportChannel)
        // When the test message is sent, it is in the channel
        let tested = try fixture.admin.call("POST", base + "/test")
        XCTAssertEqual(tested.status, 200, tested.text)
        let messageId = try XCTUnwrap(tested.json["messageId"] as? String)
        XCTAssertTrue(try fixture.messages(in: DiscordPageFixture.supportChannel).contains { $0["id"] as? String == messageId })
        // And a synchronization pass runs on demand through pushd
        let pass = try fixture.admin.call("POST", "/jobs/discord-sync/run")
        XCTAssertEqual(pass.status, 200, pass.text)
        // When it is disconnected
        let gone = try fixture.admin.call("DELETE", base)
        XCTAssertEqual(gone.status, 200, gone.text)
        XCTAssertEqual(gone.json["disconnected"] as? Bool, true)
        XCTAssertEqual(try fixture.connection()["state"] as? String, "disconnected")
    }

    func testTheInstallerMapsToTheTokensAuthor() throws {
        // Given a write token made by an admin
        let bo = try fixture.admin.person("bo@example.com", role: .admin)
        let token = try fixture.admin.store.createToken(name: "CI", scope: .write, by: bo.session.actor).token
        // When that token installs and Discord comes back
        let started = try fixture.admin.call("POST", base + "/install", token: token)
        XCTAssertEqual(started.status, 200, started.text)
        let state = try XCTUnwrap(DiscordPageFixture.state(of: started.json["authorizeUrl"] as? String ?? ""))
        XCTAssertEqual(try fixture.callback("code=\(DiscordPageFixture.code)&state=\(state)").status, 303)
        // Then the installer is mapped to Bo
        let installer = try XCTUnwrap(fixture.connection()["installer"] as? [String: Any])
        XCTAssertEqual(installer["memberId"] as? String, bo.session.memberId)
        // And installing again is refused until disconnected
        let twice = try fixture.admin.call("POST", base + "/install", token: token)
        XCTAssertEqual(twice.status, 409, twice.text)
        XCTAssertEqual(twice.code, "ALREADY_CONNECTED")
    }

    func testAFreeOrganizationCanStillDisconnect() throws {
        try fixture.install()
        XCTAssertNotNil(
            try fixture.admin.store.updateOrganization(id: fixture.organizationId, plan: .free, appAllowance: nil, setsAllowance: false))
        // When the Free organization's owner tests, then disconnects
        XCTAssertEqual(try fixture.admin.call("POST", base + "/test").code, "PLAN_REQUIRED")
        let gone = try fixture.admin.call("DELETE", base)
        // Then disconnecting works
        XCTAssertEqual(gone.status, 200, gone.text)
        XCTAssertEqual(try fixture.connection()["state"] as? String, "disconnected")
    }
}
