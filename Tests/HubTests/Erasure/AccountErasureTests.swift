import Foundation
import XCTest

@testable import HubStore
@testable import IngestService

/// Deleting a whole account through the operator API (`POST /organization/erasure`): an
/// organization with a participant's chat photo, report screenshot, device, idea, vote and
/// comment, push credentials, and rows in asod and marketd, next to a second organization that
/// must stay. While storage refuses a delete the erasure stays pending and the account is
/// closed (409 `ACCOUNT_ERASING`); once storage is back it finishes, and no SQLite file of any
/// daemon, nor the object directory, names the account.
final class AccountErasureTests: XCTestCase {
    var fixture: ErasureFixture!
    static let email = "erin.account@example.com"

    /// ingest tables this test leaves without the account's text: rows named only by their
    /// parent's ID (statuses, labels, replies), what the API makes only later or elsewhere, the
    /// erasures themselves, and the hub's signing keys, which belong to no organization. Each
    /// still needs a step of ingest's erasure (`testEveryIngestTableHasAnErasureStep`).
    static let ingestTablesNotSeeded: Set<String> = [
        "erasures", "signing_keys", "board_statuses", "feedback_labels", "feedback_replies", "review_promotions", "changelog_entries",
        "handoff_codes", "roadmap_sessions", "idempotency_records", "notification_reads", "mcp_credit_usage", "email_alert_preferences",
    ]

    override func setUpWithError() throws {
        fixture = try ErasureFixture()
        try fixture.hub.start([.asod, .marketd])
    }

    override func tearDown() { fixture?.shutdown() }

    var stores: [(String, SQLiteDatabase)] {
        [("ingest", fixture.ingestDB), ("chatd", fixture.chatDB), ("pushd", fixture.pushDB)]
            + [("asod", fixture.hub.daemons[.asod]!.context.store), ("marketd", fixture.hub.daemons[.marketd]!.context.store)]
    }

    /// Every daemon table and object file holding one of `needles`, as `daemon.table` or `objects/<path>`.
    func findings(_ needles: [String]) throws -> [String] {
        var found: [String] = []
        for (name, db) in stores { found += try StoreTextScan.rows(db, holding: needles).keys.map { "\(name).\($0)" } }
        for path in fixture.objectFiles() where needles.contains(where: { path.contains($0.lowercased()) }) {
            found.append("objects/" + path)
        }
        return found.sorted()
    }

    func testDeletingAnAccountErasesItInEveryDaemonAndStaysPendingWhileStorageRefuses() throws {
        let f = fixture!
        let store = f.hub.app!.store
        let organizationId = try XCTUnwrap(store.authenticate(token: OperatorAPI.token)?.organizationId)
        let organization = try XCTUnwrap(store.organization(id: organizationId))
        let appId = try XCTUnwrap(f.ingestDB.scalar("SELECT app_id FROM projects WHERE id = ?", [.text(f.projectId)]).stringValue)
        // Given the account's participant with a chat photo, a report screenshot, a device, an idea, a vote and a comment
        let erin = try f.identity(Self.email)
        try f.chat("ACCOUNT-CHAT with a photo", photo: true, voter: nil, who: erin)
        try f.report("ACCOUNT-REPORT with a screenshot", voter: nil, who: erin)
        try f.device(voter: nil, who: erin)
        let idea = try f.idea("ACCOUNT-IDEA", author: "Erin", voter: nil, who: erin)
        try f.vote(idea, voter: nil, who: erin)
        try f.comment(idea, "ACCOUNT-COMMENT", author: "Erin", voter: nil, who: erin)
        try f.waitForEvents()
        // And rows of the organization in asod and marketd
        try StoreTextScan.insert(
            f.hub.daemons[.asod]!.context.store, "quota_usage", ["organization_id": .text(organizationId), "day": "2026-11-20", "used": 1])
        try StoreTextScan.insert(
            f.hub.daemons[.marketd]!.context.store, "watchlist",
            ["organization_id": .text(organizationId), "adam_id": "111", "note": "ACCOUNT-WATCH", "created_at": "2026-11-20T10:00:00.000Z"])
        // And an owner of this organization alone who signed in, saw What's new and asked for a
        // feature once, and the workspace's media retention set
        let owner = try AdminClient(hub: f.hub).person("olive.owner@example.com").session
        try store.markWhatsNewSeen(memberId: owner.memberId)
        XCTAssertNil(try store.countFeatureRequestAttempt(userId: owner.userId, limit: 5, window: 3_600))
        try store.setMediaRetentionDays(organizationId: organizationId, days: 30)
        // And a second organization with an app and an idea of its own
        let other = try store.createOrganizationWithToken(slug: "kept-org", name: "Kept Org")
        let kept = try f.push.newProject(name: "KEPT-APP", token: other.token)
        let keptIdea = try f.hub.request(
            "POST", PublicAPI.prefix + "/ideas?app_id=\(kept.appId)&voter_token=\(PublicAPI.voterToken)",
            headers: [("Origin", PublicAPI.origin)],
            json: ["board": "ideas", "title": "KEPT-IDEA", "description": "stays", "authorName": "Kim"])
        let needles = [
            organizationId, f.projectId, appId, organization.name, Self.email, "ACCOUNT-", owner.userId, owner.memberId, owner.email,
        ]
        // (every ingest table but the ones the account cannot reach before it is erased, so a new table fails here until it is seeded)
        XCTAssertEqual(
            Set(try StoreTextScan.rows(f.ingestDB, holding: needles).keys),
            try StoreTextScan.tables(f.ingestDB).subtracting(Self.ingestTablesNotSeeded),
            "the seed reaches every ingest table an account has rows in")
        XCTAssertEqual(
            Set(try findings(needles).map { $0.hasPrefix("objects/") ? "objects" : String($0.split(separator: ".")[0]) }),
            ["ingest", "chatd", "pushd", "asod", "marketd", "objects"],
            "the account has data in every daemon and in storage")
        // And storage that cannot delete the chat photo
        let photo = try XCTUnwrap(f.chatDB.scalar("SELECT sent_key FROM images WHERE sent_key IS NOT NULL").stringValue)
        let blocked = try ParticipantErasureTests.Blocked(f.objectsDirectory + "/" + photo)

        // When the owner's token asks to delete the account, first with a wrong name
        let wrong = try f.push.call("POST", "/organization/erasure", json: ["confirm": "Not the name"])
        XCTAssertEqual(wrong.status, 400, wrong.text)
        XCTAssertEqual(wrong.code, "INVALID_PAYLOAD")
        let created = try f.push.call("POST", "/organization/erasure", json: ["confirm": organization.name])

        // Then it is accepted, and stays pending on chatd's OBJECTS_UNAVAILABLE with nothing after it asked
        XCTAssertEqual(created.status, 202, created.text)
        let id = try XCTUnwrap(created.json["id"] as? String)
        let stuck = try f.waitFor(id, "chatd's error") { ErasureFixture.daemon($0, "chatd")["lastError"] is String }
        XCTAssertEqual(stuck["state"] as? String, "pending")
        XCTAssertTrue((ErasureFixture.daemon(stuck, "chatd")["lastError"] as? String ?? "").hasPrefix("OBJECTS_UNAVAILABLE"), "\(stuck)")
        XCTAssertEqual(ErasureFixture.daemon(stuck, "marketd")["attempts"] as? Int, 0)
        // And the account is closed meanwhile: its other API routes and its apps' public routes answer 409
        let closed = try f.push.call("GET", "/projects")
        XCTAssertEqual(closed.status, 409, closed.text)
        XCTAssertEqual(closed.code, "ACCOUNT_ERASING")
        XCTAssertEqual(try f.push.get("/boards", token: nil).status, 409)
        // And the second organization is open
        XCTAssertEqual(try f.push.call("GET", "/projects", token: other.token).status, 200)

        // When storage is back and the job runs (as the schedule would: the account's token is refused)
        try blocked.restore()
        _ = try f.hub.app!.erasure.run()

        // Then the erasure is done, each daemon having counted what it erased (read from the
        // record: the account's token, which could follow it, is gone with the account)
        let row = try XCTUnwrap(f.ingestDB.queryOne("SELECT state, daemons FROM erasures WHERE id = ?", [.text(id)]))
        let done: [String: Any] = [
            "state": row.string("state") ?? "",
            "daemons": try JSONSerialization.jsonObject(with: Data((row.string("daemons") ?? "{}").utf8)),
        ]
        XCTAssertEqual(done["state"] as? String, "done", "\(done)")
        // The sent photo, its staged preview and the raw upload.
        XCTAssertEqual(ErasureFixture.erased(done, "chatd", "photos"), 3, "\(done)")
        XCTAssertEqual(ErasureFixture.erased(done, "pushd", "devices"), 1, "\(done)")
        XCTAssertEqual(ErasureFixture.erased(done, "asod", "quotaUsage"), 1, "\(done)")
        XCTAssertEqual(ErasureFixture.erased(done, "marketd", "watchlist"), 1, "\(done)")
        XCTAssertEqual(ErasureFixture.erased(done, "ingest", "screenshots"), 1, "\(done)")
        XCTAssertEqual(ErasureFixture.erased(done, "ingest", "organizations"), 1, "\(done)")
        // And no daemon's file or stored object names the account, its app, its people or what they wrote
        XCTAssertEqual(try findings(needles), [])
        // And its token no longer exists, while the record stays, naming no one
        XCTAssertEqual(try f.push.call("GET", "/projects").status, 401)
        XCTAssertEqual(try f.ingestDB.scalar("SELECT state FROM erasures WHERE id = ?", [.text(id)]).stringValue, "done")
        // And the second organization's app and idea are untouched
        XCTAssertEqual(keptIdea.status, 201, keptIdea.text)
        XCTAssertEqual(try findings(["KEPT-IDEA"]), ["ingest.ideas"])
        XCTAssertEqual(try f.push.call("GET", "/projects/\(kept.id)", token: other.token).status, 200)
    }

    func testEveryIngestTableHasAnErasureStep() throws {
        // Given every table of ingest.sqlite but the hub's signing keys, which name no organization
        let tables = try StoreTextScan.tables(fixture.ingestDB).subtracting(["signing_keys"])
        // When the steps of ingest's part of an account erasure are read
        let statements = IngestStore.organizationErasureSteps.map { $0.sql.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        // Then each table is deleted from or rewritten by one of them, so a new table fails here until it is erased
        for table in tables.sorted() {
            XCTAssertTrue(
                statements.contains { $0.hasPrefix("DELETE FROM \(table) ") || $0.hasPrefix("UPDATE \(table) ") },
                "\(table) is never erased")
        }
    }
}
