import XCTest

@testable import HubMessaging
@testable import HubRuntime
@testable import IngestService

/// The app profile CSV is written by the shared `CSVWriter`: the same neutralization as every
/// other export, and the shared reader reads it back.
final class MarketProfileCSVTests: XCTestCase {
    func testFormulaLikeFactsAreNeutralizedByTheOneRuleAndReadBack() throws {
        // Given a profile whose store text starts like formulas, including a number and a tab
        var app = MarketAppSummary(
            adamId: "1000000003", slug: "trails", name: "=HYPERLINK(\"http://x\",\"Trails\")",
            firstSeenAt: "2026-11-20T10:00:00.000Z", lastSeenAt: "2026-11-21T10:00:00.000Z")
        app.developerName = "-Trail Works, Inc"
        app.price = -1.5
        var listing = MarketAppProfile.Listing()
        listing.description = "\tIndented,\r\nsecond line"
        let profile = MarketAppProfile(
            app: app, listing: listing, estimates: [],
            chartHistory: .init(storefront: "us", chart: "topfreeapplications", points: []), activeAds: [])

        // When it is rendered as CSV
        let csv = MarketProfileCSV.render(profile)

        // Then every such cell has the apostrophe, the number too, and the records end in CRLF
        XCTAssertTrue(csv.contains("\r\napp,name,\"'=HYPERLINK(\"\"http://x\"\",\"\"Trails\"\")\",,,,,,\r\n"), csv)
        XCTAssertTrue(csv.contains("\r\napp,developerName,\"'-Trail Works, Inc\",,,,,,\r\n"), csv)
        XCTAssertTrue(csv.contains("\r\napp,price,'-1.5,,,,,,\r\n"), csv)
        XCTAssertTrue(csv.contains("\r\napp,description,\"'\tIndented,\r\nsecond line\",,,,,,\r\n"), csv)
        // And the shared reader, restoring, gives back the facts as they were
        let reader = CSVReader(limits: .init(bytes: 100_000, records: 100, fieldsPerRecord: 9), restoresNeutralizedFields: true)
        let records = try reader.records(in: csv)
        XCTAssertEqual(
            records.first?.fields,
            [
                "section", "field", "value", "label", "source", "storefront", "periodStart", "periodEnd",
                "observedAt",
            ])
        let facts = Dictionary(records.dropFirst().map { ($0.fields[1], $0.fields[2]) }, uniquingKeysWith: { first, _ in first })
        XCTAssertEqual(facts["name"], app.name)
        XCTAssertEqual(facts["developerName"], app.developerName)
        XCTAssertEqual(facts["price"], "-1.5")
        XCTAssertEqual(facts["description"], listing.description)
    }
}
