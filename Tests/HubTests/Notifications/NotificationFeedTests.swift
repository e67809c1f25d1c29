import Foundation
import XCTest

@testable import IngestService

/// `GET /api/admin/v1/notifications` and `POST …/{id}/read` against the real daemons, with one
/// source of each kind seeded in two organizations.
final class NotificationFeedTests: XCTestCase {
    var f: NotificationFeedFixture!

    override func setUpWithError() throws { f = try NotificationFeedFixture() }
    override func tearDown() { f?.shutdown() }

    struct Seeded {
        var chat: (conversationId: String, messageId: String, at: String)
        var report: (id: String, at: String)
        var reviewAt: String
        var keywordAt: String
        var priceJobAt: String
        var trackerAt: String
        var revenueAt: String
    }

    /// One source of each kind in `project` (whose organization is `organizationId`), times a
    /// few hours apart and within the last seven days.
    @discardableResult
    func seedAll(_ project: String, organizationId: String, tag: String) throws -> Seeded {
        let now = Date()
        let at = { (hours: Double) in NotificationFeedFixture.iso(now.addingTimeInterval(-hours * 3_600)) }
        let chat = try f.seedChat(project, body: "Hello from \(tag)")
        let report = try f.seedReport(project, message: "Broken in \(tag)")
        try f.seedReview(project, id: "review-\(tag)", rating: 2, territory: "USA", title: "Crashes \(tag)", at: at(2))
        let keywordAt = NotificationFeedFixture.day(now) + "T00:05:00.000Z"
        try f.seedKeyword(project, id: "kw-\(tag)", term: "notes \(tag)", from: 3, to: 9, observedAt: keywordAt)
        try f.seedPriceJob(project, id: "job-\(tag)", states: ["succeeded", "failed"], at: at(3))
        try f.seedTrackerAd(
            organizationId: organizationId, adamId: tag == "mine" ? "1000000001" : "1000000002", name: "Rival \(tag)",
            recordId: "ad-\(tag)", at: at(4))
        let revenueAt = at(5)
        try f.seedRevenue(project, day: NotificationFeedFixture.day(now.addingTimeInterval(-86_400)), mrr: 100, lastUpdatedAt: nil)
        try f.seedRevenue(project, day: NotificationFeedFixture.day(now), mrr: 112, lastUpdatedAt: revenueAt)
        return Seeded(
            chat: chat, report: report, reviewAt: at(2), keywordAt: keywordAt, priceJobAt: at(3), trackerAt: at(4), revenueAt: revenueAt)
    }

    func seedBoth() throws -> Seeded {
        let mine = try seedAll(f.projectId, organizationId: try f.organizationId(token: OperatorAPI.token), tag: "mine")
        try seedAll(f.otherProjectId, organizationId: try f.organizationId(token: f.otherToken), tag: "theirs")
        return mine
    }

    func byKind(_ items: [[String: Any]]) -> [String: [[String: Any]]] {
        Dictionary(grouping: items) { $0["kind"] as? String ?? "" }
    }

    func testTheFeedListsOneItemOfEachKindWithItsSourceTimeAndNothingOfAnotherOrganization() throws {
        // Given one source of each kind in each of two organizations
        let seeded = try seedBoth()

        // When the first organization reads its feed
        let reply = try f.feed()

        // Then it lists exactly one item of each kind, with the seeded times and IDs, all its own
        let kinds = byKind(reply.items)
        for kind in ["chat", "report", "review", "keyword", "price-job", "revenue", "tracker"] {
            XCTAssertEqual(kinds[kind]?.count, 1, "\(kind): \(reply.text)")
        }
        let revenue = try XCTUnwrap(kinds["revenue"]?.first)
        XCTAssertEqual(revenue["at"] as? String, seeded.revenueAt)
        XCTAssertEqual(revenue["title"] as? String, "MRR rose 12.0% to 112.00 USD")
        XCTAssertEqual(reply.json["unavailable"] as? [String], [])
        let chat = try XCTUnwrap(kinds["chat"]?.first)
        XCTAssertEqual(chat["id"] as? String, "chat:\(seeded.chat.conversationId):\(seeded.chat.messageId)")
        XCTAssertEqual(chat["at"] as? String, seeded.chat.at)
        XCTAssertEqual(chat["link"] as? String, "/dashboard/conversations/\(seeded.chat.conversationId)")
        XCTAssertEqual(chat["appName"] as? String, "Mine")
        XCTAssertEqual(chat["read"] as? Bool, false)
        let report = try XCTUnwrap(kinds["report"]?.first)
        XCTAssertEqual(report["id"] as? String, "report:\(seeded.report.id)")
        XCTAssertEqual(report["at"] as? String, seeded.report.at)
        let review = try XCTUnwrap(kinds["review"]?.first)
        XCTAssertEqual(review["at"] as? String, seeded.reviewAt)
        XCTAssertEqual(review["title"] as? String, "New 2-star review in USA: Crashes mine")
        let keyword = try XCTUnwrap(kinds["keyword"]?.first)
        XCTAssertEqual(keyword["at"] as? String, seeded.keywordAt)
        XCTAssertEqual(keyword["id"] as? String, "keyword:kw-mine:" + String(seeded.keywordAt.prefix(10)))
        let job = try XCTUnwrap(kinds["price-job"]?.first)
        XCTAssertEqual(job["id"] as? String, "price-job:job-mine:failed")
        XCTAssertEqual(job["at"] as? String, seeded.priceJobAt)
        let tracker = try XCTUnwrap(kinds["tracker"]?.first)
        XCTAssertEqual(tracker["at"] as? String, seeded.trackerAt)
        XCTAssertEqual(tracker["appName"] as? String, "Rival mine")
        XCTAssertTrue(tracker["projectId"] is NSNull)
        for item in reply.items where item["kind"] as? String != "tracker" {
            XCTAssertEqual(item["projectId"] as? String, f.projectId, "\(item)")
        }
        XCTAssertFalse(reply.text.contains("theirs"), reply.text)
        // Newest first
        let times = reply.items.compactMap { $0["at"] as? String }
        XCTAssertEqual(times, times.sorted(by: >))

        // And the same items keep their IDs on the next call
        XCTAssertEqual(try f.feed().items.compactMap { $0["id"] as? String }, reply.items.compactMap { $0["id"] as? String })
    }

    func testKindAndUnreadFiltersAndAnUnknownKindIsRefused() throws {
        // Given every kind seeded, and the chat item read
        let seeded = try seedBoth()
        let chatId = "chat:\(seeded.chat.conversationId):\(seeded.chat.messageId)"
        XCTAssertEqual(try f.call("POST", "/notifications/\(chatId)/read").status, 200)

        // When the feed is filtered by kind, by unread, and by a kind that does not exist
        let reviews = try f.feed("?kind=review").items
        let unread = try f.feed("?unread=true").items
        let bad = try f.call("GET", "/notifications?kind=reviews")

        // Then each answers only what it names
        XCTAssertEqual(reviews.compactMap { $0["kind"] as? String }, ["review"])
        XCTAssertEqual(unread.count, 6)
        XCTAssertFalse(unread.contains { $0["id"] as? String == chatId })
        XCTAssertEqual(bad.status, 400, bad.text)
        XCTAssertNotNil((bad.json["error"] as? [String: Any])?["fields"].flatMap { ($0 as? [String: Any])?["kind"] })
    }

    func testReadStateBelongsToEachMemberAndUnknownOrForeignIDsAre404() throws {
        // Given two admins of the first organization with write tokens, and every kind seeded
        let seeded = try seedBoth()
        let ann = try f.admin.person("ann@example.com", role: .admin)
        let bob = try f.admin.person("bob@example.com", role: .admin)
        let annToken = try f.admin.store.createToken(name: "ann", scope: .write, by: ann.session.actor).token
        let bobToken = try f.admin.store.createToken(name: "bob", scope: .write, by: bob.session.actor).token
        let reportId = "report:\(seeded.report.id)"

        // When Ann marks the report read, twice
        let first = try f.call("POST", "/notifications/\(reportId)/read", token: annToken)
        let again = try f.call("POST", "/notifications/\(reportId)/read", token: annToken)

        // Then it is read for Ann only, not for Bob nor for the operator token
        XCTAssertEqual(first.status, 200, first.text)
        XCTAssertEqual(first.json["read"] as? Bool, true)
        XCTAssertEqual(again.status, 200, again.text)
        let read = { (token: String) in
            try self.f.feed(token: token).items.first { $0["id"] as? String == reportId }?["read"] as? Bool
        }
        XCTAssertEqual(try read(annToken), true)
        XCTAssertEqual(try read(bobToken), false)
        XCTAssertEqual(try read(OperatorAPI.token), false)

        // And an unknown ID and the other organization's report are not found
        let theirs = try XCTUnwrap(
            try f.feed(token: f.otherToken).items.first { $0["kind"] as? String == "report" }?["id"] as? String)
        XCTAssertEqual(try f.call("POST", "/notifications/\(theirs)/read", token: annToken).status, 404)
        XCTAssertEqual(try f.call("POST", "/notifications/report:nope/read", token: annToken).status, 404)
        XCTAssertEqual(try f.call("POST", "/notifications/nothing/read", token: annToken).status, 404)

        // And a read token reads the feed but cannot mark an item
        let reader = try f.createToken(name: "reader", scope: "read")
        XCTAssertEqual(try f.call("GET", "/notifications", token: reader).status, 200)
        XCTAssertEqual(try f.call("POST", "/notifications/\(reportId)/read", token: reader).status, 403)
        let theirRead = try f.feed(token: f.otherToken).items.first { $0["id"] as? String == theirs }?["read"] as? Bool
        XCTAssertEqual(theirRead, false, "a foreign attempt marks nothing")
    }

    func testAKeywordFallingFourPositionsIsNoItemAndFiveIs() throws {
        // Given two tracked keywords, one 3 → 7 and one 3 → 8 from yesterday to today
        let at = NotificationFeedFixture.day(Date()) + "T00:05:00.000Z"
        try f.seedKeyword(f.projectId, id: "kw-four", term: "four", from: 3, to: 7, observedAt: at)
        try f.seedKeyword(f.projectId, id: "kw-five", term: "five", from: 3, to: 8, observedAt: at)

        // When the keyword items are read
        let items = try f.feed("?kind=keyword").items

        // Then only the five-position fall is listed
        XCTAssertEqual(items.compactMap { $0["id"] as? String }, ["keyword:kw-five:" + String(at.prefix(10))])
        XCTAssertEqual(items.first?["title"] as? String, "“five” (US) fell from #3 to #8")
    }

    func testAPlanWithoutTrackerAccessGetsNoTrackerItems() throws {
        // Given the first organization's ad seeded, and its plan moved to Free
        _ = try seedBoth()
        let id = try f.organizationId(token: OperatorAPI.token)
        XCTAssertEqual(try f.call("PATCH", "/organizations/\(id)", json: ["plan": "free"]).status, 200)

        // When the feed is read
        let reply = try f.feed()

        // Then there is no tracker item, and nothing is reported unavailable
        XCTAssertNil(byKind(reply.items)["tracker"], reply.text)
        XCTAssertEqual(reply.json["unavailable"] as? [String], [])
        XCTAssertEqual(byKind(reply.items)["chat"]?.count, 1)
    }

    func testADaemonThatIsDownIsNamedAndTheRestStillShow() throws {
        // Given every kind seeded, then asod stopped
        _ = try seedBoth()
        f.hub.stopDaemon(.asod)

        // When the feed is read
        let reply = try f.feed()

        // Then asod's sources (revenue among them) are named unavailable and the others are listed
        XCTAssertEqual(reply.json["unavailable"] as? [String], ["review", "keyword", "price-job", "revenue"])
        XCTAssertEqual(Set(reply.items.compactMap { $0["kind"] as? String }), ["chat", "report", "tracker"])
    }

    func testTheCleanupJobPrunesReadStateOlderThanNinetyDays() throws {
        // Given read rows of 91 and 89 days ago
        let db = f.admin.store.db
        let organizationId = try f.organizationId(token: OperatorAPI.token)
        for (item, days) in [("report:old", 91.0), ("report:recent", 89.0)] {
            try db.run(
                "INSERT INTO notification_reads (organization_id, reader, item_id, read_at) VALUES (?, 'token:t', ?, ?)",
                [.text(organizationId), .text(item), .text(NotificationFeedFixture.iso(Date().addingTimeInterval(-days * 86_400)))])
        }

        // When the cleanup job runs
        XCTAssertEqual(try f.call("POST", "/jobs/cleanup/run").status, 200)

        // Then only the row past 90 days is gone
        let left = try db.query("SELECT item_id FROM notification_reads").compactMap { $0.string("item_id") }
        XCTAssertEqual(left, ["report:recent"])
    }

    func testAnMRRChangeOfTenPercentDayOverDayIsAnItemAndNinePercentIsNot() throws {
        // Given two apps with consecutive daily snapshots: 100 → 110 (its provider time unknown)
        // and 100 → 109
        let second = try f.createProject(name: "Second")
        let now = Date()
        let (yesterday, today) = (NotificationFeedFixture.day(now.addingTimeInterval(-86_400)), NotificationFeedFixture.day(now))
        try f.seedRevenue(f.projectId, day: yesterday, mrr: 100, lastUpdatedAt: nil)
        try f.seedRevenue(f.projectId, day: today, mrr: 110, lastUpdatedAt: nil)
        try f.seedRevenue(second, day: yesterday, mrr: 100, lastUpdatedAt: nil)
        try f.seedRevenue(second, day: today, mrr: 109, lastUpdatedAt: nil)

        // When the revenue items are read
        let items = try f.feed("?kind=revenue").items

        // Then only the 10% change is listed, with no time since the source has none
        XCTAssertEqual(items.compactMap { $0["id"] as? String }, ["revenue:\(f.projectId):\(today)"])
        XCTAssertTrue(items.first?["at"] is NSNull, "\(items)")
        XCTAssertEqual(items.first?["title"] as? String, "MRR rose 10.0% to 110.00 USD")
    }
}
