import Foundation
import TestSupport
import XCTest

@testable import HubRuntime
@testable import PushService

/// pushd's SMTP sender against the fake SMTP server: STARTTLS and AUTH, the message as a mail
/// parser reads it, retries after 4xx, giving up on 5xx and after the 8th attempt, TLS required.
final class EmailSenderTests: XCTestCase {
    var fixture: EmailFixture!

    override func tearDown() { fixture?.shutdown() }

    func testAQueuedEmailGoesOutOverSTARTTLSWithAuthAsAWellFormedMultipartMessage() throws {
        fixture = try EmailFixture()
        // Given an email queued by another part of pushd, with a non-ASCII subject and name
        var draft = EmailFixture.draft("alert:1", subject: "Réponse à « Export cassé » — 日本語のタイトル")
        draft.to = EmailAddress(address: "rita@example.org", name: "Rita Müller")!
        draft.listUnsubscribe = "https://hub.example/unsubscribe/abc"
        XCTAssertTrue(try fixture.store.enqueueEmail(draft))

        // When a delivery pass sends it
        try fixture.runEmail()
        let message = try XCTUnwrap(try fixture.smtp.waitForMessages(1).first)

        // Then it went over TLS after AUTH, from the configured sender to the recipient alone
        XCTAssertTrue(message.tls)
        XCTAssertEqual(message.user, FakeSMTP.user)
        XCTAssertEqual(message.mailFrom, "support@north.example")
        XCTAssertEqual(message.rcptTos, ["rita@example.org"])
        // And a mail parser reads its headers back decoded, with no defect
        XCTAssertEqual(message.defects, [])
        XCTAssertEqual(message.headers["From"], "North Support <support@north.example>")
        XCTAssertEqual(message.headers["To"], "Rita Müller <rita@example.org>")
        XCTAssertEqual(message.headers["Subject"], "Réponse à « Export cassé » — 日本語のタイトル")
        XCTAssertEqual(message.headers["Message-ID"], "<alert.1@north.example>")
        XCTAssertEqual(message.headers["Auto-Submitted"], "auto-generated")
        XCTAssertEqual(message.headers["List-Unsubscribe"], "<https://hub.example/unsubscribe/abc>")
        XCTAssertEqual(message.headers["List-Unsubscribe-Post"], "List-Unsubscribe=One-Click")
        XCTAssertNotNil(message.headers["Date"])
        // And it is multipart/alternative with a UTF-8 quoted-printable text and HTML part
        XCTAssertEqual(message.contentType, "multipart/alternative")
        XCTAssertEqual(message.parts.map(\.type), ["text/plain", "text/html"])
        XCTAssertEqual(message.parts.map(\.charset), ["utf-8", "utf-8"])
        XCTAssertEqual(message.parts.map(\.encoding), ["quoted-printable", "quoted-printable"])
        XCTAssertEqual(message.parts[0].text, "Plain text of alert:1")
        XCTAssertEqual(message.parts[1].text, "<p>HTML of alert:1</p>")
        // And every line ends in CRLF
        XCTAssertFalse(message.data.replacingOccurrences(of: "\r\n", with: "").contains("\n"))

        // And the row is sent with its bodies cleared, and queueing the key again adds nothing
        let row = try fixture.waitForState("alert:1", "sent")
        XCTAssertEqual(row.attempts, 1)
        XCTAssertEqual(row.text, "")
        XCTAssertFalse(try fixture.store.enqueueEmail(draft))
        XCTAssertEqual(try fixture.runEmail(), 0)
        XCTAssertEqual(try fixture.smtp.messages().count, 1)
    }

    func testTheEmailJobDeliversAQueuedEmailNow() throws {
        fixture = try EmailFixture()
        // Given a queued email
        XCTAssertTrue(try fixture.store.enqueueEmail(EmailFixture.draft("alert:now")))

        // When the email job runs through the operator API
        try fixture.runEmail()

        // Then the server holds it as soon as the job answers
        XCTAssertEqual(try fixture.smtp.messages().map(\.rcptTos), [["reporter@example.org"]])
        XCTAssertEqual(try fixture.row("alert:now")?.state, "sent")
    }

    func testA451IsRetriedAfterTheBackoffAndTheSecondAttemptDeliversOneCopy() throws {
        fixture = try EmailFixture()
        // Given a server that answers the next RCPT with 451
        try fixture.smtp.script(rcpt: ["451 4.7.1 Greylisted, try again later"])
        XCTAssertTrue(try fixture.store.enqueueEmail(EmailFixture.draft("alert:451")))

        // When the first attempt is made
        try fixture.runEmail()

        // Then the email stays queued with one attempt and the server's reply line
        var row = try XCTUnwrap(try fixture.row("alert:451"))
        XCTAssertEqual(row.state, "queued")
        XCTAssertEqual(row.attempts, 1)
        XCTAssertEqual(row.lastError, "451 4.7.1 Greylisted, try again later")
        XCTAssertEqual(try fixture.smtp.messages().count, 0)

        // And before the 60 s backoff has passed nothing is tried again
        fixture.push.clock.advance(by: 59)
        XCTAssertEqual(try fixture.runEmail(), 0)
        XCTAssertEqual(try fixture.row("alert:451")?.attempts, 1)

        // When it has passed
        fixture.push.clock.advance(by: 1)
        try fixture.runEmail()

        // Then exactly one copy arrived, on the second attempt
        row = try fixture.waitForState("alert:451", "sent")
        XCTAssertEqual(row.attempts, 2)
        XCTAssertEqual(try fixture.smtp.messages().count, 1)
        XCTAssertEqual(
            try fixture.smtp.commands().filter { $0.command == "RCPT" }.map(\.reply).first, "451 4.7.1 Greylisted, try again later")
    }

    func testA550FailsAtOnceWithTheServersReply() throws {
        fixture = try EmailFixture()
        // Given a server that refuses the recipient for good
        try fixture.smtp.script(rcpt: ["550 5.1.1 No such user here"])
        XCTAssertTrue(try fixture.store.enqueueEmail(EmailFixture.draft("alert:550")))

        // When it is attempted
        try fixture.runEmail()

        // Then it failed after one attempt with the reply, and is never tried again
        let row = try fixture.waitForState("alert:550", "failed")
        XCTAssertEqual(row.attempts, 1)
        XCTAssertEqual(row.lastError, "550 5.1.1 No such user here")
        XCTAssertEqual(row.text, "")
        fixture.push.clock.advance(by: 86_400)
        XCTAssertEqual(try fixture.runEmail(), 0)
        XCTAssertEqual(try fixture.smtp.commands().count, 1)
    }

    func testAnEmailIsAttemptedEightTimesAtMost() throws {
        fixture = try EmailFixture()
        // Given a server answering 451 to the next 7 DATAs, then 8 more
        try fixture.smtp.script(data: Array(repeating: "451 4.3.0 Temporary failure", count: 7))
        XCTAssertTrue(try fixture.store.enqueueEmail(EmailFixture.draft("alert:seven")))

        // When attempts are made an hour apart (past any backoff)
        for _ in 0..<8 {
            try fixture.runEmail()
            fixture.push.clock.advance(by: 3_600)
        }

        // Then the 8th attempt, after 7 refusals, still delivered it
        var row = try fixture.waitForState("alert:seven", "sent")
        XCTAssertEqual(row.attempts, 8)
        XCTAssertEqual(try fixture.smtp.messages().count, 1)

        // Given 8 refusals in a row
        try fixture.smtp.script(data: Array(repeating: "451 4.3.0 Temporary failure", count: 8))
        XCTAssertTrue(try fixture.store.enqueueEmail(EmailFixture.draft("alert:eight")))
        for _ in 0..<10 {
            try fixture.runEmail()
            fixture.push.clock.advance(by: 3_600)
        }

        // Then it failed after its 8th attempt and was never tried a 9th time
        row = try fixture.waitForState("alert:eight", "failed")
        XCTAssertEqual(row.attempts, 8)
        XCTAssertEqual(row.lastError, "451 4.3.0 Temporary failure")
        XCTAssertEqual(try fixture.smtp.commands().filter { $0.command == "DATA" }.count, 8 + 8)
        XCTAssertEqual(try fixture.smtp.messages().count, 1)
    }

    func testAServerWithoutSTARTTLSGetsNothingAndTheErrorIsRecorded() throws {
        // Given an smtp:// URL (STARTTLS required) pointing at a server that does not offer it
        fixture = try EmailFixture(url: { $0.plainURL })
        XCTAssertTrue(try fixture.store.enqueueEmail(EmailFixture.draft("alert:tls")))

        // When an attempt is made
        try fixture.runEmail()

        // Then nothing was sent, the email waits for a retry, and the error says why
        let row = try XCTUnwrap(try fixture.row("alert:tls"))
        XCTAssertEqual(row.state, "queued")
        XCTAssertEqual(row.attempts, 1)
        XCTAssertTrue(row.lastError?.contains("STARTTLS") == true, String(describing: row.lastError))
        XCTAssertEqual(try fixture.smtp.commands().count, 0)
        XCTAssertEqual(try fixture.smtp.messages().count, 0)
    }

    func testAPlainRelayIsUsedOnlyWhenTheURLSaysTLSNone() throws {
        // Given the same server named with ?tls=none
        fixture = try EmailFixture(environment: ["APPNORTH_SMTP_USER": "", "APPNORTH_SMTP_PASSWORD": ""]) { $0.plainURL + "?tls=none" }
        XCTAssertTrue(try fixture.store.enqueueEmail(EmailFixture.draft("alert:relay")))

        // When an attempt is made, then it is delivered in the clear
        try fixture.runEmail()
        let message = try XCTUnwrap(try fixture.smtp.messages().first)
        XCTAssertFalse(message.tls)
        XCTAssertEqual(try fixture.row("alert:relay")?.state, "sent")
    }

    func testImplicitTLSDelivers() throws {
        // Given an smtps:// URL
        fixture = try EmailFixture(url: { $0.implicitTLSURL })
        XCTAssertTrue(try fixture.store.enqueueEmail(EmailFixture.draft("alert:smtps")))

        // When an attempt is made, then it is delivered over TLS after AUTH
        try fixture.runEmail()
        let message = try XCTUnwrap(try fixture.smtp.messages().first)
        XCTAssertTrue(message.tls)
        XCTAssertEqual(message.user, FakeSMTP.user)
    }

    func testTheSMTPPasswordIsInNoLogAndNoError() throws {
        // Given a hub whose password the server refuses
        let wrong = "wr0ng-pa55-\(UUID().uuidString)"
        fixture = try EmailFixture(environment: ["APPNORTH_SMTP_PASSWORD": wrong])
        XCTAssertTrue(try fixture.store.enqueueEmail(EmailFixture.draft("alert:auth")))

        // When an attempt is made
        try fixture.runEmail()

        // Then it waits for a retry with the login failure recorded, and neither the recorded
        // error nor any log line holds the password
        let row = try XCTUnwrap(try fixture.row("alert:auth"))
        XCTAssertEqual(row.state, "queued")
        let error = try XCTUnwrap(row.lastError)
        XCTAssertTrue(error.lowercased().contains("login denied"), error)
        XCTAssertFalse(error.contains(wrong))
        XCTAssertTrue(fixture.logText.contains("email retried later"), "the attempt was not logged")
        XCTAssertFalse(fixture.logText.contains(wrong))
        XCTAssertFalse(fixture.logText.contains(FakeSMTP.password))
        XCTAssertEqual(try fixture.smtp.messages().count, 0)
    }
}
