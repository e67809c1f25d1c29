import Foundation
import XCTest

@testable import HubRuntime
@testable import IngestService

/// `POST /api/v1/feedback` over HTTP: what is stored, replays, every validation rule, body
/// size, Origin, rate limit, and that secrets never reach the row.
final class FeedbackSubmissionTests: XCTestCase {
    var community: CommunityFixture!

    override func setUpWithError() throws { community = try CommunityFixture() }
    override func tearDown() { community?.shutdown() }

    static func report(_ extra: [String: Any] = [:]) -> [String: Any] {
        var body: [String: Any] = [
            "type": "problem", "message": "The save button does nothing.",
            "pageURL": "https://app.example.com/settings", "pageTitle": "Settings", "locale": "en_US",
            "viewport": ["width": 390, "height": 844], "diagnostics": [[String: Any]](),
        ]
        body.merge(extra) { _, new in new }
        return body
    }

    func submit(
        _ body: [String: Any], key: String? = nil, headers: [(String, String)] = [], origin: String? = PublicAPI.origin,
        token: String? = PublicAPI.voterToken
    ) throws -> HubReply {
        try community.send("POST", "/feedback", body, token: token, key: key, origin: origin, headers: headers)
    }

    func count(_ table: String) throws -> Int {
        try community.store.db.queryOne("SELECT count(*) AS n FROM \(table)")!.int("n")!
    }

    var objectsDirectory: String { community.hub.dataDirectory + "/objects" }

    func storedFiles() -> [String] {
        (FileManager.default.enumerator(atPath: objectsDirectory)?.allObjects as? [String] ?? []).filter {
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: objectsDirectory + "/" + $0, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
    }

    func testSubmittedReportIsStoredWithItsTimelineAndOutboxEventAndTheReceiptDecodes() throws {
        // Given a signed-in author with a screenshot and device context
        let headers = try community.identityHeaders(email: "ana@example.com")
        let shot = "data:image/png;base64," + FeedbackSubmissionScreenshotTests.png1x1
        // When the report is submitted
        let reply = try submit(
            Self.report([
                "email": " Ana@Example.com ", "screenshot": shot,
                "deviceContext": [
                    "appName": "My\n  App", "deviceType": "phone",
                    "deviceModel": String(repeating: "m", count: 200),
                ],
            ]),
            key: "report-key-0001", headers: headers)
        // Then the receipt decodes as the SDK's type and names the row
        XCTAssertEqual(reply.status, 201, reply.text)
        let receipt = try reply.decode(SDKFeedbackReceipt.self)
        XCTAssertTrue(receipt.screenshotStored)
        XCTAssertFalse(receipt.deduplicated)
        XCTAssertEqual(receipt.correlationId, reply.header("X-Correlation-Id"))
        let row = try XCTUnwrap(community.store.db.queryOne("SELECT * FROM feedback WHERE id = ?", [.text(receipt.id)]))
        XCTAssertEqual(row.string("project_id"), community.project.id)
        XCTAssertEqual(row.string("type"), "problem")
        XCTAssertEqual(row.string("status"), "todo")
        XCTAssertEqual(row.string("author_email"), "ana@example.com")
        XCTAssertEqual(row.string("author_key"), "email:ana@example.com")
        XCTAssertEqual(row.string("correlation_id"), receipt.correlationId)
        XCTAssertEqual(row.int("viewport_width"), 390)
        let device = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(row.string("device_context")!.utf8)) as? [String: String])
        XCTAssertEqual(device["appName"], "My App")
        XCTAssertEqual(device["deviceModel"]?.count, 120)
        // And the screenshot file holds the exact bytes under the row's key
        let key = try XCTUnwrap(row.string("screenshot_key"))
        XCTAssertEqual(key, "screenshots/\(community.project.id.lowercased())/\(receipt.id.lowercased()).png")
        XCTAssertEqual(
            try LocalDirectoryObjectStore(root: objectsDirectory).get(key: key),
            Array(Data(base64Encoded: FeedbackSubmissionScreenshotTests.png1x1)!))
        XCTAssertEqual(row.int("screenshot_width"), 1)
        // And one `created` event and one outbox event with what a chat-ops integration shows of it
        XCTAssertEqual(
            try community.store.db.queryOne(
                "SELECT kind FROM feedback_events WHERE feedback_id = ?",
                [.text(receipt.id)])?.string("kind"), "created")
        let events = try community.store.outbox.pending().filter { $0.topic == "feedback.created" }
        XCTAssertEqual(events.count, 1)
        let payload = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(events[0].payload.utf8)) as? [String: Any])
        XCTAssertEqual(
            Set(payload.keys), ["id", "projectId", "type", "createdAt", "email", "title", "message", "locale", "hasScreenshot"])
        XCTAssertEqual(payload["id"] as? String, receipt.id)
        XCTAssertEqual(payload["email"] as? String, "ana@example.com")
        XCTAssertEqual(payload["hasScreenshot"] as? Bool, true)
    }

    func testReplayReturnsTheSameReceiptDeduplicatedAndKeepsOneRowAndOneFile() throws {
        // Given a report with a screenshot submitted once
        let body = Self.report(["screenshot": "data:image/png;base64," + FeedbackSubmissionScreenshotTests.png1x1])
        let first = try submit(body, key: "retry-key-0001")
        XCTAssertEqual(first.status, 201, first.text)
        // When the same key and payload are sent again
        let second = try submit(body, key: "retry-key-0001")
        // Then the receipt is the same but deduplicated, with one row, one event and one file
        XCTAssertEqual(second.status, 201, second.text)
        let a = try first.decode(SDKFeedbackReceipt.self)
        let b = try second.decode(SDKFeedbackReceipt.self)
        XCTAssertEqual(a.id, b.id)
        XCTAssertEqual(a.correlationId, b.correlationId)
        XCTAssertTrue(b.screenshotStored)
        XCTAssertFalse(a.deduplicated)
        XCTAssertTrue(b.deduplicated)
        XCTAssertEqual(try count("feedback"), 1)
        XCTAssertEqual(try count("feedback_events"), 1)
        XCTAssertEqual(storedFiles().count, 1)
        // And a changed payload under the same key conflicts
        XCTAssertEqual(try submit(Self.report(["message": "Another text"]), key: "retry-key-0001").code, "IDEMPOTENCY_CONFLICT")
    }

    func testInvalidScreenshotStoresNothing() throws {
        // Given PNG bytes declared as JPEG
        let body = Self.report(["screenshot": "data:image/jpeg;base64," + FeedbackSubmissionScreenshotTests.png1x1])
        // When submitted
        let reply = try submit(body, key: "bad-shot-0001")
        // Then 400 INVALID_SCREENSHOT, and no row, event, outbox entry or file
        XCTAssertEqual(reply.status, 400)
        XCTAssertEqual(reply.code, "INVALID_SCREENSHOT")
        XCTAssertEqual(try count("feedback"), 0)
        XCTAssertEqual(try count("outbox"), 0)
        XCTAssertEqual(storedFiles(), [])
    }

    func testEveryValidationRuleIsReportedTogether() throws {
        // Given a body breaking every field rule at once
        let body: [String: Any] = [
            "type": "bug", "message": "  x ", "pageURL": "myapp://settings", "pageTitle": String(repeating: "t", count: 301),
            "email": "not-an-email", "locale": String(repeating: "l", count: 36), "viewport": ["width": 0, "height": 20_001],
            "userAgent": String(repeating: "u", count: 513), "deviceContext": ["deviceType": "watch"],
            "diagnostics": [
                ["category": "console", "message": String(repeating: "d", count: 1_001)],
                [
                    "category": "magic", "level": "loud", "message": "ok",
                    "metadata": Dictionary(uniqueKeysWithValues: (0..<21).map { ("k\($0)", $0) }),
                ],
                ["category": "network", "message": "big", "metadata": ["blob": String(repeating: "b", count: 8_000)]],
            ],
        ]
        // When submitted
        let reply = try submit(body)
        // Then one 400 INVALID_PAYLOAD names every field
        XCTAssertEqual(reply.status, 400)
        XCTAssertEqual(reply.code, "INVALID_PAYLOAD")
        let fields = Set(reply.fields.keys)
        XCTAssertEqual(
            fields,
            [
                "type", "message", "pageURL", "pageTitle", "email", "locale", "viewport.width", "viewport.height",
                "userAgent", "deviceContext.deviceType", "diagnostics[0].message", "diagnostics[1].category",
                "diagnostics[1].level", "diagnostics[1].metadata", "diagnostics[2].metadata",
            ])
        // And missing required fields, too many diagnostics, and long URLs are caught as well
        let missing = try submit(["diagnostics": Array(repeating: ["category": "console", "message": "m"], count: 101)])
        XCTAssertEqual(Set(missing.fields.keys), ["type", "message", "pageURL", "viewport", "diagnostics"])
        let longURL = try submit(Self.report(["pageURL": "https://a.example/" + String(repeating: "p", count: 2_040)]))
        XCTAssertEqual(longURL.fields.keys.sorted(), ["pageURL"])
        XCTAssertEqual(try count("feedback"), 0)
        // And the limits themselves are accepted
        let edge = try submit(
            Self.report([
                "message": String(repeating: "m", count: 5_000), "viewport": ["width": 20_000, "height": 1],
                "pageTitle": String(repeating: "t", count: 300),
                "diagnostics": Array(
                    repeating: [
                        "category": "breadcrumb", "level": "info",
                        "message": String(repeating: "d", count: 1_000),
                        "timestamp": "2026-11-30T09:15:02.123Z",
                    ], count: 100),
            ]))
        XCTAssertEqual(edge.status, 201, edge.text)
    }

    func testBodiesOver3500000BytesAre413() throws {
        // Given a 3.6 MB JSON body
        let body = Array(try JSONSerialization.data(withJSONObject: Self.report(["pageTitle": String(repeating: "x", count: 3_600_000)])))
        XCTAssertGreaterThan(body.count, 3_600_000)
        // When posted
        let response = try community.send("POST", "/feedback", bytes: body)
        // Then 413 and nothing stored
        XCTAssertEqual(response.status, 413)
        XCTAssertEqual(try count("feedback"), 0)
    }

    func testAppIdMismatchAndIdentityEmailMismatch() throws {
        // Given a body naming another App ID
        XCTAssertEqual(try submit(Self.report(["appId": "another-app"])).code, "APP_ID_MISMATCH")
        // And a body naming this one is fine
        XCTAssertEqual(try submit(Self.report(["appId": community.project.appId])).status, 201)
        // When a signed-in author gives another contact email
        let headers = try community.identityHeaders(email: "ana@example.com")
        let mismatch = try submit(Self.report(["email": "bob@example.com"]), headers: headers)
        // Then 400 IDENTITY_EMAIL_MISMATCH and only the first report exists
        XCTAssertEqual(mismatch.status, 400)
        XCTAssertEqual(mismatch.code, "IDENTITY_EMAIL_MISMATCH")
        XCTAssertEqual(try count("feedback"), 1)
        // And without identity any plausible email is kept as contact, with no author email
        XCTAssertEqual(try submit(Self.report(["email": "bob@example.com"])).status, 201)
        let row = try XCTUnwrap(community.store.db.queryOne("SELECT email, author_email FROM feedback WHERE email IS NOT NULL"))
        XCTAssertEqual(row.string("email"), "bob@example.com")
        XCTAssertNil(row.string("author_email"))
    }

    func testMissingOrDisallowedOriginIs403() throws {
        XCTAssertEqual(try submit(Self.report(), origin: nil).code, "ORIGIN_NOT_ALLOWED")
        XCTAssertEqual(try submit(Self.report(), origin: "https://evil.example").status, 403)
        XCTAssertEqual(try count("feedback"), 0)
    }

    func testCreationIsLimitedTo20PerMinutePerProjectAndIP() throws {
        // Given 20 reports in a row
        for i in 0..<20 { XCTAssertEqual(try submit(Self.report(["message": "Report number \(i)"])).status, 201) }
        // When the 21st arrives within the minute
        let reply = try submit(Self.report())
        // Then 429 RATE_LIMITED with Retry-After
        XCTAssertEqual(reply.status, 429)
        XCTAssertEqual(reply.code, "RATE_LIMITED")
        XCTAssertNotNil(reply.header("Retry-After"))
        XCTAssertEqual(try count("feedback"), 20)
    }

    func testStoredReportNeverContainsABearerTokenFromItsDiagnostics() throws {
        // Given diagnostics and text carrying credentials
        let token = "sk_live_51Habcdefghijklmnop"
        let body = Self.report([
            "message": "Fails with Authorization: Bearer \(token) every time",
            "pageURL": "https://app.example.com/cb?code=1&access_token=\(token)",
            "diagnostics": [
                [
                    "category": "network", "level": "error", "message": "401 for Bearer \(token)",
                    "metadata": [
                        "request": ["headers": ["Authorization": "Bearer \(token)"], "url": "/me"],
                        "cookie": "sid=\(token)", "note": "password=\(token)",
                    ],
                ],
                ["category": "console", "message": "{\"token\":\"\(token)\"}"],
            ],
        ])
        // When submitted
        let reply = try submit(body)
        XCTAssertEqual(reply.status, 201, reply.text)
        // Then no column of the row holds the token, while the rest of the report is kept
        let row = try XCTUnwrap(
            community.store.db.queryOne(
                """
                SELECT message || page_url || diagnostics AS everything, diagnostics FROM feedback
                """))
        let everything = try XCTUnwrap(row.string("everything"))
        XCTAssertFalse(everything.contains(token), everything)
        XCTAssertTrue(everything.contains("[redacted]"))
        XCTAssertTrue(everything.contains("\"url\":\"/me\""))
    }
}

/// The SDK's AppNorthFeedbackReceipt, property for property.
struct SDKFeedbackReceipt: Decodable {
    let id: String
    let correlationId: String
    let screenshotStored: Bool
    let deduplicated: Bool
}
