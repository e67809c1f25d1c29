import Foundation
import XCTest

@testable import HubRuntime
@testable import HubStore
@testable import IngestService

/// ingest, chatd, asod and marketd in this process, and two organizations (the operator's
/// `default` and `other`), each with one app. Sources are seeded where their owner keeps them:
/// chats and reports through the SDK routes, reviews, keyword ranks and price jobs in asod's
/// store, AppTracker events (an ad and a watched app) in marketd's store.
final class NotificationFeedFixture: OperatorAPIClient {
    let hub: HubHarness
    let admin: AdminClient
    let otherToken: String
    let projectId: String
    let otherProjectId: String
    private var appIds: [String: String] = [:]

    init() throws {
        hub = try HubHarness(
            environment: OperatorAPI.environment([
                "APPNORTH_RPC_TIMEOUT_MS": "2000", "APPNORTH_ASO_INTERVAL_S": "0", "APPNORTH_MARKET_INTERVAL_S": "0",
            ]))
        try hub.start([.ingest, .chatd, .asod, .marketd])
        admin = AdminClient(hub: hub)
        otherToken = try hub.createOrganization(slug: "other")
        let mine = try hub.newProject(name: "Mine", chatMode: "anyone")
        let theirs = try hub.newProject(name: "Theirs", chatMode: "anyone", token: otherToken)
        (projectId, otherProjectId) = (mine.id, theirs.id)
        appIds = [mine.id: mine.appId, theirs.id: theirs.appId]
    }

    func shutdown() { hub.shutdown() }

    var asodDB: SQLiteDatabase { hub.daemons[.asod]!.context.store }
    var marketDB: SQLiteDatabase { hub.daemons[.marketd]!.context.store }

    static func iso(_ date: Date) -> String { ISOTime.format(date) }
    static func day(_ date: Date) -> String { String(ISOTime.format(date).prefix(10)) }

    /// The feed as `token` sees it.
    func feed(_ query: String = "", token: String = OperatorAPI.token) throws -> HubReply {
        let reply = try call("GET", "/notifications" + query, token: token)
        XCTAssertEqual(reply.status, 200, reply.text)
        return reply
    }

    // MARK: Seeding

    /// A user message through the SDK route; its ID and time.
    func seedChat(_ project: String, body: String) throws -> (conversationId: String, messageId: String, at: String) {
        let url = PublicAPI.prefix + "/chat/messages?app_id=\(appIds[project]!)&voter_token=\(PublicAPI.voterToken)"
        let sent = try hub.request("POST", url, json: ["body": body])
        XCTAssertEqual(sent.status, 201, sent.text)
        let token = project == projectId ? OperatorAPI.token : otherToken
        let listed = try call("GET", "/projects/\(project)/conversations", token: token)
        return (
            try XCTUnwrap(listed.items.first?["id"] as? String), try XCTUnwrap(sent.json["id"] as? String),
            try XCTUnwrap(sent.json["createdAt"] as? String)
        )
    }

    /// A report through the SDK route; its ID and time.
    func seedReport(_ project: String, message: String) throws -> (id: String, at: String) {
        let url = PublicAPI.prefix + "/feedback?app_id=\(appIds[project]!)"
        let body: [String: Any] = [
            "type": "problem", "message": message, "pageURL": "https://app.example.com/settings",
            "viewport": ["width": 390, "height": 844],
        ]
        let sent = try hub.request("POST", url, headers: [("Origin", PublicAPI.origin)], json: body)
        XCTAssertEqual(sent.status, 201, sent.text)
        let id = try XCTUnwrap(sent.json["id"] as? String)
        let at = try XCTUnwrap(admin.store.db.scalar("SELECT created_at FROM feedback WHERE id = ?", [.text(id)]).stringValue)
        return (id, at)
    }

    func seedReview(_ project: String, id: String, rating: Int, territory: String, title: String, at: String) throws {
        try asodDB.run(
            """
            INSERT INTO asc_reviews (project_id, review_id, organization_id, app_store_id, rating, title, body, territory, created_at, synced_at)
            VALUES (?, ?, 'org', '123', ?, ?, 'Body', ?, ?, ?)
            """, [.text(project), .text(id), .int(Int64(rating)), .text(title), .text(territory), .text(at), .text(at)])
    }

    /// A tracked keyword with a rank yesterday and today (observed at `observedAt`).
    func seedKeyword(_ project: String, id: String, term: String, from previous: Int, to rank: Int, observedAt: String) throws {
        let now = Date()
        let today = NotificationFeedFixture.day(now)
        let yesterday = NotificationFeedFixture.day(now.addingTimeInterval(-86_400))
        try asodDB.run(
            """
            INSERT INTO tracked_keywords (id, organization_id, project_id, app_store_id, term, country, created_at)
            VALUES (?, 'org', ?, '123', ?, 'us', ?)
            """, [.text(id), .text(project), .text(term), .text(observedAt)])
        for (day, value, at) in [(yesterday, previous, yesterday + "T06:00:00.000Z"), (today, rank, observedAt)] {
            try asodDB.run(
                """
                INSERT INTO observations (term, country, day, source, observed_at, result_count, results)
                VALUES (?, 'us', ?, 'itunes', ?, 0, '[]') ON CONFLICT DO NOTHING
                """, [.text(term), .text(day), .text(at)])
            let observation = try XCTUnwrap(
                asodDB.scalar("SELECT id FROM observations WHERE term = ? AND day = ?", [.text(term), .text(day)]).int64Value)
            try asodDB.run(
                "INSERT INTO keyword_ranks (keyword_id, day, observed_at, rank, observation_id) VALUES (?, ?, ?, ?, ?)",
                [.text(id), .text(day), .text(at), .int(Int64(value)), .int(observation)])
        }
    }

    /// A price job of two territories whose last item changed at `at`.
    func seedPriceJob(_ project: String, id: String, states: [String], at: String) throws {
        try asodDB.run(
            """
            INSERT INTO price_jobs (id, organization_id, project_id, app_store_id, product_id, preserve_current, created_at)
            VALUES (?, 'org', ?, '123', 'pro.monthly', 1, ?)
            """, [.text(id), .text(project), .text(at)])
        for (index, state) in states.enumerated() {
            try asodDB.run(
                """
                INSERT INTO price_job_items (job_id, territory, target_point_id, position, state, updated_at)
                VALUES (?, ?, 'p1', ?, ?, ?)
                """, [.text(id), .text(["USA", "DEU", "FRA"][index]), .int(Int64(index)), .text(state), .text(at)])
        }
    }

    /// A RevenueCat snapshot of `project` for `day`, as the revenue job stores one.
    func seedRevenue(_ project: String, day: String, mrr: Double, lastUpdatedAt: String?) throws {
        try asodDB.run(
            """
            INSERT INTO revenue_snapshots (project_id, day, rc_project_id, currency, last_updated_at, mrr, metrics_json, synced_at)
            VALUES (?, ?, 'rc1', 'USD', ?, ?, '{}', ?)
            """, [.text(project), .text(day), SQLValue(lastUpdatedAt), .double(mrr), .text(day + "T01:00:00.000Z")])
    }

    /// An ad first seen at `at` for app `adamId`, which `organizationId` watches.
    func seedTrackerAd(organizationId: String, adamId: String, name: String, recordId: String, at: String) throws {
        try marketDB.run(
            "INSERT OR IGNORE INTO apps (adam_id, slug, name, first_seen_at, last_seen_at) VALUES (?, ?, ?, ?, ?)",
            [.text(adamId), .text("app-" + adamId), .text(name), .text(at), .text(at)])
        try marketDB.run(
            "INSERT INTO records (id, kind, adam_id, payload_hash, imported_at) VALUES (?, 'ad', ?, 'h', ?)",
            [.text(recordId), .text(adamId), .text(at)])
        try marketDB.run(
            "INSERT INTO ads (record_id, adam_id, platform, first_seen_at, active) VALUES (?, ?, 'meta', ?, 1)",
            [.text(recordId), .text(adamId), .text(at)])
        try marketDB.run(
            "INSERT OR IGNORE INTO watchlist (organization_id, adam_id, created_at) VALUES (?, ?, ?)",
            [.text(organizationId), .text(adamId), .text(at)])
    }
}
