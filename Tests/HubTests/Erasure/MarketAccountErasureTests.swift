import Foundation
import XCTest

@testable import HubMessaging
@testable import HubRuntime
@testable import HubStore
@testable import MarketService

/// marketd's part of an account erasure (`erasure.organization`): two organizations' watchlists,
/// favorites, folders and profile-read counters; erasing one leaves no row naming it, the
/// other's stay, and the global market catalog stays.
final class MarketAccountErasureTests: XCTestCase {
    var hub: HubHarness!
    var client: RPCClient!

    override func setUpWithError() throws {
        hub = try HubHarness()
        try hub.start([.marketd])
        client = try hub.client(of: .marketd)
    }

    override func tearDown() {
        client?.close()
        hub?.shutdown()
    }

    var db: SQLiteDatabase { hub.daemons[.marketd]!.context.store }

    func insert(_ table: String, _ values: KeyValuePairs<String, SQLValue>) throws { try StoreTextScan.insert(db, table, values) }

    func seed(_ tag: String) throws -> ErasureSubject {
        let org = SQLValue.text("org_\(tag)")
        let at = SQLValue.text("2026-11-20T10:00:00.000Z")
        try insert("watchlist", ["organization_id": org, "adam_id": "111", "note": .text("rival of \(tag)"), "created_at": at])
        try insert(
            "favorite_folders",
            [
                "id": .text("fold_\(tag)"), "organization_id": org, "kind": "app", "name": .text("Ideas \(tag)"),
                "name_key": .text("ideas \(tag)"), "created_at": at,
            ])
        try insert(
            "favorites",
            [
                "id": .text("fav_\(tag)"), "organization_id": org, "kind": "app", "item_id": "111", "storefront": "us",
                "folder_id": .text("fold_\(tag)"), "created_at": at,
            ])
        try insert("profile_reads", ["organization_id": org, "day": "2026-11-20", "count": 2])
        return .organization("org_\(tag)", projectIds: ["prj_\(tag)"])
    }

    func testErasingAnOrganizationLeavesNoneOfItsListsAndKeepsTheOthersAndTheCatalog() throws {
        // Given an app in the global catalog, and two organizations' lists
        try insert(
            "apps",
            [
                "adam_id": "111", "slug": "photo-app", "name": "Photo App", "first_seen_at": "2026-11-20T10:00:00.000Z",
                "last_seen_at": "2026-11-20T10:00:00.000Z",
            ])
        let subject = try seed("acmegone")
        _ = try seed("bettykept")
        let before = try StoreTextScan.rows(db, holding: ["bettykept"])
        XCTAssertEqual(
            Set(try StoreTextScan.rows(db, holding: ["acmegone"]).keys), ["watchlist", "favorite_folders", "favorites", "profile_reads"])

        // When marketd is asked to erase the first
        let report = try client.call(ErasureOrganization.self, ErasureApplyRequest(erasureId: "era_1", subject: subject), timeout: 5).get()

        // Then none of its rows stay, each kind counted, and the other's lists and the catalog are untouched
        XCTAssertEqual(try StoreTextScan.rows(db, holding: ["acmegone"]), [:])
        XCTAssertEqual(report.erased, ["watchlist": 1, "favorites": 1, "favoriteFolders": 1, "profileReads": 1])
        XCTAssertEqual(try StoreTextScan.rows(db, holding: ["bettykept"]), before)
        XCTAssertEqual(try db.scalar("SELECT COUNT(*) FROM apps").int64Value, 1)
    }
}
