import Foundation
import TestSupport
import XCTest

@testable import HubMessaging
@testable import PushService

/// Conversations and reports become a channel message with a thread; the team's messages in
/// the thread come back as replies; delivery survives lost answers and rate limits.
final class DiscordSyncTests: XCTestCase {
    var fixture: DiscordFixture!

    override func setUpWithError() throws {
        fixture = try DiscordFixture()
        try fixture.installAndChoose()
    }
    override func tearDown() { fixture?.shutdown() }

    private var push: PushFixture { fixture.push }

    /// Discord creates the message but its answer is lost; the HTTP client's own retry on a
    /// fresh connection is lost too, so the send's outcome stays unknown.
    static let lostAnswer: [[String: Any]] = [["dropConnection": true, "apply": true], ["dropConnection": true]]

    /// A user's first message delivered as a starter message with its thread; the thread's ID.
    private func conversation(voter n: Int, body: String) throws -> (id: String, threadId: String) {
        let id = try push.userMessage(voter: PushFixture.voter(n), body: body)
        var threadId: String?
        let started = try fixture.syncUntil {
            threadId = try fixture.threads().first { $0.name.contains(String(id.suffix(6)).lowercased()) }?.id
            return threadId != nil
        }
        XCTAssertTrue(started, "no thread for \(id)")
        return (id, try XCTUnwrap(threadId))
    }

    private func teamReplies(_ conversationId: String) throws -> [String] {
        try push.call("GET", "/conversations/\(conversationId)/messages").items.filter { $0["sender"] as? String == "team" }
            .compactMap { $0["body"] as? String }
    }

    func testAConversationAndAReportEachGetAMessageAndAThread() throws {
        // When a user writes and a report arrives
        let (id, threadId) = try conversation(voter: 1, body: "The sync button spins forever")
        let report = try push.send(
            "POST", "/feedback",
            [
                "type": "problem", "message": "Crash on launch", "email": "rep@example.com", "pageURL": "https://app.example.com/",
                "viewport": ["width": 390, "height": 844],
            ])
        XCTAssertEqual(report.status, 201, report.text)
        XCTAssertTrue(try fixture.syncUntil { try fixture.threads().count == 2 })

        // Then each starter message is in the channel, carries the details and link, and its
        // thread has the starter's ID
        let channel = try fixture.messages(in: DiscordFixture.text)
        let starter = try XCTUnwrap(channel.first { $0.id == threadId })
        XCTAssertTrue(starter.content.contains("The sync button spins forever"), starter.content)
        XCTAssertTrue(starter.content.contains("App version: unavailable"), starter.content)
        XCTAssertTrue(starter.content.contains("/dashboard/conversations/" + id), starter.content)
        XCTAssertTrue(channel.contains { $0.content.contains("Crash on launch") && $0.content.contains("rep@example.com") })
        XCTAssertTrue(try fixture.threads().contains { $0.name.hasPrefix("rep@example.com · App · report") })

        // And a later user message and a team reply follow in the thread, a note does not
        _ = try push.send("POST", "/chat/messages", ["body": "Still spinning"], token: PushFixture.voter(1), origin: nil)
        try push.teamReply(id, body: "Looking into it")
        try push.teamReply(id, body: "internal only", internal: true)
        XCTAssertTrue(try fixture.syncUntil { try fixture.messages(in: threadId).count >= 2 })
        let inThread = try fixture.messages(in: threadId).map(\.content)
        XCTAssertTrue(inThread.contains("User: Still spinning"), "\(inThread)")
        XCTAssertTrue(inThread.contains("Team: Looking into it"), "\(inThread)")
        XCTAssertFalse(inThread.contains { $0.contains("internal only") })
    }

    func testAModeratorsReplyReachesTheSDKOnceEvenWhenThePageIsReadTwice() throws {
        // Given a conversation's thread
        let (id, threadId) = try conversation(voter: 2, body: "Refund please")

        // When a user with Manage Messages answers in the thread, and the page is read again
        // (the cursor lost, as after a crash between the reply and the cursor's advance)
        try fixture.post(in: threadId, by: DiscordFixture.moderator, "Refunded today")
        XCTAssertTrue(try fixture.syncUntil { try teamReplies(id) == ["Refunded today"] })
        try push.pushDB.run("UPDATE discord_threads SET cursor = NULL")
        try fixture.sync()

        // Then the SDK thread has the reply once, and it is not posted back to Discord
        XCTAssertEqual(try teamReplies(id), ["Refunded today"])
        XCTAssertTrue(try push.get("/chat/messages", token: PushFixture.voter(2)).text.contains("Refunded today"))
        try push.waitForEvents()
        try fixture.sync()
        XCTAssertEqual(try fixture.messages(in: threadId).filter { $0.content.contains("Refunded today") }.count, 1)
    }

    func testTheInstallerRepliesAsTheirMemberAndOthersWithoutManageMessagesAreIgnored() throws {
        let (id, threadId) = try conversation(voter: 3, body: "Question")

        // When a plain member, a webhook and a system message speak, and the installer answers
        try fixture.post(in: threadId, by: DiscordFixture.plain, "Not the team")
        try fixture.post(in: threadId, by: DiscordFixture.plain, "Via webhook", webhook: true)
        try fixture.post(in: threadId, by: DiscordFixture.moderator, "pinned", type: 6)
        try fixture.post(in: threadId, by: DiscordFixture.installer, "From the installer")

        // Then only the installer's message is a reply, written by their member
        XCTAssertTrue(try fixture.syncUntil { try teamReplies(id) == ["From the installer"] })
        let chatd = try XCTUnwrap(push.hub.daemons[.chatd]).context.store
        XCTAssertEqual(
            try chatd.scalar("SELECT author FROM messages WHERE body = 'From the installer'").stringValue, "member:member-ana")
        try fixture.sync()
        XCTAssertEqual(try teamReplies(id), ["From the installer"])
    }

    func testA429WithRetryAfterPausesTheAppAndAGlobalOnePausesTheBot() throws {
        // Given Discord answers the next send with 429 retry_after 30 s
        try fixture.discord.post(
            "/__control/script",
            [
                "route": "POST /channels/{id}/messages",
                "responses": [["status": 429, "body": ["message": "You are being rate limited.", "retry_after": 30, "global": false]]],
            ])
        _ = try push.userMessage(voter: PushFixture.voter(4), body: "Rate limited")
        XCTAssertTrue(try fixture.syncUntil { try !fixture.calls("POST /channels/{channel}/messages").isEmpty })

        // Then no send follows until the 30 s have passed, then one does
        try fixture.sync()
        XCTAssertEqual(try fixture.messages(in: DiscordFixture.text).count, 0)
        push.clock.advance(by: 31)
        try fixture.sync()
        XCTAssertEqual(try fixture.messages(in: DiscordFixture.text).filter { $0.content.contains("Rate limited") }.count, 1)

        // When a global 429 comes, then the whole bot waits (the pass makes no call) until it passes
        try fixture.discord.post(
            "/__control/script",
            [
                "route": "*",
                "responses": [["status": 429, "body": ["message": "You are being rate limited.", "retry_after": 60, "global": true]]],
            ])
        _ = try push.userMessage(voter: PushFixture.voter(5), body: "Global")
        try push.waitForEvents()
        try fixture.sync()
        XCTAssertGreaterThan(try push.pushDB.scalar("SELECT value FROM discord_meta WHERE key = 'paused_until_ms'").int64Value ?? 0, 0)
        let before = try XCTUnwrap(fixture.discord.get("/__control/log") as? [Any]).count
        try fixture.sync()
        XCTAssertEqual(try XCTUnwrap(fixture.discord.get("/__control/log") as? [Any]).count, before)
        push.clock.advance(by: 61)
        XCTAssertTrue(try fixture.syncUntil { try fixture.messages(in: DiscordFixture.text).contains { $0.content.contains("Global") } })
    }

    func testASendWhoseAnswerWasLostIsNotSentTwice() throws {
        // Given a conversation's thread, and Discord accepting the next send but its answer lost
        let (id, threadId) = try conversation(voter: 6, body: "Hello")
        try fixture.discord.post(
            "/__control/script", ["route": "POST /channels/{id}/messages", "responses": DiscordSyncTests.lostAnswer])
        try push.teamReply(id, body: "Sent once")
        try push.waitForEvents()
        try fixture.sync()
        XCTAssertEqual(try fixture.messages(in: threadId).filter { $0.content == "Team: Sent once" }.count, 1)
        XCTAssertEqual(fixture.outbox.last?.state, "pending")

        // When the retry comes within Discord's nonce window, then the repeated nonce answers the first message
        push.clock.advance(by: 3)
        try fixture.sync()
        XCTAssertEqual(try fixture.messages(in: threadId).filter { $0.content == "Team: Sent once" }.count, 1)
        XCTAssertEqual(fixture.outbox.last?.state, "done")

        // And after the window, the history is read instead
        try fixture.discord.post(
            "/__control/script", ["route": "POST /channels/{id}/messages", "responses": DiscordSyncTests.lostAnswer])
        try push.teamReply(id, body: "Sent once again")
        try push.waitForEvents()
        try fixture.sync()
        XCTAssertEqual(fixture.outbox.last?.state, "pending")
        push.clock.advance(by: 6 * 60)
        try fixture.sync()
        XCTAssertEqual(try fixture.messages(in: threadId).filter { $0.content == "Team: Sent once again" }.count, 1)
        XCTAssertFalse(
            try fixture.calls("GET /channels/{channel}/messages").filter {
                "\($0["query"] ?? "")".contains("before") || !"\($0["query"] ?? "")".contains("after")
            }.isEmpty, "the history was not read")
        XCTAssertEqual(fixture.outbox.last?.state, "done")
    }

    func testMoreThan1000MessagesAfterALostAnswerKeepTheEventWithReconcileLimit() throws {
        // Given a send whose answer was lost, after which 1,001 other messages came
        let (id, threadId) = try conversation(voter: 7, body: "Hello")
        try fixture.discord.post(
            "/__control/script", ["route": "POST /channels/{id}/messages", "responses": DiscordSyncTests.lostAnswer])
        try push.teamReply(id, body: "Lost in the crowd")
        try push.waitForEvents()
        try fixture.sync()
        try fixture.discord.post(
            "/__control/messages_bulk", ["channelId": threadId, "count": 1_001, "authorId": DiscordFixture.plain, "content": "chatter {n}"])

        // When delivery resumes after the nonce window
        push.clock.advance(by: 6 * 60)
        try fixture.sync()

        // Then the event is kept with RECONCILE_LIMIT instead of risking a duplicate
        XCTAssertEqual(fixture.outbox.last?.state, "reconcile_limit")
        XCTAssertEqual(try fixture.messages(in: threadId).filter { $0.content == "Team: Lost in the crowd" }.count, 1)
        let connection = try fixture.rpc.call(DiscordConnectionGet.self, .init(projectId: fixture.projectId, withChannels: false)).get()
        XCTAssertEqual(connection.lastError?.code, "RECONCILE_LIMIT")

        // And cleanup 31 days later removes the completed rows but keeps the event it could not confirm
        let store = PushStore(db: push.pushDB, clock: push.clock)
        push.clock.advance(by: 29 * 86_400)
        try store.cleanUp()
        XCTAssertEqual(fixture.outbox.map(\.state), ["done", "reconcile_limit"])
        push.clock.advance(by: 2 * 86_400)
        try store.cleanUp()
        XCTAssertEqual(fixture.outbox.map(\.state), ["reconcile_limit"])
    }

    func testARetryWithinTheNonceWindowDoesNotRestartIt() throws {
        // Given a send Discord created but whose answer was lost, retried three minutes later
        // with a 502 for an answer (its outcome unknown again)
        let (id, threadId) = try conversation(voter: 8, body: "Hello")
        try fixture.discord.post(
            "/__control/script",
            ["route": "POST /channels/{id}/messages", "responses": DiscordSyncTests.lostAnswer + [["status": 502]]])
        try push.teamReply(id, body: "Outlived the nonce")
        try push.waitForEvents()
        try fixture.sync()
        push.clock.advance(by: 3 * 60)
        try fixture.sync()
        let sends = {
            try self.fixture.calls("POST /channels/{channel}/messages").filter {
                ($0["body"] as? [String: Any])?["content"] as? String == "Team: Outlived the nonce"
            }
        }
        XCTAssertEqual(try sends().last?["status"] as? Int, 502)
        XCTAssertEqual(fixture.outbox.last?.state, "pending")
        let tries = try sends().count

        // When delivery resumes six minutes after the first send (three after the retry): past
        // Discord's 5-minute nonce window for the message the first send created
        push.clock.advance(by: 6 * 60 - 3 * 60)
        try fixture.sync()

        // Then the history is read and the message found; the nonce is not sent again, since
        // Discord no longer knows it and would create a second message
        XCTAssertEqual(try sends().count, tries, "sent again after the nonce window of the first send")
        XCTAssertEqual(try fixture.messages(in: threadId).filter { $0.content == "Team: Outlived the nonce" }.count, 1)
        XCTAssertEqual(fixture.outbox.last?.state, "done")
    }

    func testThreadsThatCannotBeReadDoNotKeepTheOthersFromBeingRead() throws {
        // Given a conversation's thread holding a moderator's reply, polled more recently than
        // ten threads Discord no longer has (deleted: 404 10003), as many as a pass reads per app
        let (id, threadId) = try conversation(voter: 4, body: "Where is my order?")
        try fixture.post(in: threadId, by: DiscordFixture.moderator, "Shipped this morning")
        try push.pushDB.run("UPDATE discord_threads SET polled_ms = 1")
        for n in 0..<10 {
            try push.pushDB.run(
                """
                INSERT INTO discord_threads (project_id, subject_kind, subject_id, thread_id, name, polled_ms, created_at)
                VALUES (?, 'chat', ?, ?, 'gone', 0, '2026-12-01T00:00:00Z')
                """, [.text(fixture.projectId), .text("0-gone-\(n)"), .text("61000000000000000\(n)")])
        }

        // When one pass runs, the ten deleted threads take its ten reads
        try fixture.sync()
        XCTAssertEqual(try teamReplies(id), [])

        // Then the next pass reads the conversation's thread first: the deleted ones went to the
        // back of the rotation
        try fixture.sync()
        XCTAssertEqual(try teamReplies(id), ["Shipped this morning"])
    }
}

/// Without the Message Content intent, replies are not read and the cursor stays.
final class DiscordIntentTests: XCTestCase {
    var fixture: DiscordFixture!

    override func setUpWithError() throws {
        fixture = try DiscordFixture(messageContent: false)
        try fixture.installAndChoose()
    }
    override func tearDown() { fixture?.shutdown() }

    func testHiddenContentStopsTheCursorAndShowsOnTheConnection() throws {
        // Given a thread with a moderator's reply Discord hides the text of
        let id = try fixture.push.userMessage(voter: PushFixture.voter(1), body: "Hello")
        XCTAssertTrue(try fixture.syncUntil { try !fixture.threads().isEmpty })
        let threadId = try XCTUnwrap(try fixture.threads().first?.id)
        try fixture.post(in: threadId, by: DiscordFixture.moderator, "Hidden answer")

        // When passes run
        try fixture.sync()
        try fixture.sync()

        // Then no reply is imported, the cursor has not moved, and the connection says why
        XCTAssertEqual(
            try fixture.push.call("GET", "/conversations/\(id)/messages").items.filter { $0["sender"] as? String == "team" }.count, 0)
        XCTAssertNil(try fixture.push.pushDB.scalar("SELECT cursor FROM discord_threads").stringValue)
        let connection = try fixture.rpc.call(DiscordConnectionGet.self, .init(projectId: fixture.projectId, withChannels: false)).get()
        XCTAssertEqual(connection.lastError?.code, "MESSAGE_CONTENT_INTENT")
        XCTAssertEqual(connection.state, .needsAttention)
    }
}
