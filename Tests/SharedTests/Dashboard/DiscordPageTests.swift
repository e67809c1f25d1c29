import Foundation
import XCTest

@testable import Dashboard

/// The Discord page's renderer: the channel select holds the eligible channels only and the
/// others are listed with their reason; names from Discord are text; the controls follow the
/// role, the plan and the hub's environment; every POST form carries the form token.
final class DiscordPageTests: XCTestCase {
    static let projectId = "p1"
    let path = DiscordPage.path(projectId: projectId)
    let markup = "<script>alert(1)</script><img src=x onerror=alert(1)>"

    func connection(state: DiscordPage.State = .awaitingChannel, channelId: String? = nil, names: String? = nil) -> DiscordPage.Connection {
        DiscordPage.Connection(
            state: state, guildId: "900", guildName: names ?? "Notes HQ", channelId: channelId,
            channels: [
                .init(id: "11", name: names ?? "support", eligible: true, reason: nil),
                .init(id: "12", name: "ideas-forum", eligible: false, reason: "NOT_A_TEXT_CHANNEL"),
                .init(id: "13", name: names ?? "locked", eligible: false, reason: "MISSING_PERMISSIONS"),
            ],
            installer: .init(discordUserId: "77", username: names ?? "ann_discord", memberName: names ?? "Ann"),
            lastError: nil, pending: 3, connectedAt: "2026-01-01T00:00:00Z")
    }

    func render(
        _ connection: DiscordPage.Connection?, role: String = "owner", planAllows: Bool = true, configured: Bool = true,
        confirming: Bool = false
    ) -> String {
        let page = DiscordPage(
            projectId: Self.projectId, appName: "Notes", connection: connection, configured: configured, canManage: role != "member",
            planAllows: planAllows, confirmingDisconnect: confirming)
        return page.html(viewer: PageMarkupProbe.viewer(role: role)).markup
    }

    /// The page's own forms, without the frame's sign-out.
    func actions(_ html: String) -> [String] { PageMarkupProbe.postActions(html).filter { $0 != "/logout" } }

    func testOnlyEligibleChannelsAreOfferedAndTheOthersSayWhy() {
        let html = render(connection())
        // The select offers #support only
        XCTAssertTrue(html.contains("<option value=\"11\""))
        XCTAssertFalse(html.contains("<option value=\"12\""))
        XCTAssertFalse(html.contains("<option value=\"13\""))
        // The forum and the locked channel are listed, greyed, with their reasons
        XCTAssertTrue(html.contains("Channels the bot cannot use"))
        XCTAssertTrue(html.contains("#ideas-forum"))
        XCTAssertTrue(html.contains("Not a text channel: forum, media, announcement and voice channels are not supported."))
        XCTAssertTrue(html.contains("The bot lacks a permission here"))
        XCTAssertTrue(html.contains("<li class=\"muted\">"))
        // Without a chosen channel there is no test message yet
        XCTAssertFalse(html.contains("action=\"" + path + "/test\""))
        let active = render(connection(state: .active, channelId: "11"))
        XCTAssertTrue(active.contains("action=\"" + path + "/test\""))
        // Once a channel is in use it is named instead of offered; needing attention offers it again
        XCTAssertTrue(active.contains("The bot posts in #support. To move to another channel or server, disconnect first."))
        XCTAssertFalse(active.contains("action=\"" + path + "/channel\""))
        XCTAssertTrue(render(connection(state: .needsAttention, channelId: "11")).contains("action=\"" + path + "/channel\""))
        PageMarkupProbe.assertSafe(html)
    }

    func testNamesFromDiscordAreText() {
        let html = render(connection(state: .active, channelId: "11", names: markup), confirming: true)
        XCTAssertTrue(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;"))
        PageMarkupProbe.assertSafe(html)
    }

    func testAMemberSeesTheInstallationWithoutAnyForm() {
        let html = render(connection(state: .active, channelId: "11"), role: "member")
        XCTAssertTrue(html.contains("Notes HQ"))
        XCTAssertTrue(html.contains("#support"))
        XCTAssertTrue(html.contains("@ann_discord"))
        XCTAssertEqual(actions(html), [])
        XCTAssertEqual(
            actions(
                render(
                    DiscordPage.Connection(
                        state: .disconnected, guildId: nil, guildName: nil, channelId: nil, channels: [], installer: nil, lastError: nil,
                        pending: 0, connectedAt: nil), role: "member")), [])
    }

    func testFreeMayOnlyDisconnectAndAHubWithoutTheBotOffersNoConnect() {
        // A Free owner of an installed app: the notice, and only the disconnect form
        let free = render(connection(state: .active, channelId: "11"), planAllows: false)
        XCTAssertTrue(free.contains("Discord is available on the Pro and Studio plans"))
        XCTAssertEqual(actions(free), [path + "/disconnect"])
        // An owner of a paid organization on a hub without the bot's environment: no Connect
        let none = DiscordPage.Connection(
            state: .disconnected, guildId: nil, guildName: nil, channelId: nil, channels: [], installer: nil, lastError: nil,
            pending: 0, connectedAt: nil)
        XCTAssertEqual(actions(render(none, configured: false)), [])
        XCTAssertEqual(actions(render(none)), [path + "/install"])
    }

    func testDisconnectingAsksFirst() {
        let asking = render(connection(state: .active, channelId: "11"), confirming: true)
        XCTAssertTrue(asking.contains("Disconnect “Notes HQ” from Notes?"))
        XCTAssertTrue(asking.contains("name=\"confirm\" value=\"1\""))
        XCTAssertEqual(actions(asking), [path + "/disconnect"])
        PageMarkupProbe.assertSafe(asking)
    }
}
