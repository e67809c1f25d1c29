import Foundation
import XCTest

@testable import IngestService

/// An app's Discord page (issue 24: "a dashboard page doing the same"): the roles and the plan
/// on the server whatever the page showed, the environment's notice, and the form token.
final class DiscordPagesTests: XCTestCase {
    var fixture: DiscordPageFixture!

    override func tearDown() { fixture?.shutdown() }

    var path: String { fixture.path }

    func testTheAppPageLinksToDiscordAndThePageIsDrawnWhilePushdDoesNotAnswer() throws {
        fixture = try DiscordPageFixture(backends: false)
        let owner = try fixture.admin.pages(as: "ann@example.com")
        // Given the app's page links to its Discord page next to Telegram
        let app = try owner.get("/dashboard/apps/" + fixture.projectId).text
        XCTAssertTrue(app.contains("href=\"" + path + "\""))
        XCTAssertTrue(app.contains("/integrations/telegram"))
        // When the owner opens it
        let page = try owner.get(path)
        // Then it is drawn with the setup steps, even while pushd does not answer
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(page.text.contains("Authorize the bot in a server you own or can manage."))
        XCTAssertTrue(page.text.contains("The delivery service did not answer"))
    }

    func testThePageAdmitsDiscordsAuthorizePageAsAFormTargetForThoseWhoMayConnect() throws {
        fixture = try DiscordPageFixture(backends: false)
        let owner = try fixture.admin.pages(as: "ann@example.com")
        let member = try fixture.admin.pages(as: "bo@example.com", role: .member)
        // When the owner opens the page: Connect Discord's post is redirected to Discord, which
        // browsers check against form-action
        let policy = try XCTUnwrap(try owner.get(path).header("content-security-policy"))
        // Then the authorize page's origin is admitted there
        XCTAssertTrue(policy.contains("form-action 'self' " + fixture.fake.baseURL + ";"), policy)
        // And not for a member, who cannot connect, nor on any other page
        XCTAssertFalse(try XCTUnwrap(try member.get(path).header("content-security-policy")).contains(fixture.fake.baseURL))
        let app = try XCTUnwrap(try owner.get("/dashboard/apps/" + fixture.projectId).header("content-security-policy"))
        XCTAssertTrue(app.contains("form-action 'self';"), app)
    }

    func testAMemberReadsThePageButEveryPostIsForbidden() throws {
        fixture = try DiscordPageFixture(backends: false)
        let member = try fixture.admin.pages(as: "bo@example.com", role: .member)
        // Given a member sees the page without any form that changes it
        let page = try member.get(path)
        XCTAssertEqual(page.status, 200)
        for action in ["/install", "/channel", "/test", "/disconnect"] { XCTAssertFalse(page.text.contains(path + action), action) }
        // When they post each action anyway
        for (action, fields) in [
            ("/install", []), ("/channel", [("channelId", DiscordPageFixture.supportChannel)]), ("/test", []),
            ("/disconnect", [("confirm", "1")]),
        ] as [(String, [(String, String)])] {
            let reply = try member.post(path + action, fields)
            // Then each is the 403 page
            XCTAssertEqual(reply.status, 403, action)
            XCTAssertTrue(reply.text.contains("FORBIDDEN"), action)
        }
    }

    func testAFreeOrganizationSeesThePlanNoticeAndIsRefusedAllButDisconnecting() throws {
        fixture = try DiscordPageFixture(backends: false)
        let owner = try fixture.admin.pages(as: "ann@example.com")
        XCTAssertNotNil(
            try fixture.admin.store.updateOrganization(id: fixture.organizationId, plan: .free, appAllowance: nil, setsAllowance: false))
        // Given the page shows the plan notice
        XCTAssertTrue(try owner.get(path).text.contains("Discord is available on the Pro and Studio plans"))
        // When the owner posts install, a channel and a test message
        for (action, fields) in [("/install", []), ("/channel", [("channelId", DiscordPageFixture.supportChannel)]), ("/test", [])]
            as [(String, [(String, String)])]
        {
            let reply = try owner.post(path + action, fields)
            // Then the plan refuses each
            XCTAssertEqual(reply.status, 403, action)
            XCTAssertTrue(reply.text.contains("PLAN_REQUIRED"), action)
        }
        // And the disconnect's first step is not refused for the plan
        let asked = try owner.post(path + "/disconnect")
        XCTAssertEqual(asked.status, 200, asked.text)
    }

    func testWithoutTheBotsEnvironmentThePageSaysSoAndConnectingIs503() throws {
        fixture = try DiscordPageFixture(configured: false, backends: false)
        let owner = try fixture.admin.pages(as: "ann@example.com")
        // Given the page names the missing environment and offers no Connect button
        let page = try owner.get(path).text
        XCTAssertTrue(
            page.contains("This hub&#39;s Discord bot is not configured") || page.contains("This hub's Discord bot is not configured"))
        XCTAssertTrue(page.contains("DISCORD_CLIENT_SECRET"))
        XCTAssertFalse(page.contains("action=\"" + path + "/install\""))
        // When the owner posts install anyway
        let reply = try owner.post(path + "/install")
        // Then it is 503 DISCORD_NOT_CONFIGURED
        XCTAssertEqual(reply.status, 503)
        XCTAssertTrue(reply.text.contains("DISCORD_NOT_CONFIGURED"))
    }

    func testAPostWithoutTheFormTokenOrFromAnotherOriginIsRefused() throws {
        fixture = try DiscordPageFixture(backends: false)
        let owner = try fixture.admin.pages(as: "ann@example.com")
        // When install is posted without the form token, and from another origin
        let noToken = try owner.post(path + "/install", withToken: false)
        let elsewhere = try owner.post(path + "/install", origin: "https://evil.example")
        // Then both are refused before anything is asked of Discord: no redirect to it
        for reply in [noToken, elsewhere] {
            XCTAssertEqual(reply.status, 403, reply.text)
            XCTAssertNil(reply.header("location"))
        }
    }
}
