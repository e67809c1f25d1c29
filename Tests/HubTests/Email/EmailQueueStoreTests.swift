import Foundation
import XCTest

@testable import HubRuntime
@testable import HubStore
@testable import PushService

/// The email queue in pushd's store: one row per dedupe key, nothing queued while email is
/// off, rows that outlive a restart (an interrupted attempt included), and retention.
final class EmailQueueStoreTests: XCTestCase {
    var path: String!
    var db: SQLiteDatabase!
    let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))

    override func setUpWithError() throws {
        path = NSTemporaryDirectory() + "email-queue-\(TimeSortableID.shared.next()).sqlite"
        db = try open()
        addTeardownBlock { [path] in
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path! + suffix) }
        }
    }

    override func tearDown() { db?.close() }

    private func open() throws -> SQLiteDatabase {
        let db = try SQLiteDatabase(path: path)
        _ = try Migrator.apply(PushDaemon.migrations, to: db)
        return db
    }

    private func store(enabled: Bool = true) -> PushStore { PushStore(db: db, clock: clock, emailEnabled: enabled) }

    private var rowCount: Int { (try? db.scalar("SELECT COUNT(*) FROM email_queue").intValue) ?? -1 }

    func testADedupeKeyQueuesOneEmailAndNothingIsQueuedWhileEmailIsOff() throws {
        // Given email off
        // When an email is queued, then nothing is stored
        XCTAssertFalse(try store(enabled: false).enqueueEmail(EmailFixture.draft("reply:r1")))
        XCTAssertEqual(rowCount, 0)

        // Given email on, when the same key is queued twice
        XCTAssertTrue(try store().enqueueEmail(EmailFixture.draft("reply:r1")))
        XCTAssertFalse(try store().enqueueEmail(EmailFixture.draft("reply:r1", subject: "Another text")))

        // Then one row holds the first draft
        XCTAssertEqual(rowCount, 1)
        XCTAssertEqual(try store().dueEmails(limit: 10).map(\.draft?.subject), ["Your report"])
    }

    func testAQueuedEmailAndOneWhoseAttemptWasInterruptedSurviveARestart() throws {
        // Given two queued emails, one of them with an attempt begun and never recorded (kill -9)
        XCTAssertTrue(try store().enqueueEmail(EmailFixture.draft("reply:a")))
        XCTAssertTrue(try store().enqueueEmail(EmailFixture.draft("reply:b")))
        try store().markEmailStarted(try XCTUnwrap(try store().dueEmails(limit: 10).last))

        // When the store is closed without a shutdown and opened again
        db.close()
        db = try open()

        // Then both are due, with their drafts whole and no attempt counted
        let due = try store().dueEmails(limit: 10)
        XCTAssertEqual(due.map(\.draft?.dedupeKey), ["reply:a", "reply:b"])
        XCTAssertEqual(due.map(\.attempts), [0, 0])
        XCTAssertEqual(due.last?.draft?.text, "Plain text of reply:b")
        // And the interrupted one composes the same message, Message-ID included, as before
        let sender = EmailAddress(address: "hub@north.example")!
        let date = Date(timeIntervalSince1970: Double(try XCTUnwrap(due.last).createdMs) / 1000)
        let again = try EmailComposer.compose(try XCTUnwrap(due.last?.draft), from: sender, date: date)
        XCTAssertEqual(again, try EmailComposer.compose(EmailFixture.draft("reply:b"), from: sender, date: date))
        XCTAssertTrue(String(decoding: again, as: UTF8.self).contains("Message-ID: <reply.b@north.example>\r\n"))
    }

    func testSentAndFailedRowsLoseTheirBodiesAtOnceAndAreRemovedAfter30Days() throws {
        // Given one email sent, one failed and one still queued
        for key in ["reply:sent", "reply:failed", "reply:queued"] { XCTAssertTrue(try store().enqueueEmail(EmailFixture.draft(key))) }
        let due = try store().dueEmails(limit: 10)
        try store().recordEmailSent(due[0])
        try store().recordEmailFailed(due[1], error: "550 5.1.1 No such user")

        // Then the completed rows hold no text any more
        let bodies = try db.query("SELECT dedupe_key, text_body, html_body FROM email_queue ORDER BY id").map {
            [$0.string("dedupe_key")!, $0.string("text_body")!, $0.string("html_body")!]
        }
        XCTAssertEqual(bodies[0], ["reply:sent", "", ""])
        XCTAssertEqual(bodies[1], ["reply:failed", "", ""])
        XCTAssertEqual(bodies[2][1], "Plain text of reply:queued")

        // When 30 days have passed, then nothing is removed yet
        clock.advance(by: 30 * 86_400)
        XCTAssertEqual(try store().pruneEmails(), 0)
        // And a millisecond later the completed rows go, the queued one stays
        clock.advance(by: 0.001)
        XCTAssertEqual(try store().pruneEmails(), 2)
        XCTAssertEqual(try store().emailDeliveries(keys: ["reply:sent", "reply:failed", "reply:queued"]).keys.sorted(), ["reply:queued"])
    }

    func testTheBackoffDoublesFromItsBaseUpToAnHour() {
        XCTAssertEqual((1...8).map { EmailDelivery.backoff(afterAttempt: $0, base: 60) }, [60, 120, 240, 480, 960, 1_920, 3_600, 3_600])
    }
}
