import Foundation
import TestSupport
import XCTest

@testable import HubMessaging
@testable import HubStore
@testable import PushService

/// `PushFixture`'s hub with a fake Discord REST API: a server with a text channel the bot may
/// use, a forum channel and a text channel that denies it Send Messages; an installer, a
/// moderator (Manage Messages) and a plain member; and an OAuth code for the installer.
final class DiscordFixture {
    static let applicationId = "900000000000000001"
    static let botToken = "Bot.Token.ForTheHubDiscordTests"
    static let clientSecret = "discord-client-secret"
    static let publicKey = String(repeating: "ab", count: 32)
    static let guildId = "700000000000000001"
    static let botRole = "700000000000000010"
    static let modRole = "700000000000000011"
    static let text = "600000000000000001"
    static let forum = "600000000000000002"
    static let locked = "600000000000000003"
    static let installer = "800000000000000001"
    static let moderator = "800000000000000002"
    static let plain = "800000000000000003"
    static let owner = "800000000000000009"
    static let code = "oauth-code-1"
    /// View Channel, Send Messages, Embed Links, Read Message History, Create Public Threads,
    /// Send Messages in Threads: what the bot asks for.
    static let botPermissions: UInt64 = (1 << 10) | (1 << 11) | (1 << 14) | (1 << 16) | (1 << 35) | (1 << 38)

    let push: PushFixture
    let discord: FakeControl
    let rpc: RPCClient
    let redirectURI: String
    var projectId: String { push.projectId }

    init(messageContent: Bool = true) throws {
        discord = try FakeControl(script: "fake_discord.py")
        do {
            let port = try TelegramFixture.freePort()
            redirectURI = "http://127.0.0.1:\(port)/api/v1/integrations/discord/callback"
            try discord.post("/__control/state", DiscordFixture.state(redirectURI: redirectURI, messageContent: messageContent))
            push = try PushFixture(environment: [
                "APPNORTH_HTTP_ADDR": "127.0.0.1:\(port)", "APPNORTH_PUBLIC_URL": "http://127.0.0.1:\(port)",
                "DISCORD_APPLICATION_ID": DiscordFixture.applicationId, "DISCORD_PUBLIC_KEY": DiscordFixture.publicKey,
                "DISCORD_BOT_TOKEN": DiscordFixture.botToken, "DISCORD_CLIENT_SECRET": DiscordFixture.clientSecret,
                "APPNORTH_DISCORD_API_URL": discord.baseURL + "/api/v10", "APPNORTH_DISCORD_SYNC_INTERVAL_S": "0",
                "APPNORTH_INTEGRATION_RETRY_BASE_S": "1",
            ])
            rpc = try push.hub.client(of: .pushd, clock: push.clock, defaultTimeout: 30)
        } catch {
            discord.stop()
            throw error
        }
    }

    func shutdown() {
        rpc.close()
        push.shutdown()
        discord.stop()
    }

    static func state(redirectURI: String, messageContent: Bool = true) -> [String: Any] {
        [
            "application": [
                "id": applicationId, "clientSecret": clientSecret, "botToken": botToken, "messageContent": messageContent,
            ],
            "users": [
                ["id": installer, "username": "ana"], ["id": moderator, "username": "mo"], ["id": plain, "username": "pat"],
                ["id": owner, "username": "olga"],
            ],
            "guilds": [
                [
                    "id": guildId, "name": "Support server", "ownerId": owner,
                    "roles": [
                        ["id": guildId, "name": "@everyone", "permissions": String((1 << 10) | (1 << 11) | (1 << 16))],
                        ["id": botRole, "name": "AppNorth", "permissions": String(botPermissions)],
                        ["id": modRole, "name": "Moderators", "permissions": String(1 << 13)],
                    ],
                    "members": [
                        ["userId": applicationId, "roles": [botRole]], ["userId": moderator, "roles": [modRole]],
                        ["userId": plain, "roles": []], ["userId": installer, "roles": []],
                    ],
                    "channels": [
                        ["id": text, "type": 0, "name": "support"],
                        ["id": forum, "type": 15, "name": "ideas"],
                        [
                            "id": locked, "type": 0, "name": "read-only",
                            "overwrites": [["id": botRole, "type": 0, "allow": "0", "deny": String(1 << 11)]],
                        ],
                    ],
                ]
            ],
            "oauthCodes": [["code": code, "userId": installer, "redirectUri": redirectURI, "guildId": guildId]],
        ]
    }

    // MARK: Installing

    /// Starts the installation as the operator would and completes it with the fake's code.
    @discardableResult
    func install(memberId: String? = nil) throws -> String {
        let begun = try rpc.call(
            DiscordInstall.self,
            .init(
                organizationId: "org", projectId: projectId, appName: "App", memberId: memberId, redirectURI: redirectURI,
                hubURL: push.hub.baseURL)
        ).get()
        let state = try XCTUnwrap(URLComponents(string: begun.authorizeUrl)?.queryItems?.first { $0.name == "state" }?.value)
        _ = try rpc.call(DiscordCallback.self, .init(state: state, code: DiscordFixture.code, guildId: DiscordFixture.guildId)).get()
        return state
    }

    /// Installs and chooses the text channel.
    func installAndChoose() throws {
        try install(memberId: "member-ana")
        let chosen = try rpc.call(DiscordConfigure.self, .init(projectId: projectId, channelId: DiscordFixture.text)).get()
        XCTAssertEqual(chosen.state, .active)
    }

    /// One synchronization pass; what it did.
    @discardableResult
    func sync() throws -> Int {
        try rpc.call(JobRun.self, .init(name: "discord-sync"), timeout: 60).get().processed
    }

    // MARK: What the fake holds

    struct Message {
        let id: String
        let channelId: String
        let content: String
        let bot: Bool
    }

    func messages(in channel: String) throws -> [Message] {
        let rows = try XCTUnwrap(discord.get("/__control/messages?channelId=" + channel) as? [[String: Any]])
        return rows.map {
            Message(
                id: $0["id"] as? String ?? "", channelId: channel, content: $0["content"] as? String ?? "",
                bot: ($0["author"] as? [String: Any])?["bot"] as? Bool == true)
        }
    }

    func threads() throws -> [(id: String, name: String)] {
        let rows = try XCTUnwrap(discord.get("/__control/threads") as? [[String: Any]])
        return rows.map { ($0["id"] as? String ?? "", $0["name"] as? String ?? "") }
    }

    /// A message by someone else in a channel or thread; its ID.
    @discardableResult
    func post(in channel: String, by author: String, _ content: String, webhook: Bool = false, type: Int = 0) throws -> String {
        var body: [String: Any] = ["channelId": channel, "authorId": author, "content": content, "type": type]
        if webhook { body["webhookId"] = "500000000000000001" }
        let answer = try discord.post("/__control/message", body)
        return try XCTUnwrap((JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])?["id"] as? String)
    }

    func calls(_ route: String) throws -> [[String: Any]] {
        let rows = try XCTUnwrap(discord.get("/__control/log") as? [[String: Any]])
        return rows.filter { $0["route"] as? String == route }
    }

    /// Runs passes until `condition` holds (events reach pushd asynchronously).
    func syncUntil(timeout: TimeInterval = 10, _ condition: () throws -> Bool) throws -> Bool {
        try eventually(timeout: timeout, every: 0.1) {
            try sync()
            return try condition()
        }
    }

    var outbox: [(state: String, reason: String?)] {
        (try? push.pushDB.query("SELECT state, last_reason FROM discord_outbox ORDER BY id").map {
            ($0.string("state") ?? "", $0.string("last_reason"))
        }) ?? []
    }
}
