import Foundation
import XCTest

@testable import IngestService

/// Metadata (docs/app-store-connect.md, "Metadata") over HTTP against the fake App Store Connect:
/// reading, validation, suggestions, and every publish result, with the audit record of each.
final class ASCMetadataTests: XCTestCase {
    private var fixture: ASCFixture!
    private var admin: AdminClient { fixture.admin }
    private var projectId: String!

    private static func app(versionState: String = "PREPARE_FOR_SUBMISSION") -> [String: Any] {
        [
            "id": "1450000001", "name": "Trails", "bundleId": "com.example.trails",
            "versions": [
                [
                    "id": "v1", "versionString": "2.1", "appStoreState": versionState,
                    "localizations": [
                        [
                            "id": "vl-en", "locale": "en-US", "keywords": "hiking,gps,maps", "promotionalText": "Summer update",
                            "description": "Find trails near you.", "whatsNew": "Bug fixes",
                        ]
                    ],
                ]
            ],
            "appInfos": [
                [
                    "id": "ai1", "state": "PREPARE_FOR_SUBMISSION",
                    "localizations": [
                        ["id": "il-en", "locale": "en-US", "name": "Trails", "subtitle": "Hiking maps offline"]
                    ],
                ]
            ],
        ]
    }

    private func start(versionState: String = "PREPARE_FOR_SUBMISSION") throws {
        fixture = try ASCFixture(apps: [ASCMetadataTests.app(versionState: versionState)])
        projectId = try XCTUnwrap(fixture.connectAndImport(["1450000001"]).first)
    }

    override func tearDown() { fixture?.shutdown() }

    private var loaded: [String: Any] {
        [
            "name": "Trails", "subtitle": "Hiking maps offline", "keywords": "hiking,gps,maps", "promotionalText": "Summer update",
            "description": "Find trails near you.", "whatsNew": "Bug fixes",
        ]
    }

    private func publish(_ changes: [String: Any], expected: [String: Any]? = nil, locale: String = "en-US") throws -> HubReply {
        try admin.call(
            "POST", "/projects/\(projectId!)/metadata/publish",
            json: ["locale": locale, "expected": expected ?? loaded, "changes": changes])
    }

    private func patches() throws -> [[String: Any]] { try fixture.log().filter { $0["method"] as? String == "PATCH" } }

    func testReadingValidatingAndSuggesting() throws {
        try start()
        // When the metadata is read
        let read = try admin.call("GET", "/projects/\(projectId!)/metadata")
        // Then the editable version and the merged localization come back
        XCTAssertEqual(read.status, 200, "\(read.json)")
        XCTAssertEqual(read.json["editable"] as? Bool, true)
        let fields = try XCTUnwrap((read.json["localizations"] as? [[String: Any]])?.first?["fields"] as? [String: Any])
        XCTAssertEqual(fields["subtitle"] as? String, "Hiking maps offline")
        XCTAssertEqual(fields["keywords"] as? String, "hiking,gps,maps")
        // And validation measures keywords in UTF-8 bytes and flags empty, duplicate and repeated terms
        let accents = String(repeating: "é", count: 51)  // 102 bytes, 51 characters
        let check = try admin.call(
            "POST", "/projects/\(projectId!)/metadata/validate",
            json: [
                "fields": [
                    "name": "Trails", "subtitle": "Hiking maps", "keywords": accents + ",,Maps,maps",
                ]
            ])
        let codes = (check.json["problems"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        XCTAssertEqual(check.json["valid"] as? Bool, false)
        XCTAssertTrue(codes.contains("TOO_LONG"), "\(codes)")
        XCTAssertTrue(codes.contains("EMPTY_TERM"))
        XCTAssertTrue(codes.contains("DUPLICATE_TERM"))
        XCTAssertTrue(codes.contains("REPEATED_WORD"))
        XCTAssertEqual(
            try admin.call("POST", "/projects/\(projectId!)/metadata/validate", json: ["fields": loaded]).json["valid"] as? Bool, true)
        // And suggestions fill the budget from candidates, skipping present and indexed words, publishing nothing
        let suggested = try admin.call(
            "POST", "/projects/\(projectId!)/metadata/suggest",
            json: [
                "fields": loaded, "candidates": ["GPS", "trail running", "offline", "camping", String(repeating: "x", count: 90)],
            ])
        XCTAssertEqual(suggested.json["added"] as? [String], ["trail running", "camping"])
        XCTAssertEqual(suggested.json["keywords"] as? String, "hiking,gps,maps,trail running,camping")
        XCTAssertEqual(try patches().count, 0)
    }

    func testPublishingSendsOnlyChangedFieldsAndRecordsIt() throws {
        try start()
        // When the subtitle and keywords change (the description is sent unchanged)
        let published = try publish([
            "subtitle": "Offline trail maps", "keywords": "hiking,gps,camping", "description": "Find trails near you.",
        ])
        // Then only those two fields reach Apple, in their own resources
        XCTAssertEqual(published.status, 200, "\(published.json)")
        XCTAssertEqual(published.json["result"] as? String, "PUBLISHED")
        XCTAssertEqual(published.json["published"] as? [String], ["subtitle", "keywords"])
        let sent = try patches()
        XCTAssertEqual(
            sent.compactMap { $0["path"] as? String }, ["/v1/appInfoLocalizations/il-en", "/v1/appStoreVersionLocalizations/vl-en"])
        XCTAssertFalse((sent.last?["body"] as? String)?.contains("description") ?? true)
        XCTAssertEqual(
            ((try admin.call("GET", "/projects/\(projectId!)/metadata").json["localizations"] as? [[String: Any]])?.first?["fields"]
                as? [String: Any])?["keywords"] as? String, "hiking,gps,camping")
        // And the audit holds the outcome
        let audit = try XCTUnwrap(try admin.call("GET", "/projects/\(projectId!)/metadata/publishes").json["items"] as? [[String: Any]])
        XCTAssertEqual(audit.first?["result"] as? String, "PUBLISHED")
        XCTAssertEqual(audit.first?["published"] as? [String], ["subtitle", "keywords"])
    }

    func testStaleInvalidAndMissingLocaleChangeNothing() throws {
        try start()
        // Given Apple's keywords changed after they were loaded
        var expected = loaded
        expected["keywords"] = "hiking,gps"
        // When the keywords are published against the old value, invalid keywords are sent, or an unknown locale
        let stale = try publish(["keywords": "hiking,gps,trails"], expected: expected)
        let invalid = try publish(["keywords": "hiking,,hiking"])
        let missing = try publish(["keywords": "a,b"], locale: "fr-FR")
        // Then each has its code and no write was made
        XCTAssertEqual(stale.status, 409)
        XCTAssertEqual(stale.code, "STALE")
        XCTAssertNotNil(stale.fields["keywords"])
        XCTAssertEqual(invalid.status, 400)
        XCTAssertEqual(invalid.code, "INVALID_METADATA")
        XCTAssertEqual(missing.status, 404)
        XCTAssertEqual(missing.code, "LOCALE_NOT_FOUND")
        XCTAssertEqual(try patches().count, 0)
        // And the audit holds each refusal
        let audit = try XCTUnwrap(try admin.call("GET", "/projects/\(projectId!)/metadata/publishes").json["items"] as? [[String: Any]])
        XCTAssertEqual(audit.compactMap { $0["result"] as? String }.sorted(), ["INVALID_METADATA", "LOCALE_NOT_FOUND", "STALE"])
    }

    func testAFailureBetweenTheAppInfoAndVersionWritesIsPartiallyPublished() throws {
        try start()
        // Given Apple fails the version-localization write
        try fixture.controlPost(
            "/__control/script",
            [
                "method": "PATCH", "path": "/v1/appStoreVersionLocalizations/vl-en",
                "responses": [["status": 500]],
            ])
        // When the subtitle and keywords are published
        let partial = try publish(["subtitle": "Offline trail maps", "keywords": "hiking,gps,camping"])
        // Then the answer says which field reached Apple and which did not, and nothing is rolled back
        XCTAssertEqual(partial.status, 502)
        XCTAssertEqual(partial.code, "PARTIALLY_PUBLISHED")
        let fields = try XCTUnwrap(
            (try admin.call("GET", "/projects/\(projectId!)/metadata").json["localizations"] as? [[String: Any]])?
                .first?["fields"] as? [String: Any])
        XCTAssertEqual(fields["subtitle"] as? String, "Offline trail maps")
        XCTAssertEqual(fields["keywords"] as? String, "hiking,gps,maps")
        let audit = try XCTUnwrap(
            (try admin.call("GET", "/projects/\(projectId!)/metadata/publishes").json["items"] as? [[String: Any]])?.first)
        XCTAssertEqual(audit["result"] as? String, "PARTIALLY_PUBLISHED")
        XCTAssertEqual(audit["published"] as? [String], ["subtitle"])
        XCTAssertEqual(audit["failed"] as? [String], ["keywords"])
    }

    func testAVersionThatIsNotEditableIsReadOnly() throws {
        // Given the only version is live
        try start(versionState: "READY_FOR_SALE")
        // When a change is published
        let refused = try publish(["keywords": "hiking,gps,camping"])
        // Then it is READ_ONLY and nothing was written
        XCTAssertEqual(refused.status, 409)
        XCTAssertEqual(refused.code, "READ_ONLY")
        XCTAssertEqual(try admin.call("GET", "/projects/\(projectId!)/metadata").json["editable"] as? Bool, false)
        XCTAssertEqual(try patches().count, 0)
    }
}
