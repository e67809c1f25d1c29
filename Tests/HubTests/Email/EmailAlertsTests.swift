import Foundation
import TestSupport
import XCTest

@testable import HubMessaging
@testable import HubRuntime
@testable import IngestService
@testable import PushService

/// Team alerts (issue 25, "Email": "Team alerts per member preference (new conversation, new
/// report …)"; "Every email has List-Unsubscribe for alerts and a stable Message-ID"): one
/// email per member who wants the kind, none to those who turned it off or belong to another
/// organization, a link to the item and an excerpt of at most 300 characters, one copy
/// however often the event arrives, and an alert kept while ingest cannot be asked.
final class EmailAlertsTests: XCTestCase {
    var fixture: EmailAlertsFixture!

    override func tearDown() { fixture?.shutdown() }

    static let off = EmailAlertPreferences(newConversation: false, newReport: false, dailyDigest: false)
    static let conversations = EmailAlertPreferences(newConversation: true, newReport: false, dailyDigest: false)
    static let reports = EmailAlertPreferences(newConversation: false, newReport: true, dailyDigest: false)

    func testANewConversationEmailsTheMembersWhoWantItAndNobodyElse() throws {
        fixture = try EmailAlertsFixture()
        // Given an owner with the defaults, an admin who turned conversations off, a member who
        // turned them on, a member with the defaults, and the owner of another organization
        let ann = try fixture.person("ann@example.com", role: .owner)
        try fixture.person("al@example.com", role: .admin, choices: Self.reports)
        let bo = try fixture.person("bo@example.com", role: .member, choices: Self.conversations)
        try fixture.person("cy@example.com", role: .member)
        try fixture.otherOrganization()
        try fixture.person("zed@acme.example", role: .owner, organization: "acme")

        // When a user's first message, longer than 300 characters, opens a conversation
        let voter = PushFixture.voter(7)
        let words = String(repeating: "Export fails ", count: 30)
        let body = String(words.prefix(299)) + "X" + "TAIL-NOT-SHOWN"
        let conversationId = try fixture.push.userMessage(voter: voter, body: body)

        // Then ann and bo get one email each, and nobody else
        let received = try fixture.smtp.waitForMessages(2)
        try fixture.waitForAlertsLookedUp()
        XCTAssertEqual(try fixture.runJob("email-alerts"), 0)
        XCTAssertEqual(try fixture.email.runEmail(), 0)
        XCTAssertEqual(Set(try fixture.smtp.messages().flatMap(\.rcptTos)), ["ann@example.com", "bo@example.com"])
        XCTAssertEqual(received.count, 2)
        let eventId = try fixture.eventId(topic: .chatConversationCreated, containing: conversationId)
        for (message, member) in [
            (try XCTUnwrap(fixture.messages(to: "ann@example.com").first), ann),
            (try XCTUnwrap(fixture.messages(to: "bo@example.com").first), bo),
        ] {
            // And each says where, links to the conversation and lets them stop it
            XCTAssertEqual(message.headers["Subject"], "New conversation in App")
            XCTAssertTrue(message.headers["List-Unsubscribe"]?.hasPrefix("<https://hub.example.com/email/unsubscribe/") ?? false)
            XCTAssertEqual(message.headers["List-Unsubscribe-Post"], "List-Unsubscribe=One-Click")
            XCTAssertEqual(
                message.headers["Message-ID"], try EmailAlertsFixture.messageId(key: "alert:\(eventId):\(member.memberId)"))
            XCTAssertEqual(message.defects, [])
            for part in message.parts {
                XCTAssertTrue(part.text.contains("https://hub.example.com/dashboard/conversations/" + conversationId), part.text)
                // And the excerpt is the first 300 characters: 299 and an ellipsis
                XCTAssertTrue(part.text.contains(String(words.prefix(299)).trimmingCharacters(in: .whitespaces)), part.text)
                XCTAssertTrue(part.text.contains("…"), part.text)
                XCTAssertFalse(part.text.contains("TAIL-NOT-SHOWN"))
                XCTAssertFalse(part.text.contains(voter))
                XCTAssertTrue(part.text.contains("https://hub.example.com/dashboard/settings/notifications"), part.text)
            }
        }
    }

    func testANewReportEmailsItsTitleToTheMembersWhoWantIt() throws {
        fixture = try EmailAlertsFixture()
        // Given an owner who turned reports off, an admin with the defaults, a member who wants
        // reports, and the owner of another organization
        try fixture.person("ann@example.com", role: .owner, choices: Self.conversations)
        try fixture.person("al@example.com", role: .admin)
        try fixture.person("bo@example.com", role: .member, choices: Self.reports)
        try fixture.otherOrganization()
        try fixture.person("zed@acme.example", role: .owner, organization: "acme")

        // When a report of exactly 300 characters comes in
        let firstLine = "Sync loses my notes"
        let message = firstLine + "\n" + String(repeating: "n", count: 300 - firstLine.count - 1)
        XCTAssertEqual(message.count, 300)
        let reportId = try fixture.report(message)

        // Then al and bo get it, titled with its first line, and nobody else
        try fixture.smtp.waitForMessages(2)
        try fixture.waitForAlertsLookedUp()
        XCTAssertEqual(try fixture.email.runEmail(), 0)
        XCTAssertEqual(Set(try fixture.smtp.messages().flatMap(\.rcptTos)), ["al@example.com", "bo@example.com"])
        let email = try XCTUnwrap(fixture.messages(to: "bo@example.com").first)
        XCTAssertEqual(email.headers["Subject"], "New report in App: Sync loses my notes")
        XCTAssertTrue(email.headers["List-Unsubscribe"]?.hasPrefix("<https://hub.example.com/email/unsubscribe/") ?? false)
        XCTAssertNotNil(email.headers["Message-ID"])
        let text = try XCTUnwrap(email.parts.first { $0.type == "text/plain" }?.text)
        XCTAssertTrue(text.contains("https://hub.example.com/dashboard/reports/" + reportId), text)
        // And 300 characters are quoted whole (line breaks folded), without an ellipsis
        XCTAssertTrue(text.contains(firstLine + " " + String(repeating: "n", count: 300 - firstLine.count - 1)), text)
        XCTAssertFalse(text.contains("…"))
    }

    func testARedeliveredEventSendsOneCopyAndARetryKeepsTheMessageID() throws {
        fixture = try EmailAlertsFixture(environment: ["APPNORTH_EMAIL_RETRY_BASE_S": "1"])
        // Given an owner who gets reports, and a server that refuses the first message for now
        let ann = try fixture.person("ann@example.com", role: .owner)
        try fixture.smtp.script(data: ["451 4.7.1 Try again later"])

        // When a report comes in, and its event reaches pushd twice more
        let reportId = try fixture.report("Crash on launch")
        let eventId = try fixture.eventId(topic: .feedbackCreated, containing: reportId)
        let key = "alert:\(eventId):\(ann.memberId)"
        try fixture.email.waitForState(key, "queued")
        let event = try fixture.storedEvent(eventId)
        try fixture.redeliver([event])
        try fixture.redeliver([event])
        XCTAssertEqual(try fixture.runJob("email-alerts"), 0)

        // Then after the refusal and the wait one copy arrives, on its second attempt
        let deadline = Date().addingTimeInterval(15)
        while try fixture.messages(to: "ann@example.com").isEmpty, Date() < deadline {
            fixture.push.clock.advance(by: 2)
            try fixture.email.runEmail()
        }
        let copies = try fixture.messages(to: "ann@example.com")
        XCTAssertEqual(copies.count, 1)
        XCTAssertEqual(try fixture.email.waitForState(key, "sent").attempts, 2)
        // And it carries the Message-ID of its key, the one the refused attempt carried too
        XCTAssertEqual(copies.first?.headers["Message-ID"], try EmailAlertsFixture.messageId(key: key))
        XCTAssertEqual(try fixture.email.runEmail(), 0)
        XCTAssertEqual(try fixture.messages(to: "ann@example.com").count, 1)
    }

    func testAnAlertWaitsWhileIngestIsDownAndIsSentOnceItAnswers() throws {
        fixture = try EmailAlertsFixture()
        // Given an owner who gets reports, and a report's event pushd has not seen
        let ann = try fixture.person("ann@example.com", role: .owner)
        let event = ChatEvent(
            id: "01JEVENTWHILEINGESTDOWN0001", topic: OutboxTopic.feedbackCreated.rawValue, projectId: fixture.push.projectId,
            payload: try OutboxEvent.encode(
                FeedbackCreatedEvent(
                    id: "report-while-down", projectId: fixture.push.projectId, type: "problem", createdAt: ISOTime.format(Date()),
                    message: "Nothing loads")), createdAt: ISOTime.format(Date()))

        // When ingest is down as it arrives
        fixture.push.hub.stopDaemon(.ingest)
        try fixture.redeliver([event])

        // Then the lookup fails and the alert stays, with its failure recorded
        let failed = try eventually(timeout: 10, every: 0.05) {
            try fixture.push.pushDB.scalar("SELECT attempts FROM email_alerts_pending WHERE event_id = ?", [.text(event.id)]).intValue ?? 0
                >= 1
        }
        XCTAssertTrue(failed, "the lookup was not tried")
        XCTAssertEqual(try fixture.smtp.messages().count, 0)

        // When ingest is back and the retry is due
        try fixture.push.hub.startDaemon(.ingest)
        fixture.push.clock.advance(by: 600)
        try fixture.runJob("email-alerts")

        // Then the alert goes out once
        let message = try XCTUnwrap(try fixture.smtp.waitForMessages(1).first)
        XCTAssertEqual(message.rcptTos, ["ann@example.com"])
        XCTAssertEqual(message.headers["Message-ID"], try EmailAlertsFixture.messageId(key: "alert:\(event.id):\(ann.memberId)"))
        XCTAssertEqual(try fixture.push.pushDB.scalar("SELECT COUNT(*) FROM email_alerts_pending").intValue, 0)
    }

    func testTheOneClickUnsubscribeTurnsThatAlertOffForThatMemberOnly() throws {
        fixture = try EmailAlertsFixture()
        // Given two owners with the defaults, and an alert each about a new conversation
        let ann = try fixture.person("ann@example.com", role: .owner)
        let al = try fixture.person("al@example.com", role: .owner)
        _ = try fixture.push.userMessage(voter: PushFixture.voter(3), body: "Hello")
        try fixture.smtp.waitForMessages(2)
        let header = try XCTUnwrap(try fixture.messages(to: "ann@example.com").first?.headers["List-Unsubscribe"])
        let path = String(header.dropFirst("<\(EmailAlertsFixture.publicURL)".count).dropLast())
        XCTAssertTrue(path.hasPrefix("/email/unsubscribe/"), path)
        let store = fixture.admin.store

        // When a mail scanner opens the link
        let opened = try fixture.push.hub.get(path)
        // Then it only asks, and nothing changes
        XCTAssertEqual(opened.status, 200)
        XCTAssertTrue(opened.text.contains("New conversation"), opened.text)
        XCTAssertEqual(try store.emailAlertPreferences(memberId: ann.memberId, role: .owner), .defaults(for: .owner))

        // When ann's mail provider posts the one-click unsubscribe, without a session or an Origin
        let posted = try fixture.push.hub.request(
            "POST", path, body: Array("List-Unsubscribe=One-Click".utf8), contentType: "application/x-www-form-urlencoded")
        // Then ann no longer gets new conversations, and keeps her other choices; al keeps his
        XCTAssertEqual(posted.status, 200, posted.text)
        XCTAssertEqual(
            try store.emailAlertPreferences(memberId: ann.memberId, role: .owner),
            EmailAlertPreferences(newConversation: false, newReport: true, dailyDigest: false))
        XCTAssertEqual(try store.emailAlertPreferences(memberId: al.memberId, role: .owner), .defaults(for: .owner))

        // And the next conversation emails al only
        _ = try fixture.push.userMessage(voter: PushFixture.voter(4), body: "Hello again")
        try fixture.smtp.waitForMessages(3)
        try fixture.waitForAlertsLookedUp()
        XCTAssertEqual(try fixture.messages(to: "ann@example.com").count, 1)
        XCTAssertEqual(try fixture.messages(to: "al@example.com").count, 2)

        // And a link whose token was altered is refused and changes nothing
        let tampered = try fixture.push.hub.request(
            "POST", String(path.dropLast(4)) + "AAAA", body: [], contentType: "application/x-www-form-urlencoded")
        XCTAssertEqual(tampered.status, 404)
        XCTAssertEqual(try store.emailAlertPreferences(memberId: al.memberId, role: .owner), .defaults(for: .owner))
    }
}
