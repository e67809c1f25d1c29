import Foundation
import TestSupport
import XCTest

@testable import HubRuntime
@testable import PushService

/// Invitation emails (issue 25, "Email": "invitation emails for the dashboard's invitations
/// … no secret or token in any body except the invitation link itself"): the invitee gets the
/// link; pushd keeps it sealed until sent and nowhere after, logs never carry it; a revoked
/// invitation whose email has not gone out is not sent.
final class InvitationEmailTests: XCTestCase {
    var fixture: EmailAlertsFixture!

    override func tearDown() { fixture?.shutdown() }

    func testAnInvitationIsEmailedWithItsLinkWhichLeavesNoTraceInPushdOrTheLogs() throws {
        fixture = try EmailAlertsFixture()
        // When the operator invites someone as an admin
        let made = try fixture.push.call("POST", "/organization/invitations", json: ["email": "new@example.com", "role": "admin"])
        XCTAssertEqual(made.status, 201, made.text)
        XCTAssertEqual(made.json["emailed"] as? Bool, true)
        let url = try XCTUnwrap(made.json["url"] as? String)
        let code = try XCTUnwrap(made.json["code"] as? String)
        let id = try XCTUnwrap(made.json["id"] as? String)
        XCTAssertTrue(url.hasPrefix("https://hub.example.com/invite/"))

        // Then they get an email with the link, the organization and the role, and no List-Unsubscribe
        let message = try XCTUnwrap(try fixture.smtp.waitForMessages(1).first)
        XCTAssertEqual(message.rcptTos, ["new@example.com"])
        XCTAssertEqual(message.headers["Subject"], "Join Default on AppNorth")
        XCTAssertNil(message.headers["List-Unsubscribe"])
        XCTAssertEqual(message.headers["Message-ID"], try EmailAlertsFixture.messageId(key: "invite:" + id))
        for part in message.parts {
            XCTAssertTrue(part.text.contains(url), part.text)
            XCTAssertTrue(part.text.contains("as an admin"), part.text)
        }

        // And once sent, the list and the Settings page say it was emailed
        try fixture.email.waitForState("invite:" + id, "sent")
        let listed = try fixture.push.call("GET", "/organization/invitations").items.first { $0["id"] as? String == id }
        XCTAssertEqual((listed?["emailDelivery"] as? [String: Any])?["state"] as? String, "sent")
        let settings = try fixture.admin.pages(as: "ann@example.com").get("/dashboard/settings")
        XCTAssertEqual(settings.status, 200)
        XCTAssertTrue(settings.text.contains("Invitation emailed"), settings.text)
        XCTAssertTrue(settings.text.contains("We email them a link"))
        // And pushd's store holds the link nowhere, nor do the logs
        let db = fixture.push.pushDB
        let stored =
            try db.query("SELECT payload FROM chat_events").compactMap { $0.string("payload") }
            + db.query("SELECT text_body, html_body FROM email_queue").flatMap { [$0.string("text_body"), $0.string("html_body")] }
            .compactMap { $0 }
        XCTAssertFalse(stored.isEmpty)
        XCTAssertFalse(stored.contains { $0.contains(code) })
        XCTAssertFalse(fixture.email.logText.contains(code))
        // And the event pushd kept of it names the invitation without the sealed link
        let kept = try XCTUnwrap(try db.scalar("SELECT payload FROM chat_events WHERE topic = 'invitation.created'").stringValue)
        XCTAssertTrue(kept.contains(id))
        XCTAssertTrue(kept.contains("\"sealedLink\":\"\""), kept)
    }

    func testARevokedInvitationWhoseEmailHasNotGoneOutIsNotSent() throws {
        fixture = try EmailAlertsFixture(environment: ["APPNORTH_EMAIL_RETRY_BASE_S": "60"])
        // Given an invitation whose email the server turned away for now, waiting in the queue
        try fixture.smtp.script(rcpt: ["451 4.3.0 Mailbox busy"])
        let made = try fixture.push.call("POST", "/organization/invitations", json: ["email": "late@example.com", "role": "member"])
        XCTAssertEqual(made.status, 201, made.text)
        let id = try XCTUnwrap(made.json["id"] as? String)
        let code = try XCTUnwrap(made.json["code"] as? String)
        let waiting = try eventually(timeout: 10, every: 0.05) { (try fixture.email.row("invite:" + id)?.attempts ?? 0) >= 1 }
        XCTAssertTrue(waiting, "the first attempt did not happen")
        // And its bodies wait sealed, not in the clear
        let queued = try XCTUnwrap(try fixture.email.row("invite:" + id))
        XCTAssertEqual(queued.state, "queued")
        XCTAssertTrue(queued.text.hasPrefix("sealed:"), queued.text)
        XCTAssertFalse(queued.text.contains(code))

        // When the invitation is revoked
        let revoked = try fixture.push.call("DELETE", "/organization/invitations/" + id)
        XCTAssertEqual(revoked.status, 204, revoked.text)

        // Then the email is dropped and, once its retry would be due, nothing goes out
        let dropped = try fixture.email.waitForState("invite:" + id, "failed")
        XCTAssertEqual(dropped.lastError, "revoked")
        XCTAssertEqual(dropped.text, "")
        fixture.push.clock.advance(by: 3_600)
        XCTAssertEqual(try fixture.email.runEmail(), 0)
        XCTAssertEqual(try fixture.messages(to: "late@example.com").count, 0)
    }
}
