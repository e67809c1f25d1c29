import Foundation
import TestSupport
import XCTest

@testable import HubMessaging
@testable import PushService

/// Installing the platform bot with OAuth, choosing a channel, disconnecting.
final class DiscordInstallTests: XCTestCase {
    var fixture: DiscordFixture!

    override func setUpWithError() throws { fixture = try DiscordFixture() }
    override func tearDown() { fixture?.shutdown() }

    func testTheAuthorizeURLAsksForTheBotsPermissionsAndItsStateWorksOnce() throws {
        // When an installation starts
        let begun = try fixture.rpc.call(
            DiscordInstall.self,
            .init(
                organizationId: "org", projectId: fixture.projectId, appName: "App", memberId: "member-ana",
                redirectURI: fixture.redirectURI, hubURL: fixture.push.hub.baseURL)
        ).get()

        // Then Discord's authorize URL carries the client, scopes, permissions, redirect and a state
        let items = Dictionary(
            uniqueKeysWithValues: (URLComponents(string: begun.authorizeUrl)?.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        XCTAssertEqual(items["client_id"], DiscordFixture.applicationId)
        XCTAssertEqual(items["scope"], "bot identify")
        XCTAssertEqual(items["permissions"], String(DiscordFixture.botPermissions))
        XCTAssertEqual(items["redirect_uri"], fixture.redirectURI)
        let state = try XCTUnwrap(items["state"])
        XCTAssertGreaterThanOrEqual(state.count, 40)
        // And only its hash is stored
        XCTAssertEqual(
            try fixture.push.pushDB.scalar("SELECT COUNT(*) FROM discord_states WHERE state_hash = ?", [.text(state)]).intValue, 0)

        // When Discord redirects back with the code, then the installation is recorded with its installer
        _ = try fixture.rpc.call(DiscordCallback.self, .init(state: state, code: DiscordFixture.code, guildId: DiscordFixture.guildId))
            .get()
        let connection = try fixture.rpc.call(DiscordConnectionGet.self, .init(projectId: fixture.projectId)).get()
        XCTAssertEqual(connection.state, .awaitingChannel)
        XCTAssertEqual(connection.guildId, DiscordFixture.guildId)
        XCTAssertEqual(connection.guildName, "Support server")
        XCTAssertEqual(connection.installer?.discordUserId, DiscordFixture.installer)
        XCTAssertEqual(connection.installer?.memberId, "member-ana")

        // And the same state a second time is refused
        let again = fixture.rpc.call(DiscordCallback.self, .init(state: state, code: DiscordFixture.code, guildId: DiscordFixture.guildId))
        guard case .failure(let error) = again else { return XCTFail("a used state was accepted") }
        XCTAssertEqual(error.code, "INVALID_STATE")
    }

    func testAnExpiredStateIsRefused() throws {
        let begun = try fixture.rpc.call(
            DiscordInstall.self,
            .init(
                organizationId: "org", projectId: fixture.projectId, appName: "App", memberId: nil, redirectURI: fixture.redirectURI,
                hubURL: fixture.push.hub.baseURL)
        ).get()
        let state = try XCTUnwrap(URLComponents(string: begun.authorizeUrl)?.queryItems?.first { $0.name == "state" }?.value)
        // When more than ten minutes pass before Discord redirects back
        fixture.push.clock.advance(by: 601)
        let late = fixture.rpc.call(DiscordCallback.self, .init(state: state, code: DiscordFixture.code, guildId: DiscordFixture.guildId))
        // Then the state no longer works and nothing is installed
        guard case .failure(let error) = late else { return XCTFail("an expired state was accepted") }
        XCTAssertEqual(error.code, "INVALID_STATE")
        XCTAssertEqual(try fixture.rpc.call(DiscordConnectionGet.self, .init(projectId: fixture.projectId)).get().state, .disconnected)
    }

    func testOnlyTextChannelsWhereTheBotHasEveryPermissionCanBeChosen() throws {
        // Given an installation
        try fixture.install()
        let channels = try fixture.rpc.call(DiscordConnectionGet.self, .init(projectId: fixture.projectId)).get().channels
        let byId = Dictionary(uniqueKeysWithValues: channels.map { ($0.id, $0) })

        // Then the text channel is eligible, the forum is not a text channel, and the channel
        // whose overwrite denies the bot Send Messages lacks permissions
        XCTAssertEqual(byId[DiscordFixture.text]?.eligible, true)
        XCTAssertEqual(byId[DiscordFixture.forum]?.reason, "NOT_A_TEXT_CHANNEL")
        XCTAssertEqual(byId[DiscordFixture.locked]?.reason, "MISSING_PERMISSIONS")

        // And choosing them is refused, choosing the text channel works
        for refused in [DiscordFixture.forum, DiscordFixture.locked] {
            guard
                case .failure(let error) = fixture.rpc.call(DiscordConfigure.self, .init(projectId: fixture.projectId, channelId: refused))
            else { return XCTFail("\(refused) was accepted") }
            XCTAssertEqual(error.code, "CHANNEL_NOT_ELIGIBLE")
        }
        let chosen = try fixture.rpc.call(DiscordConfigure.self, .init(projectId: fixture.projectId, channelId: DiscordFixture.text)).get()
        XCTAssertEqual(chosen.state, .active)
        XCTAssertEqual(chosen.channelId, DiscordFixture.text)

        // And a test message goes to the channel
        let test = try fixture.rpc.call(DiscordTest.self, .init(projectId: fixture.projectId)).get()
        XCTAssertTrue(try fixture.messages(in: DiscordFixture.text).contains { $0.id == test.messageId && $0.content.contains("App") })
    }

    func testDisconnectRemovesPendingWorkAndThreadsAtOnce() throws {
        // Given an active installation with a conversation queued
        try fixture.installAndChoose()
        _ = try fixture.push.userMessage(voter: PushFixture.voter(1), body: "Queued")
        try fixture.push.waitForEvents()
        XCTAssertTrue(eventually(timeout: 5) { fixture.outbox.count == 1 })

        // When it is disconnected
        _ = try fixture.rpc.call(DiscordDisconnect.self, .init(projectId: fixture.projectId)).get()

        // Then nothing of it is left and a pass sends nothing
        for table in ["discord_installations", "discord_threads", "discord_outbox"] {
            XCTAssertEqual(try fixture.push.pushDB.scalar("SELECT COUNT(*) FROM \(table)").intValue, 0, table)
        }
        XCTAssertEqual(try fixture.sync(), 0)
        XCTAssertEqual(try fixture.messages(in: DiscordFixture.text).count, 0)
    }
}
