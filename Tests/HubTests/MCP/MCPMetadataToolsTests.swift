import Foundation
import XCTest

@testable import IngestService

/// The metadata tools (get_metadata, get_metadata_suggestions, update_metadata,
/// get_localization_plan) over the operator API's metadata routes, against the fake App Store
/// Connect, with the fake iTunes provider for keyword candidates.
final class MCPMetadataToolsTests: XCTestCase {
    var fixture: ASCFixture!
    var itunes: ASOFakeITunes!
    var app: String!

    static let keywords = "hiking,gps,maps"

    static var ascApp: [String: Any] {
        [
            "id": "1450000001", "name": "Trails", "bundleId": "com.example.trails",
            "versions": [
                [
                    "id": "v1", "versionString": "2.1", "appStoreState": "PREPARE_FOR_SUBMISSION",
                    "localizations": [
                        [
                            "id": "vl-en", "locale": "en-US", "keywords": keywords, "promotionalText": "Summer update",
                            "description": "Find trails near you.", "whatsNew": "Bug fixes",
                        ],
                        ["id": "vl-de", "locale": "de-DE", "description": "Wanderwege in deiner Nähe."],
                    ],
                ]
            ],
            "appInfos": [
                [
                    "id": "ai1", "state": "PREPARE_FOR_SUBMISSION",
                    "localizations": [
                        ["id": "il-en", "locale": "en-US", "name": "Trails", "subtitle": "Hiking maps offline"],
                        ["id": "il-de", "locale": "de-DE", "name": "Trails"],
                    ],
                ]
            ],
        ]
    }

    override func setUpWithError() throws {
        itunes = try ASOFakeITunes()
        fixture = try ASCFixture(
            apps: [MCPMetadataToolsTests.ascApp],
            environment: ["APPNORTH_ITUNES_URL": itunes.baseURL, "APPNORTH_ASO_INTERVAL_S": "0", "APPNORTH_ASO_CALLS_PER_MIN": "0"])
        app = try XCTUnwrap(fixture.connectAndImport(["1450000001"]).first)
    }

    override func tearDown() {
        fixture?.shutdown()
        itunes?.stop()
    }

    func patches() throws -> [[String: Any]] { try fixture.log().filter { $0["method"] as? String == "PATCH" } }

    func testMetadataIsReadPerLocaleWithTheKeywordBytes() throws {
        // When the metadata is read, whole and for one locale, and for a locale the version lacks
        let all = try fixture.call("get_metadata", ["app_id": app!])
        let english = try fixture.call("get_metadata", ["app_id": app!, "locale": "en-US"])
        let missing = try fixture.call("get_metadata", ["app_id": app!, "locale": "fr-FR"])
        // Then every localization comes with its fields, absent ones null, and the keywords' bytes
        XCTAssertEqual(all.structured["editable"] as? Bool, true)
        XCTAssertEqual(all.structured["versionString"] as? String, "2.1")
        let locales = try XCTUnwrap(all.structured["localizations"] as? [[String: Any]])
        XCTAssertEqual(Set(locales.compactMap { $0["locale"] as? String }), ["en-US", "de-DE"])
        let german = try XCTUnwrap(locales.first { $0["locale"] as? String == "de-DE" })
        XCTAssertTrue((german["fields"] as? [String: Any])?["keywords"] is NSNull)
        XCTAssertEqual(german["keywordBytes"] as? Int, 0)
        let only = try XCTUnwrap((english.structured["localizations"] as? [[String: Any]])?.first)
        XCTAssertEqual((english.structured["localizations"] as? [Any])?.count, 1)
        XCTAssertEqual((only["fields"] as? [String: Any])?["subtitle"] as? String, "Hiking maps offline")
        XCTAssertEqual(only["keywordBytes"] as? Int, 15)
        // And a locale the version lacks is NOT_FOUND
        XCTAssertEqual(missing.errorCode, "NOT_FOUND")
    }

    func testUpdatesPreviewWithFindingsThenPublishWithExpectedAndStaleIsRefused() throws {
        // When a keywords change is previewed
        let preview = try fixture.call(
            "update_metadata", ["app_id": app!, "locale": "en-US", "changes": ["keywords": "hiking,gps,camping"]])
        // Then before is the localization now, after the result, and nothing reaches Apple
        let before = try XCTUnwrap(preview.diff["before"] as? [String: Any])
        XCTAssertEqual(before["keywords"] as? String, MCPMetadataToolsTests.keywords)
        XCTAssertEqual(before["name"] as? String, "Trails")
        XCTAssertEqual((preview.diff["after"] as? [String: Any])?["keywords"] as? String, "hiking,gps,camping")
        XCTAssertTrue(preview.structured["result"] is NSNull)
        XCTAssertEqual(try patches().count, 0)
        // And keywords of 101 bytes are an error finding, 100 bytes none (é is two bytes)
        let over = "é" + String(repeating: "a", count: 99)
        let edge = String(repeating: "a", count: 100)
        XCTAssertEqual(over.utf8.count, 101)
        let tooLong = try fixture.call("update_metadata", ["app_id": app!, "locale": "en-US", "changes": ["keywords": over]])
        let fits = try fixture.call("update_metadata", ["app_id": app!, "locale": "en-US", "changes": ["keywords": edge]])
        XCTAssertTrue(tooLong.warnings.contains { $0.hasPrefix("error TOO_LONG") }, "\(tooLong.warnings)")
        XCTAssertFalse(fits.warnings.contains { $0.contains("TOO_LONG") }, "\(fits.warnings)")
        // When it is executed without expected, by a read token, then with the preview's before
        let execute: [String: Any] = ["app_id": app!, "locale": "en-US", "changes": ["keywords": "hiking,gps,camping"], "dry_run": false]
        let noExpected = try fixture.call("update_metadata", execute)
        let read = try fixture.createToken(name: "agent", scope: "read")
        let reader = try fixture.call("update_metadata", execute.merging(["expected": before]) { _, new in new }, token: read)
        XCTAssertEqual(noExpected.errorCode, "INVALID_INPUT")
        XCTAssertEqual(reader.errorCode, "WRITE_NOT_ALLOWED")
        XCTAssertEqual(try patches().count, 0)
        let published = try fixture.call("update_metadata", execute.merging(["expected": before]) { _, new in new })
        // Then only the keywords reach Apple
        XCTAssertEqual(published.structured["executed"] as? Bool, true, "\(published.structured)")
        XCTAssertEqual(published.structured["result"] as? String, "PUBLISHED")
        XCTAssertEqual(published.structured["published"] as? [String], ["keywords"])
        XCTAssertEqual(try patches().count, 1)
        // When the same stale before is sent with another change
        let stale = try fixture.call(
            "update_metadata",
            ["app_id": app!, "locale": "en-US", "changes": ["keywords": "hiking,trails"], "expected": before, "dry_run": false])
        let stalePreview = try fixture.call(
            "update_metadata", ["app_id": app!, "locale": "en-US", "changes": ["keywords": "hiking,trails"], "expected": before])
        // Then it is STALE and nothing more is written; a preview with it warns
        XCTAssertEqual(stale.errorCode, "STALE", "\(stale.structured)")
        XCTAssertEqual(try patches().count, 1)
        XCTAssertTrue(stalePreview.warnings.contains { $0.contains("STALE") }, "\(stalePreview.warnings)")
    }

    func testSuggestionsFillTheKeywordBudgetDeterministically() throws {
        // Given the app's listing at the provider
        var listing = ASOFakeITunes.app(1_450_000_001, "Trails: Offline Camping Guide")
        listing["description"] = "Plan camping trips. Camping spots, camping gear lists and offline trail guide for every trip."
        try itunes.lookup(id: "1450000001", app: listing)
        // When a suggestion is asked for twice
        let first = try fixture.call("get_metadata_suggestions", ["app_id": app!, "locale": "en-US"])
        let second = try fixture.call("get_metadata_suggestions", ["app_id": app!, "locale": "en-US"])
        // Then the current terms come first, candidates follow within 100 bytes, and the answer repeats
        let keywords = try XCTUnwrap(first.structured["keywords"] as? String)
        XCTAssertTrue(keywords.hasPrefix(MCPMetadataToolsTests.keywords + ","), keywords)
        XCTAssertLessThanOrEqual(keywords.utf8.count, 100)
        XCTAssertEqual(first.structured["keywordBytes"] as? Int, keywords.utf8.count)
        XCTAssertEqual(first.structured["budgetBytes"] as? Int, 100)
        XCTAssertEqual(first.structured["current"] as? String, MCPMetadataToolsTests.keywords)
        XCTAssertTrue((first.structured["added"] as? [String] ?? []).contains("camping"), "\(first.structured)")
        XCTAssertFalse((first.structured["added"] as? [String] ?? []).contains("trails"), "a word of the name is indexed already")
        XCTAssertEqual(first.structured as NSDictionary, second.structured as NSDictionary)
        XCTAssertEqual(try patches().count, 0)
    }

    func testTheLocalizationPlanGivesEachLocaleItsCountriesAndBudget() throws {
        // When the plan is asked for
        let plan = try fixture.call("get_localization_plan", ["app_id": app!]).structured
        // Then each locale has its storefronts and what is left of its 100 bytes
        let locales = try XCTUnwrap(plan["locales"] as? [[String: Any]])
        let english = try XCTUnwrap(locales.first { $0["locale"] as? String == "en-US" })
        XCTAssertEqual(english["countries"] as? [String], ["us"])
        XCTAssertEqual(english["keywordBytes"] as? Int, 15)
        XCTAssertEqual(english["budgetBytes"] as? Int, 100)
        XCTAssertEqual(english["remainingBytes"] as? Int, 85)
        let german = try XCTUnwrap(locales.first { $0["locale"] as? String == "de-DE" })
        XCTAssertEqual(german["countries"] as? [String], ["at", "ch", "de", "lu"])
        XCTAssertTrue(german["keywords"] is NSNull)
        XCTAssertEqual(german["remainingBytes"] as? Int, 100)
        XCTAssertEqual(plan["totalBudgetBytes"] as? Int, 200)
        // And the missing locales start with the one serving most storefronts; covered ones are not uncovered
        let missing = try XCTUnwrap(plan["missing"] as? [[String: Any]])
        XCTAssertEqual(missing.first?["locale"] as? String, "es-MX")
        XCTAssertFalse(missing.contains { $0["locale"] as? String == "en-US" || $0["locale"] as? String == "de-DE" })
        let uncovered = try XCTUnwrap(plan["uncoveredCountries"] as? [String])
        XCTAssertTrue(uncovered.contains("mx"))
        XCTAssertFalse(uncovered.contains("us") || uncovered.contains("de"))
    }
}
