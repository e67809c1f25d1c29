import Foundation
import XCTest

@testable import ASOService
@testable import HubMessaging
@testable import HubRuntime
@testable import HubStore

/// asod's part of an account erasure (`erasure.organization`): two organizations' App Store
/// Connect and RevenueCat connections, reviews, keywords, rank history, publish log, price
/// previews and jobs, quota and review drafts spent seeded into every table of asod.sqlite that names one; erasing
/// one leaves no row naming it, the other's stay, and the App Store's public data stays.
final class ASOAccountErasureTests: XCTestCase {
    var hub: HubHarness!
    var client: RPCClient!

    /// Tables of the App Store's public data (searches, listings, ratings), shared by everyone.
    let shared: Set<String> = ["observations", "observation_apps", "app_listings", "rating_observations"]

    override func setUpWithError() throws {
        hub = try HubHarness()
        try hub.start([.asod])
        client = try hub.client(of: .asod)
    }

    override func tearDown() {
        client?.close()
        hub?.shutdown()
    }

    var db: SQLiteDatabase { hub.daemons[.asod]!.context.store }

    func insert(_ table: String, _ values: KeyValuePairs<String, SQLValue>) throws { try StoreTextScan.insert(db, table, values) }

    /// Everything asod holds of organization `tag` and its app: every value it writes holds the tag.
    func seed(_ tag: String, observation: Int64) throws -> ErasureSubject {
        let (org, project) = (SQLValue.text("org_\(tag)"), SQLValue.text("prj_\(tag)"))
        let at = SQLValue.text("2026-11-20T10:00:00.000Z")
        try insert("quota_usage", ["organization_id": org, "day": "2026-11-20", "used": 3])
        try insert("review_draft_usage", ["organization_id": org, "month": "2026-11", "used": 2])
        try insert(
            "keyword_groups",
            ["id": .text("grp_\(tag)"), "organization_id": org, "project_id": project, "concept": .text("\(tag) words"), "created_at": at])
        try insert(
            "tracked_keywords",
            [
                "id": .text("kw_\(tag)"), "organization_id": org, "project_id": project, "app_store_id": "123",
                "term": .text("\(tag) tracker"), "country": "us", "group_id": .text("grp_\(tag)"), "created_at": at,
            ])
        try insert(
            "keyword_ranks",
            ["keyword_id": .text("kw_\(tag)"), "day": "2026-11-20", "observed_at": at, "rank": 4, "observation_id": .int(observation)])
        try insert(
            "asc_connections",
            [
                "organization_id": org, "connection_id": .text("asc_\(tag)"), "issuer_id": "issuer", "key_id": "KEY",
                "sealed_key": .text("sealed-p8-\(tag)"), "app_count": 1, "connected_at": at, "verified_at": at,
            ])
        try insert(
            "asc_reviews",
            [
                "project_id": project, "review_id": "r1", "organization_id": org, "app_store_id": "123", "rating": 2,
                "title": .text("Broken \(tag)"), "body": "crashes", "reviewer_nickname": .text("nick_\(tag)"), "created_at": at,
                "synced_at": at,
            ])
        try insert(
            "metadata_publish_log",
            [
                "id": .text("pub_\(tag)"), "organization_id": org, "project_id": project, "locale": "en-US", "result": "ok",
                "requested": .text(#"{"subtitle":"\#(tag)"}"#), "published": "[]", "failed": "[]", "actor": .text("mem_\(tag)"),
                "created_at": at,
            ])
        try insert(
            "price_previews",
            [
                "id": .text("pp_\(tag)"), "organization_id": org, "project_id": project, "product_id": "p1", "request": "{}",
                "preview": "{}", "created_at": at,
            ])
        try insert(
            "price_jobs",
            [
                "id": .text("pj_\(tag)"), "organization_id": org, "project_id": project, "app_store_id": "123", "product_id": "p1",
                "preserve_current": 0, "created_at": at,
            ])
        try insert(
            "price_job_items",
            [
                "job_id": .text("pj_\(tag)"), "territory": "USA", "target_point_id": "pt", "position": 0, "state": "pending",
                "updated_at": at,
            ])
        try insert(
            "revenue_connections",
            [
                "project_id": project, "organization_id": org, "connection_id": .text("rc_\(tag)"), "rc_project_id": "rcp",
                "rc_project_name": .text("RC \(tag)"), "sealed_key": .text("sealed-sk-\(tag)"), "connected_at": at, "verified_at": at,
            ])
        try insert(
            "revenue_snapshots",
            ["project_id": project, "day": "2026-11-20", "rc_project_id": "rcp", "metrics_json": "{}", "synced_at": at])
        return .organization("org_\(tag)", projectIds: ["prj_\(tag)"])
    }

    func testErasingAnOrganizationLeavesNoneOfItsRowsAndKeepsTheOthersAndThePublicData() throws {
        // Given one shared search observation, and two organizations with rows in every table naming one
        try insert(
            "observations",
            [
                "id": 1, "term": "photo", "country": "us", "day": "2026-11-20", "source": "search",
                "observed_at": "2026-11-20T10:00:00.000Z", "result_count": 0, "results": "[]",
            ])
        let subject = try seed("acmegone", observation: 1)
        _ = try seed("bettykept", observation: 1)
        let before = try StoreTextScan.rows(db, holding: ["bettykept"])
        XCTAssertEqual(
            Set(try StoreTextScan.rows(db, holding: ["acmegone"]).keys), try StoreTextScan.tables(db).subtracting(shared),
            "the seed reaches every table but the public data")

        // When asod is asked to erase the first
        let report = try client.call(ErasureOrganization.self, ErasureApplyRequest(erasureId: "era_1", subject: subject), timeout: 5).get()

        // Then no row names it, and the report counts each kind
        XCTAssertEqual(try StoreTextScan.rows(db, holding: ["acmegone"]), [:])
        XCTAssertEqual(
            report.erased,
            [
                "quotaUsage": 1, "keywordGroups": 1, "trackedKeywords": 1, "rankHistory": 1, "appStoreConnections": 1, "reviews": 1,
                "metadataPublishLog": 1, "pricePreviews": 1, "priceJobs": 1, "priceJobItems": 1, "revenueConnections": 1,
                "revenueSnapshots": 1, "reviewDraftUsage": 1,
            ])
        // And the other organization's rows and the shared observation stay
        XCTAssertEqual(try StoreTextScan.rows(db, holding: ["bettykept"]), before)
        XCTAssertEqual(try db.scalar("SELECT COUNT(*) FROM observations").int64Value, 1)
    }
}
