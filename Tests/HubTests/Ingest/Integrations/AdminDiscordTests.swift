import Foundation
import XCTest

@testable import IngestService

/// The Discord operator routes and the OAuth callback (issue 24, "Operator API"): the role,
/// plan and environment checks made before pushd is asked, and the callback's refusals as a
/// page a person can read.
final class AdminDiscordTests: XCTestCase {
    var fixture: DiscordPageFixture!

    override func tearDown() { fixture?.shutdown() }

    var base: String { "/projects/\(fixture.projectId)/integrations/discord" }

    /// A write token whose author is a plain member (made an admin, given the token, then demoted).
    func memberToken() throws -> String {
        let bo = try fixture.admin.person("bo@example.com", role: .admin)
        let token = try fixture.admin.store.createToken(name: "CI", scope: .write, by: bo.session.actor).token
        let demoted = try fixture.admin.call("PATCH", "/organization/members/\(bo.session.memberId)", json: ["role": "member"])
        XCTAssertEqual(demoted.status, 200, demoted.text)
        return token
    }

    func testWithoutTheBotsEnvironmentInstallingIsRefusedAs503() throws {
        // Given a hub without DISCORD_APPLICATION_ID, DISCORD_PUBLIC_KEY, DISCORD_BOT_TOKEN, DISCORD_CLIENT_SECRET
        fixture = try DiscordPageFixture(configured: false, backends: false)
        // When the owner's token installs, chooses a channel or sends a test message
        let replies = [
            try fixture.admin.call("POST", base + "/install"),
            try fixture.admin.call("PATCH", base, json: ["channelId": DiscordPageFixture.supportChannel]),
            try fixture.admin.call("POST", base + "/test"),
        ]
        // Then each is 503 DISCORD_NOT_CONFIGURED
        for reply in replies {
            XCTAssertEqual(reply.status, 503, reply.text)
            XCTAssertEqual(reply.code, "DISCORD_NOT_CONFIGURED")
        }
        // And Discord's callback says so as a page
        let back = try fixture.callback("code=\(DiscordPageFixture.code)&state=abcdefABCDEF0123456789")
        XCTAssertEqual(back.status, 503)
        XCTAssertTrue(back.header("content-type")?.hasPrefix("text/html") ?? false)
        XCTAssertTrue(back.text.contains("Discord is not set up on this hub"))
    }

    func testAMembersTokenAndAReadTokenMayNotChangeTheInstallation() throws {
        fixture = try DiscordPageFixture(backends: false)
        let member = try memberToken()
        let read = try fixture.admin.createToken(name: "Reader", scope: "read")
        // When a member's token installs, configures, tests and disconnects
        for (method, path, body) in [
            ("POST", base + "/install", nil), ("PATCH", base, ["channelId": DiscordPageFixture.supportChannel]),
            ("POST", base + "/test", nil), ("DELETE", base, nil),
        ] as [(String, String, [String: Any]?)] {
            let reply = try fixture.admin.call(method, path, json: body, token: member)
            // Then each is 403: a member's token may not write, and the role lacks manageIntegrations
            XCTAssertEqual(reply.status, 403, "\(method) \(path): \(reply.text)")
            XCTAssertEqual(reply.code, "WRITE_NOT_ALLOWED", "\(method) \(path)")
        }
        // And a read token may not install either
        XCTAssertEqual(try fixture.admin.call("POST", base + "/install", token: read).status, 403)
    }

    func testAFreeOrganizationMayNotInstallConfigureOrTest() throws {
        fixture = try DiscordPageFixture(backends: false)
        // Given the organization is on the Free plan
        XCTAssertNotNil(
            try fixture.admin.store.updateOrganization(id: fixture.organizationId, plan: .free, appAllowance: nil, setsAllowance: false))
        // When its owner's token installs, chooses a channel or sends a test message
        for (method, path, body) in [
            ("POST", base + "/install", nil), ("PATCH", base, ["channelId": DiscordPageFixture.supportChannel]),
            ("POST", base + "/test", nil),
        ] as [(String, String, [String: Any]?)] {
            let reply = try fixture.admin.call(method, path, json: body)
            // Then each is 403 PLAN_REQUIRED
            XCTAssertEqual(reply.status, 403, "\(method) \(path): \(reply.text)")
            XCTAssertEqual(reply.code, "PLAN_REQUIRED", "\(method) \(path)")
        }
        // And disconnecting is not refused for the plan (it goes on to pushd, which is not running here)
        let delete = try fixture.admin.call("DELETE", base)
        XCTAssertNotEqual(delete.code, "PLAN_REQUIRED", delete.text)
        XCTAssertNotEqual(delete.status, 403, delete.text)
    }

    func testAChannelIDMustBeADiscordSnowflake() throws {
        fixture = try DiscordPageFixture(backends: false)
        // When the channel is not a number, is missing, or has 21 digits
        for body in [["channelId": "support"], [:], ["channelId": String(repeating: "1", count: 21)]] as [[String: Any]] {
            let reply = try fixture.admin.call("PATCH", base, json: body)
            // Then it is 400 INVALID_PAYLOAD on channelId
            XCTAssertEqual(reply.status, 400, reply.text)
            XCTAssertEqual(reply.code, "INVALID_PAYLOAD")
            XCTAssertNotNil(((reply.json["error"] as? [String: Any])?["fields"] as? [String: Any])?["channelId"], reply.text)
        }
        // And 20 digits pass the check (and reach pushd, not running here)
        let twenty = try fixture.admin.call("PATCH", base, json: ["channelId": String(repeating: "1", count: 20)])
        XCTAssertNotEqual(twenty.code, "INVALID_PAYLOAD", twenty.text)
    }

    func testTheCallbackRefusesWhatIsNotAStateFromThisHub() throws {
        fixture = try DiscordPageFixture(backends: false)
        let code = "code=" + DiscordPageFixture.code
        // When the state is missing, or one character over 128, or the code is missing
        for query in [code, code + "&state=" + String(repeating: "s", count: 129), "state=" + String(repeating: "s", count: 43)] {
            let page = try fixture.callback(query)
            // Then the page says the link is incomplete, 400, as HTML
            XCTAssertEqual(page.status, 400, query)
            XCTAssertTrue(page.header("content-type")?.hasPrefix("text/html") ?? false)
            XCTAssertTrue(page.text.contains("The link Discord sent back is incomplete"), query)
            XCTAssertTrue(page.text.contains("href=\"/dashboard/apps\""))
        }
        // When a parameter's value is over 512 bytes, whatever its name
        let padded = try fixture.callback(code + "&state=abc&permissions=" + String(repeating: "9", count: 513))
        XCTAssertEqual(padded.status, 400)
        // When the state has 128 characters it passes the checks and goes on to pushd (not running here)
        let edge = try fixture.callback(code + "&state=" + String(repeating: "s", count: 128))
        XCTAssertFalse(edge.text.contains("incomplete"), edge.text)
        XCTAssertNotEqual(edge.status, 400)
    }

    func testACancelledAuthorizationIsAPageSayingNothingChanged() throws {
        fixture = try DiscordPageFixture(backends: false)
        // When Discord sends the person back after Cancel
        let cancelled = try fixture.callback("error=access_denied&error_description=The+resource+owner+denied+the+request&state=abc")
        // Then the page says so, with a way back
        XCTAssertEqual(cancelled.status, 400)
        XCTAssertTrue(cancelled.text.contains("The authorization was cancelled on Discord"))
        XCTAssertTrue(cancelled.text.contains("Back to your apps"))
        // When the error is markup, it is never shown as such
        let markup = try fixture.callback("error=%3Cscript%3Ealert(1)%3C%2Fscript%3E")
        XCTAssertEqual(markup.status, 400)
        XCTAssertFalse(markup.text.contains("<script>alert(1)"))
        XCTAssertTrue(markup.text.contains("Discord refused the authorization (an unknown error)"))
    }
}
