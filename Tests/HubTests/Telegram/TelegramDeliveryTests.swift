import Foundation
import TestSupport
import XCTest

@testable import PushService

/// Conversations and reports reach the chosen group as topics, and the team's answers there
/// come back as replies, against the fake Bot API from its request log.
final class TelegramDeliveryTests: XCTestCase {
    var fixture: TelegramFixture!

    override func setUpWithError() throws {
        fixture = try TelegramFixture()
        try fixture.connectAndChoose()
    }
    override func tearDown() { fixture?.shutdown() }

    private var push: PushFixture { fixture.push }

    /// A user's first message; its conversation and the topic's ID once opened.
    private func conversation(voter n: Int, body: String) throws -> (id: String, threadId: Int64) {
        let id = try push.userMessage(voter: PushFixture.voter(n), body: body)
        let threadId = try fixture.waitForTopic(containing: String(id.suffix(6)).lowercased())
        try fixture.waitForSent(1) { $0.threadId == threadId }
        return (id, threadId)
    }

    private func status(_ conversationId: String) throws -> String? {
        let chatd = try XCTUnwrap(push.hub.daemons[.chatd]).context.store
        return try chatd.scalar("SELECT status FROM conversations WHERE id = ?", [.text(conversationId)]).stringValue
    }

    private func teamMessages(_ conversationId: String) throws -> [[String: Any]] {
        let listed = try push.call("GET", "/conversations/\(conversationId)/messages")
        XCTAssertEqual(listed.status, 200, listed.text)
        return listed.items.filter { $0["sender"] as? String == "team" }
    }

    func testANewConversationOpensATopicAndPostsTheFirstMessageWithItsDetails() throws {
        // When a user writes for the first time
        let (id, threadId) = try conversation(voter: 1, body: "The export button crashes the app")

        // Then one topic is named after the reporter and the app, and its first message carries
        // the text, locale, platform, bundle and app version (missing ones labelled) and a hub link
        let topics = try fixture.topics()
        XCTAssertEqual(topics.count, 1)
        XCTAssertTrue(topics[0].name.hasPrefix("Anonymous · App"), topics[0].name)
        let first = try XCTUnwrap(try fixture.sent().first { $0.threadId == threadId })
        XCTAssertEqual(first.chatId, TelegramFixture.forumId)
        XCTAssertTrue(first.text.contains("The export button crashes the app"), first.text)
        for label in ["Locale: ", "Platform: ", "Bundle: ", "App version: unavailable"] {
            XCTAssertTrue(first.text.contains(label), "\(label) missing in \(first.text)")
        }
        XCTAssertTrue(first.text.contains(push.hub.baseURL + "/dashboard/conversations/" + id), first.text)

        // And a later user message follows in the same topic, once
        _ = try push.send("POST", "/chat/messages", ["body": "Still crashing"], token: PushFixture.voter(1), origin: nil)
        let later = try fixture.waitForSent(1) { $0.threadId == threadId && $0.text.contains("Still crashing") }
        XCTAssertEqual(later.count, 1)
        XCTAssertEqual(try fixture.sent().filter { $0.text.contains("The export button crashes the app") }.count, 1)
    }

    func testAReportOpensItsOwnTopic() throws {
        // When a report is submitted with a contact email
        let sent = try push.send(
            "POST", "/feedback",
            [
                "type": "problem", "message": "Sync loses my notes", "email": "reporter@example.com",
                "pageURL": "https://app.example.com/settings", "viewport": ["width": 390, "height": 844],
            ])
        XCTAssertEqual(sent.status, 201, sent.text)
        let reportId = try XCTUnwrap(sent.json["id"] as? String)

        // Then a topic named after the reporter opens with the report's text and link
        let threadId = try fixture.waitForTopic(containing: "report")
        XCTAssertTrue(try fixture.topics().contains { $0.name.hasPrefix("reporter@example.com · App · report") })
        let intro = try XCTUnwrap(try fixture.waitForSent(1) { $0.threadId == threadId }.first)
        XCTAssertTrue(intro.text.contains("Sync loses my notes"), intro.text)
        XCTAssertTrue(intro.text.contains("/dashboard/reports/" + reportId), intro.text)

        // And an administrator's reply there becomes the report's reply, /resolve marks it done
        try fixture.message(from: TelegramFixture.admin, "We are on it", threadId: threadId)
        try fixture.message(from: TelegramFixture.admin, "/resolve", threadId: threadId)
        let done = try eventually(timeout: 10, every: 0.05) {
            let report = try push.call("GET", "/feedback/\(reportId)")
            let replies = (report.json["replies"] as? [[String: Any]]) ?? []
            return report.json["status"] as? String == "done" && replies.contains { $0["message"] as? String == "We are on it" }
        }
        XCTAssertTrue(done, "the report has no Telegram reply or is not done")
    }

    func testATeamReplyFromTheHubAppearsInTheTopicButNotNotesOrCards() throws {
        // Given a conversation with its topic
        let (id, threadId) = try conversation(voter: 2, body: "Hello")

        // When the team replies from the hub, and writes an internal note
        try push.teamReply(id, body: "Thanks, looking into it")
        try push.teamReply(id, body: "internal: check logs", internal: true)

        // Then the reply is posted in the topic and the note is not
        try fixture.waitForSent(1) { $0.threadId == threadId && $0.text == "Team: Thanks, looking into it" }
        try push.waitForEvents()
        XCTAssertTrue(try eventually(timeout: 5) { fixture.pendingPosts == 0 })
        XCTAssertFalse(try fixture.sent().contains { $0.text.contains("check logs") })
    }

    func testATeamReplyPostedOnTheDashboardAppearsInTheTopic() throws {
        // Given a conversation with its topic and a signed-in team member on the dashboard
        let (id, threadId) = try conversation(voter: 13, body: "Dashboard please")
        let browser = try AdminClient(hub: push.hub).pages(as: "ann@example.com", role: .member)
        XCTAssertEqual(try browser.get("/dashboard/conversations/" + id).status, 200)

        // When they reply through the conversation page's form
        let posted = try browser.post("/dashboard/conversations/\(id)/reply", [("body", "Answered from the dashboard")])
        XCTAssertEqual(posted.status, 303, posted.text)

        // Then the reply is posted in the topic, once
        let sent = try fixture.waitForSent(1) { $0.threadId == threadId && $0.text == "Team: Answered from the dashboard" }
        XCTAssertEqual(sent.count, 1)
    }

    func testAnAdministratorsReplyReachesTheUserWithItsPushOnceForThreeDeliveries() throws {
        // Given a user with a registered device and a conversation with its topic
        let device = PushFixture.randomToken()
        XCTAssertEqual(try push.device(token: device, voter: PushFixture.voter(3)).status, 204)
        let (id, threadId) = try conversation(voter: 3, body: "Can I get a refund?")

        // When an administrator answers in the topic and Telegram delivers the update three times
        let answer = try fixture.message(from: TelegramFixture.admin, "Yes, refunded today", threadId: threadId, times: 3)
        let statuses = (answer["deliveries"] as? [[String: Any]] ?? []).compactMap { $0["status"] as? Int }
        XCTAssertEqual(statuses, [200, 200, 200])

        // Then the user's thread has the reply once, as the team's
        let replies = try teamMessages(id)
        XCTAssertEqual(replies.map { $0["body"] as? String }, ["Yes, refunded today"])
        let thread = try push.get("/chat/messages", token: PushFixture.voter(3))
        XCTAssertTrue(thread.text.contains("Yes, refunded today"))

        // And one push alert is queued for the user's device
        try push.waitForEvents()
        XCTAssertEqual(try push.queue(token: device).filter { $0.kind == "alert" }.count, 1)

        // And the reply is not posted back into the topic it came from
        XCTAssertFalse(try fixture.sent().contains { $0.text.contains("Yes, refunded today") })
    }

    func testResolveResolvesAndOtherVoicesAreIgnored() throws {
        // Given a conversation with its topic
        let (id, threadId) = try conversation(voter: 4, body: "Question")

        // When a plain member, a bot, an anonymous admin (sender_chat) and another command speak
        try fixture.message(from: TelegramFixture.member, "I am not the team", threadId: threadId)
        try fixture.message(from: TelegramFixture.member, "Bot talk", threadId: threadId, isBot: true)
        try fixture.message(
            from: TelegramFixture.admin, "Anonymous admin", threadId: threadId, senderChat: TelegramFixture.forumId)
        try fixture.message(from: TelegramFixture.admin, "/start", threadId: threadId)
        try fixture.message(from: TelegramFixture.admin, "/resolve@some_other_bot", threadId: threadId)

        // Then none of it reaches the conversation
        XCTAssertEqual(try teamMessages(id).count, 0)
        XCTAssertEqual(try status(id), "open")

        // When the creator sends /resolve@<this bot>
        try fixture.message(from: TelegramFixture.creator, "/resolve@\(TelegramFixture.botUsername)", threadId: threadId)

        // Then the conversation is resolved, and a later text there is not a reply
        XCTAssertEqual(try status(id), "resolved")
        try fixture.message(from: TelegramFixture.admin, "After resolution", threadId: threadId)
        XCTAssertEqual(try teamMessages(id).count, 0)
    }

    func testAMappedMembersReplyIsAttributedToThatMember() throws {
        // Given a plain group member mapped to a member of the organization
        let memberId = try XCTUnwrap(
            try push.call("POST", "/organization/members", json: ["name": "Mo Team", "email": "mo@example.com"]).json["id"] as? String)
        let mapped = try push.call(
            "PATCH", "/projects/\(fixture.projectId)/integrations/telegram",
            json: ["member": ["telegramUserId": String(TelegramFixture.member), "memberId": memberId]])
        XCTAssertEqual(mapped.status, 200, mapped.text)
        XCTAssertEqual((mapped.json["members"] as? [[String: Any]])?.first?["memberId"] as? String, memberId)
        let (id, threadId) = try conversation(voter: 10, body: "Who answers?")

        // When that Telegram user (not an administrator) replies in the topic
        try fixture.message(from: TelegramFixture.member, "I do", threadId: threadId)

        // Then the reply is the team's, written by that member
        let replies = try teamMessages(id)
        XCTAssertEqual(replies.map { $0["body"] as? String }, ["I do"])
        let chatd = try XCTUnwrap(push.hub.daemons[.chatd]).context.store
        XCTAssertEqual(try chatd.scalar("SELECT author FROM messages WHERE body = 'I do'").stringValue, "member:" + memberId)

        // And an unknown member ID is refused
        let unknown = try push.call(
            "PATCH", "/projects/\(fixture.projectId)/integrations/telegram",
            json: ["member": ["telegramUserId": "444", "memberId": "nobody"]])
        XCTAssertEqual(unknown.status, 400, unknown.text)
    }

    func testAReportReplyOver4096CharactersArrivesAsTwoChunksOnce() throws {
        // Given a report with its topic
        let sent = try push.send(
            "POST", "/feedback",
            [
                "type": "problem", "message": "Long answer please", "email": "long@example.com",
                "pageURL": "https://app.example.com/", "viewport": ["width": 390, "height": 844],
            ])
        let reportId = try XCTUnwrap(sent.json["id"] as? String, sent.text)
        let threadId = try fixture.waitForTopic(containing: "long@example.com")

        // When the team replies with 5,000 characters (a report reply's limit)
        let body = String(repeating: "a", count: 5_000)
        let reply = try push.call("POST", "/feedback/\(reportId)/replies", json: ["message": body, "internal": false])
        XCTAssertEqual(reply.status, 201, reply.text)

        // Then two messages arrive, the first of exactly 4,096 units, together the whole reply, once
        let chunks = try fixture.waitForSent(2) { $0.threadId == threadId && $0.text.contains("aaaa") }
        XCTAssertEqual(chunks.count, 2)
        XCTAssertEqual(chunks.first?.text.utf16.count, 4_096)
        XCTAssertEqual(chunks.map(\.text).joined(), "Team: " + body)
        XCTAssertTrue(try eventually(timeout: 5) { fixture.pendingPosts == 0 })
        XCTAssertEqual(try fixture.sent().filter { $0.threadId == threadId && $0.text.contains("aaaa") }.count, 2)
    }

    func testA429WithRetryAfterIsHonoured() throws {
        // Given a conversation with its topic, and Telegram answering the next send with 429 retry_after 30
        let (id, threadId) = try conversation(voter: 6, body: "Hi")
        try fixture.telegram.post(
            "/__control/script",
            [
                "method": "sendMessage",
                "responses": [
                    [
                        "status": 429,
                        "body": [
                            "ok": false, "error_code": 429, "description": "Too Many Requests: retry after 30",
                            "parameters": ["retry_after": 30],
                        ],
                    ]
                ],
            ])

        // When the team replies
        try push.teamReply(id, body: "After the pause")

        // Then the 429 is answered, and nothing more is sent while the 30 s have not passed
        XCTAssertTrue(
            try eventually(timeout: 10, every: 0.05) { try fixture.calls("sendMessage").contains { $0["scripted"] as? Bool == true } })
        push.clock.advance(by: 29)
        let early = try eventually(timeout: 2.5, every: 0.1) { try fixture.sent().contains { $0.text == "Team: After the pause" } }
        XCTAssertFalse(early, "sent before retry_after passed")

        // And once they have, it goes out once
        push.clock.advance(by: 2)
        let sent = try fixture.waitForSent(1) { $0.threadId == threadId && $0.text == "Team: After the pause" }
        XCTAssertEqual(sent.count, 1)
    }

    func testA5xxIsRetriedAfterItsBackoffAndDeliveredOnce() throws {
        // Given a conversation with its topic, and Telegram failing the next send with 502
        let (id, threadId) = try conversation(voter: 11, body: "Hello")
        try fixture.telegram.post("/__control/script", ["method": "sendMessage", "responses": [["status": 502, "raw": "Bad Gateway"]]])

        // When the team replies
        try push.teamReply(id, body: "Retried reply")

        // Then the failed attempt waits for its backoff (1 s here) and the retry goes out once
        XCTAssertTrue(
            try eventually(timeout: 10, every: 0.05) { try fixture.calls("sendMessage").contains { $0["scripted"] as? Bool == true } })
        push.clock.advance(by: 1.5)
        let sent = try fixture.waitForSent(1) { $0.threadId == threadId && $0.text == "Team: Retried reply" }
        XCTAssertEqual(sent.count, 1)
        XCTAssertTrue(try eventually(timeout: 5) { fixture.pendingPosts == 0 })
    }

    func testABotWithoutTopicRightsShowsItOnTheConnection() throws {
        // Given the bot loses its right to manage topics
        var state = TelegramFixture.state(canManageTopics: false)
        state["bots"] = TelegramFixture.state()["bots"]
        try fixture.telegram.post("/__control/state", state)

        // When a user starts a conversation
        _ = try push.userMessage(voter: PushFixture.voter(12), body: "Anyone?")

        // Then the connection needs attention with a generic message, and the post is kept
        XCTAssertTrue(try eventually(timeout: 10, every: 0.05) { try fixture.connection()["state"] as? String == "needs_attention" })
        let problem = try XCTUnwrap(try fixture.connection()["lastError"] as? [String: Any])
        XCTAssertEqual(problem["code"] as? String, "NOT_ENOUGH_RIGHTS")
        XCTAssertFalse((problem["message"] as? String ?? "").contains("Bad Request"))
        XCTAssertEqual(fixture.pendingPosts, 1)

        // When the rights come back and the group is chosen again, then the conversation goes out
        try fixture.telegram.post("/__control/state", TelegramFixture.state())
        let chosen = try push.call(
            "PATCH", "/projects/\(fixture.projectId)/integrations/telegram", json: ["groupId": TelegramFixture.forumId])
        XCTAssertEqual(chosen.json["state"] as? String, "active", chosen.text)
        try fixture.waitForSent(1) { $0.text.contains("Anyone?") }
    }

    func testADeletedTopicIsReopenedAndShownOnTheConnection() throws {
        // Given a conversation whose topic was deleted in Telegram
        let (id, threadId) = try conversation(voter: 8, body: "Hello")
        try fixture.telegram.post("/__control/delete_topic", ["chatId": Int(TelegramFixture.forumId)!, "threadId": threadId])

        // When the team replies
        try push.teamReply(id, body: "Are you still there?")

        // Then a new topic carries the reply and the connection names the problem generically
        let sent = try fixture.waitForSent(1) { $0.text == "Team: Are you still there?" }
        XCTAssertNotEqual(sent.first?.threadId, threadId)
        XCTAssertEqual(try fixture.topics().count, 2)
        let problem = try XCTUnwrap(try fixture.connection()["lastError"] as? [String: Any])
        XCTAssertEqual(problem["code"] as? String, "TOPIC_DELETED")
        XCTAssertFalse((problem["message"] as? String ?? "").contains(TelegramFixture.botToken))
    }

    func testARemovedBotHaltsDeliveryVisiblyAndKeepsThePosts() throws {
        // Given a conversation with its topic
        let (id, _) = try conversation(voter: 9, body: "Hello")

        // When the bot is removed from the group and the team replies
        try fixture.telegram.post(
            "/__control/my_chat_member",
            [
                "token": TelegramFixture.botToken, "chatId": Int(TelegramFixture.forumId)!, "status": "kicked",
                "fromId": TelegramFixture.creator,
            ])
        try push.teamReply(id, body: "Kept for later")

        // Then the connection needs attention with a generic message, and the reply stays queued
        let halted = try eventually(timeout: 10, every: 0.05) { try fixture.connection()["state"] as? String == "needs_attention" }
        XCTAssertTrue(halted)
        XCTAssertEqual((try fixture.connection()["lastError"] as? [String: Any])?["code"] as? String, "BOT_REMOVED")
        try push.waitForEvents()
        XCTAssertTrue(try eventually(timeout: 5) { fixture.pendingPosts == 1 })
        XCTAssertFalse(try fixture.sent().contains { $0.text.contains("Kept for later") })
    }
}

/// Retention and pacing of the integrations' queue.
final class TelegramQueueRulesTests: XCTestCase {
    var fixture: TelegramFixture!

    override func setUpWithError() throws {
        fixture = try TelegramFixture()
        try fixture.connectAndChoose()
    }
    override func tearDown() { fixture?.shutdown() }

    func testAtMost20MessagesAMinuteGoToOneGroup() throws {
        // Given a conversation whose topic and first message are out (1 message this minute)
        let id = try fixture.push.userMessage(voter: PushFixture.voter(1), body: "Start")
        try fixture.waitForSent(1) { $0.text.contains("Start") }

        // When the team sends 24 replies at once
        for n in 1...24 { try fixture.push.teamReply(id, body: "Reply \(n)") }

        // Then 19 more go out within the minute (20 in all), none refused by Telegram, the rest wait
        try fixture.waitForSent(19) { $0.text.hasPrefix("Team: Reply") }
        let within = try eventually(timeout: 2, every: 0.1) { try fixture.sent().count > 20 }
        XCTAssertFalse(within, "more than 20 messages in a minute")
        XCTAssertFalse(try fixture.calls("sendMessage").contains { $0["status"] as? Int == 429 })
        XCTAssertEqual(fixture.pendingPosts, 5)
    }

    func testPostsOfAHaltedConnectionExpireAfterSevenDays() throws {
        // Given a post kept while the bot is out of the group
        let id = try fixture.push.userMessage(voter: PushFixture.voter(2), body: "Hello")
        try fixture.waitForSent(1) { $0.text.contains("Hello") }
        try fixture.telegram.post(
            "/__control/my_chat_member",
            [
                "token": TelegramFixture.botToken, "chatId": Int(TelegramFixture.forumId)!, "status": "kicked",
                "fromId": TelegramFixture.creator,
            ])
        XCTAssertTrue(try eventually(timeout: 10) { try fixture.connection()["state"] as? String == "needs_attention" })
        try fixture.push.teamReply(id, body: "Waiting")
        try fixture.push.waitForEvents()
        XCTAssertTrue(try eventually(timeout: 5) { fixture.pendingPosts == 1 })

        // When cleanup runs 6 days later, and again 8 days later
        let store = PushStore(db: fixture.push.pushDB, clock: fixture.push.clock)
        fixture.push.clock.advance(by: 6 * 86_400)
        try store.cleanUp()
        XCTAssertEqual(fixture.pendingPosts, 1)
        fixture.push.clock.advance(by: 2 * 86_400)
        try store.cleanUp()

        // Then the post is kept within the week and gone after it
        XCTAssertEqual(fixture.pendingPosts, 0)
    }
}

/// A topic creation whose answer is lost is never repeated blindly: Telegram's announcement of
/// the topic is recognised and the conversation keeps its one topic.
final class TelegramTopicRecoveryTests: XCTestCase {
    var fixture: TelegramFixture!

    override func setUpWithError() throws {
        fixture = try TelegramFixture()
        try fixture.connectAndChoose()
    }
    override func tearDown() { fixture?.shutdown() }

    func testALostTopicAnswerIsRecognisedFromTelegramsAnnouncementInsteadOfCreatingASecondTopic() throws {
        // Given Telegram creates the next topic only after pushd stopped waiting (15 s), then announces it
        try fixture.telegram.post("/__control/script", ["method": "createForumTopic", "responses": [["delayMs": 17_000]]])

        // When a user starts a conversation
        let id = try fixture.push.userMessage(voter: PushFixture.voter(1), body: "Lost answer")

        // Then the topic appears once, announced to the hub, which records it for the conversation
        let threadId = try fixture.waitForTopic(containing: String(id.suffix(6)).lowercased(), timeout: 30)
        let adopted = try eventually(timeout: 10, every: 0.1) {
            try fixture.push.pushDB.scalar(
                "SELECT thread_id FROM integration_threads WHERE subject_id = ? AND state = 'open'", [.text(id)]
            ).int64Value == threadId
        }
        XCTAssertTrue(adopted, "the announced topic was not recorded")

        // And once the failed attempt's backoff passes, the first message goes into that topic,
        // and no second topic is created
        fixture.push.clock.advance(by: 5)
        try fixture.waitForSent(1) { $0.threadId == threadId && $0.text.contains("Lost answer") }
        XCTAssertEqual(try fixture.topics().count, 1)
        XCTAssertEqual(try fixture.calls("createForumTopic").count, 1)
    }
}
