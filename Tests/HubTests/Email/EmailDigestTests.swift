import Foundation
import TestSupport
import XCTest

@testable import HubRuntime
@testable import IngestService
@testable import PushService

/// The daily digest (issue 25, "Email": "Team alerts per member preference (… daily
/// digest)"): per member who wants it, the new conversations and reports per app of the last
/// 24 hours, nothing when there is nothing to say, one per member and UTC day.
final class EmailDigestTests: XCTestCase {
    var fixture: EmailAlertsFixture!

    override func tearDown() { fixture?.shutdown() }

    static let digestOnly = EmailAlertPreferences(newConversation: false, newReport: false, dailyDigest: true)

    func testTheDigestCountsTheLastDayOncePerMemberAndDayAndSaysNothingWhenEmpty() throws {
        fixture = try EmailAlertsFixture()
        // Given an owner and a member who want the digest only, a member with the defaults
        // (no digest), and the owner of another organization, without apps, who wants it too
        try fixture.person("ann@example.com", role: .owner, choices: Self.digestOnly)
        try fixture.person("bo@example.com", role: .member, choices: Self.digestOnly)
        try fixture.person("cy@example.com", role: .member)
        try fixture.otherOrganization()
        try fixture.person("zed@acme.example", role: .owner, organization: "acme", choices: Self.digestOnly)

        // When the digest runs before anything came in
        // Then nobody gets one
        XCTAssertEqual(try fixture.runJob("email-digest"), 0)

        // When two conversations and a report come in, and the digest runs
        _ = try fixture.push.userMessage(voter: PushFixture.voter(1), body: "First")
        _ = try fixture.push.userMessage(voter: PushFixture.voter(2), body: "Second")
        let reportId = try fixture.report("Crash on launch")
        try fixture.push.waitForEvents()
        _ = try fixture.eventId(topic: .feedbackCreated, containing: reportId)
        XCTAssertEqual(try fixture.runJob("email-digest"), 2)

        // Then ann and bo each get one digest with the app's counts, and nobody else
        let digests = try fixture.smtp.waitForMessages(2)
        XCTAssertEqual(Set(digests.flatMap(\.rcptTos)), ["ann@example.com", "bo@example.com"])
        let day = String(ISOTime.format(fixture.push.clock.now()).prefix(10))
        for digest in digests {
            XCTAssertEqual(digest.headers["Subject"], "Your AppNorth digest for Default, \(day)")
            XCTAssertTrue(digest.headers["List-Unsubscribe"]?.hasPrefix("<https://hub.example.com/email/unsubscribe/") ?? false)
            let text = try XCTUnwrap(digest.parts.first { $0.type == "text/plain" }?.text)
            XCTAssertTrue(text.contains("App: 2 new conversations, 1 new report"), text)
        }

        // When it runs again the same day
        // Then nothing new is sent
        XCTAssertEqual(try fixture.runJob("email-digest"), 0)
        XCTAssertEqual(try fixture.email.runEmail(), 0)
        XCTAssertEqual(try fixture.smtp.messages().count, 2)

        // When a day and an hour have passed without anything new
        fixture.push.clock.advance(by: 25 * 3_600)
        // Then the next day's pass has nothing to say either
        XCTAssertEqual(try fixture.runJob("email-digest"), 0)
        XCTAssertEqual(try fixture.smtp.messages().count, 2)
    }

    func testTheDigestCountsWhatArrivedWithinTheLast24Hours() throws {
        fixture = try EmailAlertsFixture()
        // Given an owner who wants the digest, a conversation that arrives now and another
        // twelve hours later
        try fixture.person("ann@example.com", role: .owner, choices: Self.digestOnly)
        _ = try fixture.push.userMessage(voter: PushFixture.voter(1), body: "Old one")
        try fixture.push.waitForEvents()
        fixture.push.clock.advance(by: 12 * 3_600)
        _ = try fixture.push.userMessage(voter: PushFixture.voter(2), body: "Recent one")
        try fixture.push.waitForEvents()

        // When the digest runs a minute past 24 hours after the first
        fixture.push.clock.advance(by: 12 * 3_600 + 60)
        XCTAssertEqual(try fixture.runJob("email-digest"), 1)

        // Then it counts the recent one only
        let text = try XCTUnwrap(try fixture.smtp.waitForMessages(1).first?.parts.first?.text)
        XCTAssertTrue(text.contains("App: 1 new conversation, 0 new reports"), text)
    }
}
