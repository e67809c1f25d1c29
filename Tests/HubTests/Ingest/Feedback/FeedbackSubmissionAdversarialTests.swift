import Foundation
import XCTest

@testable import IngestService

/// `POST /api/v1/feedback` with bodies built to make the secret sanitizer backtrack: every
/// one is answered within the issue's one second, refused when a length is over its limit
/// and sanitized when it is at it.
final class FeedbackSubmissionAdversarialTests: XCTestCase {
    var community: CommunityFixture!

    override func setUpWithError() throws { community = try CommunityFixture() }
    override func tearDown() { community?.shutdown() }

    /// Text aimed at each pattern the sanitizer had: long runs its regexes backtracked over.
    static let shapes = [
        "a.", "-", "_", "-an_", "-eyJ", "Bearer ", "\"password\":\"", "\"token\":\"\\", "-----BEGIN PRIVATE KEY-----",
        "authorization: ", "password=", "token ",
    ]

    static func repeated(_ unit: String, toLength length: Int, tail: String = "") -> String {
        let body = String(repeating: unit, count: (length - tail.utf16.count) / unit.utf16.count + 1)
        return String(body.prefix(length - tail.utf16.count)) + tail
    }

    /// Posts already-encoded JSON and answers with the reply and the round trip's seconds.
    func post(_ json: [UInt8]) throws -> (reply: HubReply, seconds: Double) {
        let start = DispatchTime.now().uptimeNanoseconds
        let reply = try community.send("POST", "/feedback", bytes: json)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return (reply, seconds)
    }

    static func encoded(_ body: [String: Any]) throws -> [UInt8] { Array(try JSONSerialization.data(withJSONObject: body)) }

    func storedDiagnostics() throws -> String {
        try XCTUnwrap(community.store.db.queryOne("SELECT diagnostics FROM feedback")?.string("diagnostics"))
    }

    func testTheIssuesDiagnosticIsRefusedWithinASecond() throws {
        // Given one diagnostic whose message is "a." repeated and " token", a 3.4 MB body
        let message = String(repeating: "a.", count: 1_700_000) + " token"
        let json = try Self.encoded(FeedbackSubmissionTests.report(["diagnostics": [["category": "console", "message": message]]]))
        XCTAssertGreaterThan(json.count, 3_400_000)
        // When posted
        let (reply, seconds) = try post(json)
        // Then 400 INVALID_PAYLOAD names the message, within a second, and nothing is stored
        XCTAssertEqual(reply.status, 400, reply.text)
        XCTAssertEqual(reply.code, "INVALID_PAYLOAD")
        XCTAssertEqual(reply.fields.keys.sorted(), ["diagnostics[0].message"])
        XCTAssertLessThan(seconds, 1)
        XCTAssertEqual(try community.store.db.queryOne("SELECT count(*) AS n FROM feedback")?.int("n"), 0)
    }

    func testAdversarialBodiesAtTheLimitsAreStoredWithinASecond() throws {
        // Given a screenshot that pads the body (only its header is read) and 100 diagnostics
        // whose messages (1,000 characters) and metadata (8,000 as JSON) are at their limits,
        // every one a run aimed at a pattern and ending in a real secret
        let png =
            FeedbackSubmissionScreenshotTests.bytes(FeedbackSubmissionScreenshotTests.png1x1)
            + [UInt8](repeating: 0, count: 1_870_000)
        let diagnostics: [[String: Any]] = (0..<100).map { i in
            let unit = Self.shapes[i % Self.shapes.count]
            // `{"v":"…"}` is 8 characters of JSON around the value.
            let value = Self.repeated(
                unit.replacingOccurrences(of: "\"", with: "'").replacingOccurrences(of: "\\", with: "/"),
                toLength: 7_992, tail: " password=hunter2")
            return [
                "category": "console", "message": Self.repeated(unit, toLength: 1_000, tail: " password=hunter2"),
                "metadata": ["v": value],
            ]
        }
        let json = try Self.encoded(
            FeedbackSubmissionTests.report([
                "diagnostics": diagnostics, "screenshot": FeedbackSubmissionScreenshotTests.dataURL("png", png),
            ]))
        XCTAssertGreaterThan(json.count, 3_400_000)
        XCTAssertLessThan(json.count, 3_500_000)
        // When posted
        let (reply, seconds) = try post(json)
        // Then 201 within a second, and no secret reached the row
        XCTAssertEqual(reply.status, 201, reply.text)
        XCTAssertLessThan(seconds, 1)
        let stored = try storedDiagnostics()
        XCTAssertFalse(stored.contains("hunter2"))
        let entries = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(stored.utf8)) as? [[String: Any]])
        XCTAssertEqual(entries.count, 100)
    }

    func testEachShapeOverItsLimitIsRefusedWithinASecond() throws {
        for unit in Self.shapes {
            // Given a 3.4 MB body of one shape in a diagnostic message (quotes and backslashes take two bytes in JSON)
            let escapes = unit.filter { $0 == "\"" || $0 == "\\" }.count
            let length = 3_400_000 * unit.count / (unit.count + escapes)
            let json = try Self.encoded(
                FeedbackSubmissionTests.report([
                    "diagnostics": [["category": "console", "message": Self.repeated(unit, toLength: length, tail: " token=x")]]
                ]))
            XCTAssertGreaterThan(json.count, 3_400_000, unit)
            // When posted
            let (reply, seconds) = try post(json)
            // Then 400 within a second
            XCTAssertEqual(reply.status, 400, unit)
            XCTAssertEqual(reply.fields.keys.sorted(), ["diagnostics[0].message"], unit)
            XCTAssertLessThan(seconds, 1, unit)
        }
    }

    func testTextAtItsLimitIsSanitizedAndOneCharacterMoreIsRefused() throws {
        // Given a diagnostic message of exactly 1,000 characters and a report message of
        // exactly 5,000, both ending in a secret
        let atLimit = Self.repeated("a.", toLength: 1_000, tail: " token=s3cr3t")
        let message = Self.repeated("a.", toLength: 5_000, tail: " password=hunter2")
        // When submitted
        let stored = try post(
            try Self.encoded(
                FeedbackSubmissionTests.report([
                    "message": message, "diagnostics": [["category": "console", "message": atLimit]],
                ]))
        ).reply
        // Then both are stored with their secrets replaced
        XCTAssertEqual(stored.status, 201, stored.text)
        let row = try XCTUnwrap(community.store.db.queryOne("SELECT message, diagnostics FROM feedback"))
        XCTAssertEqual(row.string("message"), String(message.dropLast("hunter2".count)) + "[redacted]")
        XCTAssertTrue(try storedDiagnostics().contains(String(atLimit.dropLast("s3cr3t".count)) + "[redacted]"))
        XCTAssertFalse(try storedDiagnostics().contains("s3cr3t"))
        // And one character more in either is refused with its field
        let over = try post(
            try Self.encoded(
                FeedbackSubmissionTests.report([
                    "message": "x" + message, "diagnostics": [["category": "console", "message": "x" + atLimit]],
                ]))
        ).reply
        XCTAssertEqual(over.status, 400)
        XCTAssertEqual(over.fields.keys.sorted(), ["diagnostics[0].message", "message"])
    }
}
