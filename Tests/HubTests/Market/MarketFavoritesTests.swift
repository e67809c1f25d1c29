import Foundation
import XCTest

/// Favorites in folders: 50 folders and 1,000 favorites per kind, names 1–60 trimmed and
/// unique within the kind ignoring case.
final class MarketFavoritesTests: XCTestCase {
    var f: MarketHubFixture!

    override func setUpWithError() throws { f = try MarketHubFixture(limit: 5) }
    override func tearDown() { f?.shutdown() }

    func folder(_ name: String, kind: String = "app") throws -> HubReply {
        try f.call("POST", "/market/favorite-folders", json: ["kind": kind, "name": name])
    }

    func save(_ item: String, kind: String = "app", folderId: String? = nil) throws -> HubReply {
        var body: [String: Any] = ["kind": kind, "itemId": item, "storefront": "us"]
        if let folderId { body["folderId"] = folderId }
        return try f.call("POST", "/market/favorites", json: body)
    }

    func testFolderNamesAreTrimmedUniqueIgnoringCaseAndAtMostSixtyCharacters() throws {
        // When folders are created with edge-case names
        let created = try folder("  Competitors  ")
        let sameIgnoringCase = try folder("COMPETITORS")
        let otherKind = try folder("competitors", kind: "ad")
        let sixty = try folder(String(repeating: "x", count: 60))
        let sixtyOne = try folder(String(repeating: "x", count: 61))
        let blank = try folder("   ")

        // Then the name is stored trimmed, the case-insensitive repeat is refused within the kind only
        XCTAssertEqual(created.status, 201)
        XCTAssertEqual(created.json["name"] as? String, "Competitors")
        XCTAssertEqual(sameIgnoringCase.status, 409)
        XCTAssertEqual(sameIgnoringCase.code, "FOLDER_NAME_TAKEN")
        XCTAssertEqual(otherKind.status, 201)
        XCTAssertEqual(sixty.status, 201)
        XCTAssertEqual(sixtyOne.status, 400)
        XCTAssertNotNil(sixtyOne.fields["name"])
        XCTAssertEqual(blank.status, 400)
        // and a rename to a taken name is refused too
        let id = try XCTUnwrap(sixty.json["id"] as? String)
        XCTAssertEqual(try f.call("PATCH", "/market/favorite-folders/\(id)", json: ["name": "competitors "]).status, 409)
        XCTAssertEqual(try f.call("PATCH", "/market/favorite-folders/\(id)", json: ["name": "Rivals"]).json["name"] as? String, "Rivals")
    }

    func testFiftyFoldersPerKind() throws {
        // Given 50 app folders
        for i in 1...50 { XCTAssertEqual(try folder("Folder \(i)").status, 201) }

        // When a 51st is created, and one of another kind
        let over = try folder("Folder 51")
        let ad = try folder("Folder 51", kind: "ad")

        // Then only the kind at its limit refuses
        XCTAssertEqual(over.status, 409)
        XCTAssertEqual(over.code, "FOLDER_LIMIT")
        XCTAssertEqual(ad.status, 201)
    }

    func testAThousandFavoritesPerKindAndDeletingAFolderKeepsItsItems() throws {
        // Given a folder holding one favorite, and 999 others of the same kind
        let folderId = try XCTUnwrap(try folder("Later").json["id"] as? String)
        XCTAssertEqual(try save("first", folderId: folderId).status, 201)
        let db = f.marketDB
        let org = try XCTUnwrap(db.scalar("SELECT organization_id FROM favorites").stringValue)
        try db.transaction {
            for i in 1..<1_000 {
                try db.run(
                    "INSERT INTO favorites (id, organization_id, kind, item_id, storefront, created_at) VALUES (?, ?, 'app', ?, 'us', ?)",
                    [.text("seed-\(i)"), .text(org), .text("item-\(i)"), .text("2026-11-20T00:00:00.000Z")])
            }
        }

        // When a 1,001st app and a first keyword search are saved, and the first is saved again
        let over = try save("one-too-many")
        let keyword = try save("meditation", kind: "keyword_search")
        let again = try save("first")

        // Then the app kind is full, the other kind is not, and saving again moves it to All
        XCTAssertEqual(over.status, 409)
        XCTAssertEqual(over.code, "FAVORITES_LIMIT")
        XCTAssertEqual(keyword.status, 201)
        XCTAssertEqual(again.status, 200)
        XCTAssertTrue(again.json["folderId"] is NSNull)

        // And deleting a folder keeps its items in All
        XCTAssertEqual(try save("first", folderId: folderId).json["folderId"] as? String, folderId)
        XCTAssertEqual(try f.call("DELETE", "/market/favorite-folders/\(folderId)").json["removed"] as? Bool, true)
        let all = try f.call("GET", "/market/favorites?kind=app")
        XCTAssertEqual(all.items.count, 1_000)
        XCTAssertTrue(all.items.contains { $0["itemId"] as? String == "first" && $0["folderId"] is NSNull })
        XCTAssertEqual(try f.call("GET", "/market/favorites?kind=app&folderId=\(folderId)").status, 404)
        XCTAssertEqual(try f.call("GET", "/market/favorites").status, 400)
    }
}
