import Foundation
import TestSupport
import XCTest

@testable import IngestService

/// ingest with the platform Discord bot's environment (or without it), pointed at
/// `fake_discord.py`, the hub's public URL on a fixed loopback port (so the OAuth redirect
/// URI is known in advance), one project, and the fake knowing the application, the
/// installer and a server with an eligible text channel, a forum and a channel the bot may
/// not post in. `backends` adds chatd and pushd, which answer the Discord RPCs.
final class DiscordPageFixture {
    static let applicationId = "1100000000000000001"
    static let botToken = "fake-discord-bot-token.0123456789"
    static let clientSecret = "fake-discord-client-secret"
    static let publicKey = String(repeating: "ab", count: 32)
    static let installerId = "1200000000000000001"
    static let installerName = "ann_discord"
    static let guildId = "1300000000000000001"
    static let supportChannel = "1300000000000000011"
    static let forumChannel = "1300000000000000012"
    static let lockedChannel = "1300000000000000013"
    static let code = "fakeOAuthCode0123456789abcdef"
    /// The six permissions the bot asks for: View Channel, Send Messages, Embed Links, Read
    /// Message History, Create Public Threads, Send Messages in Threads.
    static let botPermissions = (1 << 10) | (1 << 11) | (1 << 14) | (1 << 16) | (1 << 35) | (1 << 38)

    let fake: FakeControl
    let admin: AdminClient
    let projectId: String
    let publicURL: String

    init(configured: Bool = true, backends: Bool = true, guildName: String = "Notes HQ", channelName: String = "support") throws {
        fake = try FakeControl(script: "fake_discord.py")
        do {
            let port = try TelegramFixture.freePort()
            publicURL = "http://127.0.0.1:\(port)"
            var env = [
                "APPNORTH_HTTP_ADDR": "127.0.0.1:\(port)", "APPNORTH_PUBLIC_URL": publicURL,
                "APPNORTH_DISCORD_API_URL": fake.baseURL + "/api/v10", "APPNORTH_DISCORD_OAUTH_URL": fake.baseURL + "/oauth2/authorize",
                "APPNORTH_DISCORD_SYNC_INTERVAL_S": "0", "APPNORTH_CREDENTIALS_KEY": String(repeating: "cd", count: 32),
            ]
            if configured {
                env["DISCORD_APPLICATION_ID"] = DiscordPageFixture.applicationId
                env["DISCORD_PUBLIC_KEY"] = DiscordPageFixture.publicKey
                env["DISCORD_BOT_TOKEN"] = DiscordPageFixture.botToken
                env["DISCORD_CLIENT_SECRET"] = DiscordPageFixture.clientSecret
            }
            admin = try AdminClient(environment: env)
        } catch {
            fake.stop()
            throw error
        }
        if backends { try admin.hub.start([.chatd, .pushd]) }
        projectId = try admin.newProject(name: "Notes", chatMode: "anyone").id
        try setState(guildName: guildName, channelName: channelName)
    }

    func setState(guildName: String = "Notes HQ", channelName: String = "support") throws {
        let everyone = ["id": DiscordPageFixture.guildId, "name": "@everyone", "permissions": String(DiscordPageFixture.botPermissions)]
        try fake.post(
            "/__control/state",
            [
                "application": [
                    "id": DiscordPageFixture.applicationId, "name": "AppNorth", "clientSecret": DiscordPageFixture.clientSecret,
                    "botToken": DiscordPageFixture.botToken, "messageContent": true,
                ],
                "users": [["id": DiscordPageFixture.installerId, "username": DiscordPageFixture.installerName]],
                "guilds": [
                    [
                        "id": DiscordPageFixture.guildId, "name": guildName, "ownerId": DiscordPageFixture.installerId,
                        "roles": [everyone], "members": [["userId": DiscordPageFixture.installerId, "roles": []]],
                        "channels": [
                            ["id": DiscordPageFixture.supportChannel, "type": 0, "name": channelName, "overwrites": []],
                            ["id": DiscordPageFixture.forumChannel, "type": 15, "name": "ideas-forum", "overwrites": []],
                            [
                                "id": DiscordPageFixture.lockedChannel, "type": 0, "name": "announcements-locked",
                                // @everyone (the bot included) may not send messages here.
                                "overwrites": [["id": DiscordPageFixture.guildId, "type": 0, "allow": "0", "deny": String(1 << 11)]],
                            ],
                        ],
                    ]
                ],
                "oauthCodes": [
                    [
                        "code": DiscordPageFixture.code, "userId": DiscordPageFixture.installerId, "redirectUri": redirectURI,
                        "guildId": DiscordPageFixture.guildId, "scope": "bot identify",
                    ]
                ],
            ])
    }

    var redirectURI: String { publicURL + "/api/v1/integrations/discord/callback" }
    var path: String { "/dashboard/apps/" + projectId + "/integrations/discord" }
    var organizationId: String { (try? admin.store.project(id: projectId)?.organizationId) ?? "" }

    func shutdown() {
        admin.shutdown()
        fake.stop()
    }

    /// The installation as the operator API answers it.
    func connection() throws -> [String: Any] {
        let reply = try admin.call("GET", "/projects/\(projectId)/integrations/discord")
        XCTAssertEqual(reply.status, 200, reply.text)
        return reply.json
    }

    /// Discord's redirect back to the hub, as the browser follows it.
    func callback(_ query: String) throws -> HubReply { try admin.hub.request("GET", "/api/v1/integrations/discord/callback?" + query) }

    /// The `state` of an authorize URL.
    static func state(of authorizeURL: String) -> String? {
        URLComponents(string: authorizeURL)?.queryItems?.first { $0.name == "state" }?.value
    }

    /// The messages the fake holds in `channelId`, oldest first.
    func messages(in channelId: String) throws -> [[String: Any]] {
        try XCTUnwrap(fake.get("/__control/messages?channelId=" + channelId) as? [[String: Any]])
    }

    /// Installs through the operator API and the callback, as a person does in the browser.
    func install() throws {
        let started = try admin.call("POST", "/projects/\(projectId)/integrations/discord/install")
        XCTAssertEqual(started.status, 200, started.text)
        let state = try XCTUnwrap(DiscordPageFixture.state(of: started.json["authorizeUrl"] as? String ?? ""))
        let back = try callback("code=\(DiscordPageFixture.code)&state=\(state)&guild_id=\(DiscordPageFixture.guildId)")
        XCTAssertEqual(back.status, 303, back.text)
    }
}
