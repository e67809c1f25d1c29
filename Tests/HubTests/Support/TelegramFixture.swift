import Foundation
import TestSupport
import XCTest

@testable import HubStore
@testable import PushService

/// `PushFixture`'s hub (ingest, chatd, pushd on a manual clock, APNs credentials and a fake
/// APNs) with a fake Telegram Bot API, the hub's public URL on a fixed loopback port (so the
/// webhook is reachable), and one forum group and one plain group the bot administers.
final class TelegramFixture {
    static let botToken = "7000001:AAHt3stT0kenForTheHubTelegramTests_x1"
    static let botId = 7_000_001
    static let botUsername = "northhelp_bot"
    static let forumId = "-1001000000001"
    static let plainId = "-1001000000002"
    /// The forum's creator and an administrator, and a plain member.
    static let creator = 111
    static let admin = 222
    static let member = 333

    let push: PushFixture
    let telegram: FakeControl
    var projectId: String { push.projectId }

    init(environment extra: [String: String] = [:], publicURL: Bool = true) throws {
        telegram = try FakeControl(script: "fake_telegram.py")
        do {
            let port = try TelegramFixture.freePort()
            var env = ["APPNORTH_TELEGRAM_API_URL": telegram.baseURL, "APPNORTH_INTEGRATION_RETRY_BASE_S": "1"]
            if publicURL {
                env["APPNORTH_HTTP_ADDR"] = "127.0.0.1:\(port)"
                env["APPNORTH_PUBLIC_URL"] = "http://127.0.0.1:\(port)"
            }
            env.merge(extra) { _, new in new }
            try telegram.post("/__control/state", TelegramFixture.state())
            push = try PushFixture(environment: env)
        } catch {
            telegram.stop()
            throw error
        }
    }

    func shutdown() {
        push.shutdown()
        telegram.stop()
    }

    static func state(botStatus: String = "administrator", canManageTopics: Bool = true) -> [String: Any] {
        let users: [String: Any] = [
            "\(creator)": ["first_name": "Carmen"], "\(admin)": ["first_name": "Ana", "last_name": "Ruiz"],
            "\(member)": ["first_name": "Mo"],
        ]
        let bot: [String: Any] = ["status": botStatus, "canManageTopics": canManageTopics]
        return [
            "bots": [["token": botToken, "id": botId, "username": botUsername, "firstName": "North Help"]],
            "chats": [
                [
                    "id": Int(forumId)!, "title": "Support team", "type": "supergroup", "isForum": true, "creator": creator,
                    "administrators": [admin], "members": [member], "users": users, "bot": bot,
                ],
                [
                    "id": Int(plainId)!, "title": "Plain group", "type": "supergroup", "isForum": false, "creator": creator,
                    "administrators": [admin], "members": [member], "users": users, "bot": bot,
                ],
            ],
        ]
    }

    // MARK: The operator API

    func connection() throws -> [String: Any] {
        let got = try push.call("GET", "/projects/\(projectId)/integrations/telegram")
        XCTAssertEqual(got.status, 200, got.text)
        return got.json
    }

    /// Connects the bot, has it seen in `group` and chooses that group.
    @discardableResult
    func connectAndChoose(group: String = TelegramFixture.forumId, mode: String? = nil) throws -> String {
        var body: [String: Any] = ["botToken": TelegramFixture.botToken]
        if let mode { body["mode"] = mode }
        let put = try push.call("PUT", "/projects/\(projectId)/integrations/telegram", json: body)
        XCTAssertEqual(put.status, 200, put.text)
        let id = try XCTUnwrap(put.json["id"] as? String)
        try seen(in: group)
        let patched = try push.call("PATCH", "/projects/\(projectId)/integrations/telegram", json: ["groupId": group])
        XCTAssertEqual(patched.status, 200, patched.text)
        XCTAssertEqual(patched.json["state"] as? String, "active")
        return id
    }

    /// The bot is made an administrator of `group` (a `my_chat_member` update), and the hub has it.
    func seen(in group: String) throws {
        try telegram.post(
            "/__control/my_chat_member",
            ["token": TelegramFixture.botToken, "chatId": Int(group)!, "status": "administrator", "fromId": TelegramFixture.creator])
        let detected = try eventually(timeout: 10, every: 0.05) {
            (try connection()["detectedGroups"] as? [[String: Any]] ?? []).contains { $0["id"] as? String == group }
        }
        XCTAssertTrue(detected, "group \(group) was not detected")
    }

    /// A message in the group as Telegram delivers it; the webhook's answers.
    @discardableResult
    func message(
        from user: Int, _ text: String, threadId: Int64? = nil, replyTo: Int64? = nil, isBot: Bool = false, times: Int = 1,
        chat: String = TelegramFixture.forumId, senderChat: String? = nil
    ) throws -> [String: Any] {
        var body: [String: Any] = [
            "token": TelegramFixture.botToken, "chatId": Int(chat)!, "fromId": user, "text": text, "times": times, "isBot": isBot,
        ]
        if let threadId { body["threadId"] = threadId }
        if let replyTo { body["replyTo"] = replyTo }
        if let senderChat { body["senderChatId"] = Int(senderChat)! }
        let answer = try telegram.post("/__control/message", body)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
    }

    // MARK: What the fake saw

    struct Sent {
        let chatId: String
        let messageId: Int64
        let threadId: Int64?
        let text: String
    }

    func sent() throws -> [Sent] {
        let rows = try XCTUnwrap(telegram.get("/__control/sent") as? [[String: Any]])
        return rows.map {
            Sent(
                chatId: "\($0["chatId"] ?? "")", messageId: ($0["messageId"] as? NSNumber)?.int64Value ?? 0,
                threadId: ($0["threadId"] as? NSNumber)?.int64Value, text: $0["text"] as? String ?? "")
        }
    }

    func topics() throws -> [(threadId: Int64, name: String)] {
        let rows = try XCTUnwrap(telegram.get("/__control/topics") as? [[String: Any]])
        return rows.map { ((($0["threadId"] as? NSNumber)?.int64Value ?? 0), $0["name"] as? String ?? "") }
    }

    func calls(_ method: String) throws -> [[String: Any]] {
        let rows = try XCTUnwrap(telegram.get("/__control/log") as? [[String: Any]])
        return rows.filter { ($0["method"] as? String)?.lowercased() == method.lowercased() }
    }

    /// Waits until the fake holds `count` sent messages matching `filter`.
    @discardableResult
    func waitForSent(_ count: Int, timeout: TimeInterval = 10, where filter: (Sent) -> Bool = { _ in true }) throws -> [Sent] {
        var matching: [Sent] = []
        let arrived = try eventually(timeout: timeout, every: 0.05) {
            matching = try sent().filter(filter)
            return matching.count >= count
        }
        XCTAssertTrue(arrived, "expected \(count) sent messages, saw \(matching.count): \(matching.map(\.text))")
        return matching
    }

    /// The topic of a subject, once created.
    func waitForTopic(containing text: String, timeout: TimeInterval = 10) throws -> Int64 {
        var found: Int64?
        _ = try eventually(timeout: timeout, every: 0.05) {
            found = try topics().first { $0.name.contains(text) }?.threadId
            return found != nil
        }
        let names = (try? topics().map(\.name)) ?? []
        return try XCTUnwrap(found, "no topic named with \(text): \(names)")
    }

    var pendingPosts: Int {
        (try? push.pushDB.scalar("SELECT COUNT(*) FROM integration_queue").intValue) ?? -1
    }

    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0 else { throw FakeControl.Failure(description: "bind failed") }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
