import Foundation
import XCTest

/// Import of market records as JSON lines: validation, idempotency by record ID, and
/// missing estimates kept missing.
final class MarketRecordsImportTests: XCTestCase {
    var f: MarketHubFixture!

    override func setUpWithError() throws { f = try MarketHubFixture(limit: 5) }
    override func tearDown() { f?.shutdown() }

    func testAReimportWithTheSameIDsChangesNothingAndOtherContentIsAConflict() throws {
        // Given two imported records
        let records = [
            MarketHubFixture.estimate("e1", app: 1, value: 10, start: "2026-10-01", end: "2026-10-31"),
            MarketHubFixture.estimate("e2", app: 1, value: nil, start: "2026-09-01", end: "2026-09-30"),
        ]
        XCTAssertEqual(try f.importRecords(records).json["imported"] as? Int, 2)

        // When the same batch comes again, then one of them with another value
        let again = try f.importRecords(records)
        var changed = records
        changed[1]["value"] = 5
        let conflict = try f.importRecords(
            [MarketHubFixture.estimate("e3", app: 1, value: 1, start: "2026-08-01", end: "2026-08-31")]
                + changed)

        // Then the repeat is unchanged, and the conflicting batch writes nothing
        XCTAssertEqual(again.json["imported"] as? Int, 0)
        XCTAssertEqual(again.json["unchanged"] as? Int, 2)
        XCTAssertEqual(conflict.status, 409)
        XCTAssertEqual(conflict.code, "RECORD_CONFLICT")
        XCTAssertEqual(try f.marketDB.scalar("SELECT count(*) FROM records").intValue, 2)
        XCTAssertTrue(try f.marketDB.scalar("SELECT value FROM estimates WHERE record_id = 'e2'").isNull, "missing stays null")
    }

    func testEveryInvalidFieldIsNamedByLineAndNothingIsWritten() throws {
        // Given a batch with one good line and several bad ones
        let reply = try f.importRecords([
            MarketHubFixture.estimate("ok", app: 1, value: 1, start: "2026-10-01", end: "2026-10-31"),
            [
                "id": "x1", "kind": "estimate", "adamId": "1000000001", "metric": "sales", "source": "s", "storefront": "us",
                "periodStart": "2026-10-31", "periodEnd": "2026-10-01", "observedAt": "yesterday",
            ],
            ["id": "bad id!", "kind": "banner", "adamId": "abc"],
            ["id": "x3", "kind": "flow", "adamId": "1", "flowType": "checkout", "published": "yes"],
            ["id": "ok", "kind": "ad", "adamId": "1", "platform": "meta", "active": true],
        ])

        // Then each problem is reported under its line and field
        XCTAssertEqual(reply.status, 400)
        let fields = reply.fields
        for key in [
            "lines[1].metric", "lines[1].value", "lines[1].periodEnd", "lines[1].observedAt", "lines[2].id",
            "lines[2].kind", "lines[2].adamId", "lines[3].flowType", "lines[3].published", "lines[4].id",
        ] {
            XCTAssertNotNil(fields[key], "\(key) in \(fields)")
        }
        XCTAssertNil(fields["lines[0].id"])
        XCTAssertEqual(try f.marketDB.scalar("SELECT count(*) FROM records").intValue, 0)
    }

    func testTheBodyMustBeJSONLines() throws {
        // When a JSON array is sent as application/json
        let response = try f.call("POST", "/market/records", json: [["id": "a"]])

        // Then it is refused as the wrong media type
        XCTAssertEqual(response.status, 415)
    }
}
