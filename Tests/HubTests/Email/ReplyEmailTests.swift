import Foundation
import TestSupport
import XCTest

@testable import HubMessaging
@testable import HubRuntime
@testable import PushService

/// A public reply to a report is emailed to the reporter through the fake SMTP server, and
/// the reply shows its delivery state in the operator API and on the report page; internal
/// notes never are.
final class ReplyEmailTests: XCTestCase {
    var fixture: EmailFixture!

    override func tearDown() { fixture?.shutdown() }

    func testAPublicReplyReachesTheReporterOnceAndItsDeliveryBecomesSent() throws {
        fixture = try EmailFixture()
        // Given a report with a contact email, answered with a reply and then an internal note
        let report = try fixture.report("Sync loses my notes\nEvery time I open the app offline.")
        let replyId = try fixture.reply(report, "We fixed sync in 2.3 <b>really</b> & it ships today.\nThanks for waiting!")
        _ = try fixture.reply(report, "Internal: the root cause was the cache", internal: true)

        // When the email goes out
        let message = try XCTUnwrap(try fixture.smtp.waitForMessages(1).first)

        // Then the reporter got it from the hub's sender, with the app's name and the report's title
        XCTAssertEqual(message.rcptTos, ["rita@example.org"])
        XCTAssertEqual(message.mailFrom, "support@north.example")
        XCTAssertEqual(message.defects, [])
        XCTAssertEqual(message.headers["From"], "North Support <support@north.example>")
        XCTAssertEqual(message.headers["To"], "rita@example.org")
        XCTAssertEqual(message.headers["Subject"], "App replied to your report: Sync loses my notes")
        XCTAssertEqual(message.headers["Message-ID"], "<reply.\(replyId)@north.example>")
        XCTAssertEqual(message.headers["Auto-Submitted"], "auto-generated")
        // And both parts of the multipart/alternative hold the reply's text, the HTML one escaped
        XCTAssertEqual(message.contentType, "multipart/alternative")
        XCTAssertEqual(message.parts.map(\.type), ["text/plain", "text/html"])
        XCTAssertTrue(message.parts[0].text.contains("We fixed sync in 2.3 <b>really</b> & it ships today.\nThanks for waiting!"))
        XCTAssertTrue(message.parts[1].text.contains("We fixed sync in 2.3 &lt;b&gt;really&lt;/b&gt; &amp; it ships today."))
        XCTAssertTrue(message.parts.allSatisfy { $0.text.contains("App") && $0.text.contains("Sync loses my notes") })
        // And nothing of the note, and no link or token
        XCTAssertFalse(message.data.contains("root cause"))
        XCTAssertFalse(message.data.contains("http"))

        // And the reply's delivery is sent after one attempt, the note has none
        let delivery = try fixture.waitForDelivery(report, replyId, "sent")
        XCTAssertEqual(delivery["attempts"] as? Int, 1)
        XCTAssertTrue(delivery["lastError"] is NSNull)
        let note = try XCTUnwrap(try fixture.replies(report).first { $0["internal"] as? Bool == true })
        XCTAssertNil(note["delivery"])
        // And the report page says it was emailed
        let page = try AdminClient(hub: fixture.push.hub).pages(as: "bo@example.com", role: .member).get("/dashboard/reports/\(report)")
        XCTAssertEqual(page.status, 200)
        XCTAssertEqual(page.text.components(separatedBy: "Emailed").count - 1, 1, page.text)
    }

    func testAnInternalNoteSendsNothing() throws {
        fixture = try EmailFixture()
        // Given a report answered only with an internal note, and another report with a reply
        let noted = try fixture.report("Crash on launch", email: "nora@example.org")
        let noteId = try fixture.reply(noted, "Note text that must stay inside the team", internal: true)
        let answered = try fixture.report("Dark mode please", email: "ana@example.org")
        let replyId = try fixture.reply(answered, "Dark mode is on the roadmap")

        // When a delivery pass has sent the reply's email
        try fixture.waitForDelivery(answered, replyId, "sent")
        try fixture.runEmail()

        // Then that email is the only one, the note's reporter got nothing, and nothing of the note is queued
        let messages = try fixture.smtp.messages()
        XCTAssertEqual(messages.map(\.rcptTos), [["ana@example.org"]])
        XCTAssertFalse(messages.contains { $0.data.contains("Note text") })
        XCTAssertNil(try fixture.row("reply:" + noteId))
        XCTAssertEqual(try fixture.push.pushDB.scalar("SELECT COUNT(*) FROM email_queue").intValue, 1)
    }

    func testARedeliveredEventQueuesNoSecondEmail() throws {
        fixture = try EmailFixture()
        // Given a reply whose email was sent
        let report = try fixture.report("Export is slow")
        let replyId = try fixture.reply(report, "Export is faster in 2.4")
        try fixture.waitForDelivery(report, replyId, "sent")

        // When ingest's outbox delivers its event again, and another event names the same reply
        let stored = try XCTUnwrap(try fixture.store.receivedEvents().first { $0.event.topic == OutboxTopic.feedbackReplied.rawValue })
        XCTAssertEqual(try fixture.store.receive([stored.event]).emails, 0)
        let copy = ChatEvent(
            id: "evt-copy-1", topic: stored.event.topic, projectId: stored.event.projectId, payload: stored.event.payload,
            createdAt: stored.event.createdAt)
        XCTAssertEqual(try fixture.store.receive([copy]).emails, 0)
        try fixture.runEmail()

        // Then the reporter still has one copy
        XCTAssertEqual(try fixture.smtp.messages().count, 1)
    }

    func testA451ThenAcceptanceGivesOneCopyAndTheStateMovesFromQueuedToSent() throws {
        fixture = try EmailFixture()
        // Given a server greylisting the next recipient
        try fixture.smtp.script(rcpt: ["451 4.7.1 Greylisted, come back later"])
        let report = try fixture.report("Widget is blank")

        // When a reply is made and the first attempt is refused
        let replyId = try fixture.reply(report, "A fix is on its way")
        let queued = try fixture.waitForDelivery(report, replyId, "queued")
        _ = try eventually(timeout: 15, every: 0.05) { try fixture.delivery(report, replyId)?["attempts"] as? Int == 1 }

        // Then it is queued after one attempt with the server's reply
        XCTAssertEqual(queued["state"] as? String, "queued")
        let retrying = try XCTUnwrap(try fixture.delivery(report, replyId))
        XCTAssertEqual(retrying["attempts"] as? Int, 1)
        XCTAssertEqual(retrying["lastError"] as? String, "451 4.7.1 Greylisted, come back later")
        let page = try AdminClient(hub: fixture.push.hub).pages(as: "bo@example.com", role: .member).get("/dashboard/reports/\(report)")
        XCTAssertTrue(page.text.contains("Sending… (attempt 1 failed: 451 4.7.1 Greylisted, come back later)"), page.text)

        // When the backoff has passed
        fixture.push.clock.advance(by: 60)
        try fixture.runEmail()

        // Then the server took one copy on the second attempt and the state is sent
        let sent = try fixture.waitForDelivery(report, replyId, "sent")
        XCTAssertEqual(sent["attempts"] as? Int, 2)
        XCTAssertEqual(try fixture.smtp.messages().count, 1)
    }

    func testA550FailsTheDeliveryWithTheServersReply() throws {
        fixture = try EmailFixture()
        // Given a server refusing the recipient for good
        try fixture.smtp.script(rcpt: ["550 5.1.1 Mailbox unavailable"])
        let report = try fixture.report("Login loops", email: "gone@example.org")

        // When a reply is made
        let replyId = try fixture.reply(report, "Please update to 2.5")

        // Then its delivery failed after one attempt, with the reply line, and the page says so
        let failed = try fixture.waitForDelivery(report, replyId, "failed")
        XCTAssertEqual(failed["attempts"] as? Int, 1)
        XCTAssertEqual(failed["lastError"] as? String, "550 5.1.1 Mailbox unavailable")
        let page = try AdminClient(hub: fixture.push.hub).pages(as: "bo@example.com", role: .member).get("/dashboard/reports/\(report)")
        XCTAssertTrue(page.text.contains("Email failed: 550 5.1.1 Mailbox unavailable"), page.text)
    }

    func testWhenPushdDoesNotAnswerTheReportStillAnswersWithTheDeliveryUnknown() throws {
        fixture = try EmailFixture()
        // Given a reply, and pushd stopped
        let report = try fixture.report("Icons are blurry")
        let replyId = try fixture.reply(report, "Sharper icons in 2.6")
        fixture.push.hub.stopDaemon(.pushd)

        // When the report is read, then it answers with the reply's delivery unknown
        XCTAssertEqual(try fixture.delivery(report, replyId)?["state"] as? String, "unknown")
    }
}

/// A hub without `APPNORTH_SMTP_URL`: nothing is queued and the replies say email is off.
final class ReplyEmailOffTests: XCTestCase {
    func testWithEmailOffNothingIsQueuedAndTheReplySaysSo() throws {
        // Given a hub with no SMTP settings
        let push = try PushFixture(withCredentials: false)
        defer { push.shutdown() }
        let sent = try push.send(
            "POST", "/feedback",
            [
                "type": "problem", "message": "Crash", "email": "rita@example.org", "pageURL": "https://app.example.com/",
                "viewport": ["width": 390, "height": 844],
            ])
        let report = try XCTUnwrap(sent.json["id"] as? String, sent.text)

        // When a reply is made and pushd has its event
        let reply = try push.call("POST", "/feedback/\(report)/replies", json: ["message": "Fixed", "internal": false])
        let replyId = try XCTUnwrap(reply.json["id"] as? String)
        let received = try eventually(timeout: 10, every: 0.05) {
            try push.pushDB.scalar("SELECT COUNT(*) FROM chat_events WHERE topic = 'feedback.replied'").intValue == 1
        }
        XCTAssertTrue(received)

        // Then no email is queued, the reply's delivery is off, and the report page says email is off
        XCTAssertEqual(try push.pushDB.scalar("SELECT COUNT(*) FROM email_queue").intValue, 0)
        let detail = try push.call("GET", "/feedback/\(report)")
        let shown = try XCTUnwrap((detail.json["replies"] as? [[String: Any]])?.first { $0["id"] as? String == replyId })
        XCTAssertEqual(shown["delivery"] as? [String: String], ["state": "off"])
        let page = try AdminClient(hub: push.hub).pages(as: "bo@example.com", role: .member).get("/dashboard/reports/\(report)")
        XCTAssertTrue(page.text.contains("Email is off on this hub"), page.text)
    }
}
