import Foundation
import TestSupport
import XCTest

@testable import IngestService

/// ingest, chatd and pushd with Telegram's Bot API played by `fake_telegram.py`, no public URL
/// (so connections poll), one project, and the fake knowing one bot and one forum group.
final class TelegramPageFixture {
    /// A token in @BotFather's shape that the fake knows.
    static let token = "7100200300:AAHdashboardPageTestToken_0123456789"
    static let botUsername = "notes_support_bot"
    static let groupId = -1_001_234_567_890
    static let creatorId = 5001
    static let memberUserId = 5002

    let fake: FakeControl
    let admin: AdminClient
    let projectId: String

    init() throws {
        fake = try FakeControl(script: "fake_telegram.py")
        do {
            admin = try AdminClient(environment: [
                "APPNORTH_TELEGRAM_API_URL": fake.baseURL, "APPNORTH_CREDENTIALS_KEY": String(repeating: "cd", count: 32),
                "APPNORTH_TELEGRAM_PER_MINUTE": "0",
            ])
        } catch {
            fake.stop()
            throw error
        }
        try admin.hub.start([.chatd, .pushd])
        projectId = try admin.newProject(name: "Notes", chatMode: "anyone").id
        try setState()
    }

    /// What the fake knows: the bot, and the group titled `groupTitle`.
    func setState(groupTitle: String = "Notes support") throws {
        try fake.post(
            "/__control/state",
            [
                "bots": [
                    [
                        "token": TelegramPageFixture.token, "id": 7_100_200_300, "username": TelegramPageFixture.botUsername,
                        "firstName": "Notes",
                    ]
                ],
                "chats": [
                    [
                        "id": TelegramPageFixture.groupId, "title": groupTitle, "type": "supergroup", "isForum": true,
                        "creator": TelegramPageFixture.creatorId, "administrators": [], "members": [TelegramPageFixture.memberUserId],
                        "users": [
                            "\(TelegramPageFixture.creatorId)": ["first_name": "Ann"],
                            "\(TelegramPageFixture.memberUserId)": ["first_name": "Bo"],
                        ],
                    ]
                ],
            ])
    }

    var organizationId: String { (try? admin.store.project(id: projectId)?.organizationId) ?? "" }

    func shutdown() {
        admin.shutdown()
        fake.stop()
    }

    var path: String { "/dashboard/apps/" + projectId + "/integrations/telegram" }

    /// The connection as the operator API answers it.
    func connection() throws -> [String: Any] {
        let reply = try admin.call("GET", "/projects/\(projectId)/integrations/telegram")
        XCTAssertEqual(reply.status, 200, reply.text)
        return reply.json
    }

    /// The bot is added to the group as an administrator: Telegram's `my_chat_member` update,
    /// queued for pushd's `getUpdates`.
    func addBotToGroup() throws {
        try fake.post(
            "/__control/my_chat_member",
            [
                "token": TelegramPageFixture.token, "chatId": TelegramPageFixture.groupId, "status": "administrator",
                "fromId": TelegramPageFixture.creatorId,
            ])
    }

    /// Waits until the page as `browser` sees it satisfies `condition`, polling with a deadline.
    func waitForPage(_ browser: PageSession, timeout: TimeInterval = 15, _ condition: (String) -> Bool) throws -> Bool {
        try eventually(timeout: timeout, every: 0.1) { condition(try browser.get(path).text) }
    }
}
