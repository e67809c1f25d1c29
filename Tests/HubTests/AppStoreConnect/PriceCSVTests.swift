import Foundation
import XCTest

@testable import IngestService

/// CSV export and import of a preview: validated against Apple's current catalog.
final class PriceCSVTests: XCTestCase {
    private var fixture: ASCFixture!
    private var admin: AdminClient { fixture.admin }
    private var projectId: String!

    override func setUpWithError() throws {
        let app: [String: Any] = [
            "id": "1450000001", "name": "Trails", "bundleId": "com.example.trails",
            "subscriptionGroups": [
                [
                    "id": "g1",
                    "subscriptions": [
                        [
                            "id": "sub1", "name": "Pro Monthly", "productId": "pro.monthly",
                            "currentPoints": ["USA": "usa-399", "GBR": "gbr-349"],
                        ]
                    ],
                ]
            ],
        ]
        let usa = [["usa-399", "3.99", "2.79"], ["usa-499", "4.99", "3.49"]]
        let gbr = [["gbr-349", "3.49", "2.44"], ["gbr-399", "3.99", "2.79"]]
        fixture = try ASCFixture(apps: [app], environment: ["APPNORTH_PRICES_INTERVAL_S": "0"])
        try fixture.controlPost(
            "/__control/state",
            [
                "keys": [ASCFixture.keyId: ["issuer": ASCFixture.issuer, "publicKeyPem": fixture.key.publicKeyPEM]], "apps": [app],
                "pricePoints": ["sub1": ["USA": usa, "GBR": gbr]],
            ])
        projectId = try XCTUnwrap(fixture.connectAndImport(["1450000001"]).first)
    }

    override func tearDown() { fixture?.shutdown() }

    func testAnExportedPreviewImportsBackUntilApplesPricesMove() throws {
        // Given a preview exported as CSV
        let preview = try admin.call(
            "POST", "/projects/\(projectId!)/prices/preview",
            json: [
                "productId": "sub1", "kind": "subscription", "territories": ["GBR"], "strategy": "purchasing_power", "basePrice": 4.99,
            ])
        let previewId = try XCTUnwrap(preview.json["previewId"] as? String)
        let exported = try admin.call("GET", "/projects/\(projectId!)/prices/previews/\(previewId)/csv")
        XCTAssertEqual(exported.status, 200)
        let csv = exported.text
        XCTAssertTrue(csv.hasPrefix("product_id,product_kind,territory,current_point_id,proposed_point_id,proposed_price\r\n"), csv)
        XCTAssertTrue(csv.contains("\r\nsub1,subscription,GBR,gbr-349,gbr-399,3.99\r\n"), csv)
        // When it is imported while Apple still matches
        let imported = try admin.call("POST", "/projects/\(projectId!)/prices/import", json: ["csv": csv])
        // Then it becomes a stored preview a job can be submitted from
        XCTAssertEqual(imported.status, 201, "\(imported.json)")
        XCTAssertEqual((imported.json["preview"] as? [String: Any])?["strategy"] as? String, "csv_import")
        let job = try admin.call("POST", "/projects/\(projectId!)/prices/jobs", json: ["previewId": imported.json["previewId"] as Any])
        XCTAssertEqual(job.status, 201, "\(job.json)")
        // When Apple's price moves (the job is run) and the old file is imported again
        XCTAssertEqual(try admin.call("POST", "/jobs/prices/run").status, 200)
        let stale = try admin.call("POST", "/projects/\(projectId!)/prices/import", json: ["csv": csv])
        // Then it is STALE_CSV, naming the row
        XCTAssertEqual(stale.status, 409)
        XCTAssertEqual(stale.code, "STALE_CSV")
        XCTAssertNotNil(stale.fields["row 2"] ?? stale.fields["row 3"])
        // And a point Apple does not offer, or a wrong header, is INVALID_CSV
        let header = "product_id,product_kind,territory,current_point_id,proposed_point_id,proposed_price"
        let bogus = try admin.call(
            "POST", "/projects/\(projectId!)/prices/import",
            json: ["csv": header + "\nsub1,subscription,USA,usa-499,usa-999,9.99\n"])
        XCTAssertEqual(bogus.code, "INVALID_CSV")
        XCTAssertEqual(
            try admin.call("POST", "/projects/\(projectId!)/prices/import", json: ["csv": "a,b\n1,2"]).code,
            "INVALID_CSV")
    }

    func testIDsThatNeedQuotesOrNeutralizationImportBackExactly() throws {
        // Given Apple point IDs a spreadsheet would run as formulas, or split at a comma or quote
        let current = "-gbr,349"
        let proposed = "=gbr\"399\""
        let usaPoint = "@usa-399"
        try fixture.controlPost(
            "/__control/state",
            [
                "keys": [ASCFixture.keyId: ["issuer": ASCFixture.issuer, "publicKeyPem": fixture.key.publicKeyPEM]],
                "apps": [
                    [
                        "id": "1450000001", "name": "Trails", "bundleId": "com.example.trails",
                        "subscriptionGroups": [
                            [
                                "id": "g1",
                                "subscriptions": [
                                    [
                                        "id": "sub1", "name": "Pro Monthly", "productId": "pro.monthly",
                                        "currentPoints": ["USA": usaPoint, "GBR": current],
                                    ]
                                ],
                            ]
                        ],
                    ]
                ],
                "pricePoints": [
                    "sub1": ["USA": [[usaPoint, "3.99", "2.79"]], "GBR": [[current, "3.49", "2.44"], [proposed, "3.99", "2.79"]]]
                ],
            ])
        let preview = try admin.call(
            "POST", "/projects/\(projectId!)/prices/preview",
            json: [
                "productId": "sub1", "kind": "subscription", "territories": ["GBR"], "strategy": "purchasing_power", "basePrice": 4.99,
            ])
        let previewId = try XCTUnwrap(preview.json["previewId"] as? String, "\(preview.json)")

        // When the preview is exported
        let exported = try admin.call("GET", "/projects/\(projectId!)/prices/previews/\(previewId)/csv")
        let csv = exported.text
        // Then the IDs are neutralized and quoted by the one rule, each record ending in CRLF
        XCTAssertEqual(exported.status, 200)
        XCTAssertTrue(csv.hasSuffix("\r\nsub1,subscription,GBR,\"'-gbr,349\",\"'=gbr\"\"399\"\"\",3.99\r\n"), csv)

        // When the file is imported as exported, and as a spreadsheet saves it (byte order mark, LF line ends)
        let imported = try admin.call("POST", "/projects/\(projectId!)/prices/import", json: ["csv": csv])
        let resaved = try admin.call(
            "POST", "/projects/\(projectId!)/prices/import",
            json: ["csv": "\u{FEFF}" + csv.replacingOccurrences(of: "\r\n", with: "\n")])
        // Then both read back exactly the IDs that were exported: Apple still matches, and each proposal keeps its point
        for answer in [imported, resaved] {
            XCTAssertEqual(answer.status, 201, "\(answer.json)")
            let proposals = (answer.json["preview"] as? [String: Any])?["proposals"] as? [[String: Any]] ?? []
            let points = proposals.reduce(into: [String: String]()) {
                $0[$1["territory"] as? String ?? ""] = ($1["point"] as? [String: Any])?["id"] as? String
            }
            XCTAssertEqual(points, ["USA": usaPoint, "GBR": proposed], "\(answer.json)")
        }
    }

    func testMalformedOrOversizedFilesAreInvalidNamingTheRow() throws {
        let header = "product_id,product_kind,territory,current_point_id,proposed_point_id,proposed_price"
        // Given a quoted field that never closes on line 3, a row with a seventh field, and 201 rows
        let open = header + "\r\nsub1,subscription,USA,usa-399,usa-499,4.99\r\nsub1,subscription,GBR,\"gbr-349,gbr-399,3.99\r\n"
        let wide = header + "\nsub1,subscription,USA,usa-399,usa-499,4.99,x\n"
        let row = "sub1,subscription,USA,usa-399,usa-499,4.99\n"
        // When each is imported
        let answers = try [
            open, wide, header + "\n" + String(repeating: row, count: 200), header + "\n" + String(repeating: row, count: 201),
        ]
        .map { try admin.call("POST", "/projects/\(projectId!)/prices/import", json: ["csv": $0]) }
        // Then each is INVALID_CSV naming the line, or the row limit; 200 rows pass the reader (and fail later: one territory repeated)
        XCTAssertEqual(answers.map { $0.code }, ["INVALID_CSV", "INVALID_CSV", "INVALID_CSV", "INVALID_CSV"])
        XCTAssertEqual(answers[0].fields["row 3"], ["a quoted field is not closed"], "\(answers[0].json)")
        XCTAssertEqual(answers[1].fields["row 2"], ["more than 6 fields"], "\(answers[1].json)")
        XCTAssertEqual(Set(answers[2].fields.keys), ["territory"], "\(answers[2].json)")
        XCTAssertEqual(answers[3].fields["rows"], ["must be 1-200"], "\(answers[3].json)")
    }
}
