import XCTest

@testable import HubRuntime

final class LoggerTests: XCTestCase {
    func testEachLineIsOneJSONObjectWithTheStandardFields() throws {
        // Given a logger at a fixed time
        let sink = MemoryLogSink()
        let logger = Logger(daemon: "chatd", level: .info, clock: ManualClock(Date(timeIntervalSince1970: 0)), sink: sink)
        // When it logs with fields, including a quote and a newline in a value
        logger.info("started", ["port": 8080, "ok": true, "path": "a\"b\nc"])
        logger.debug("hidden")
        // Then one parseable line was written with every field
        XCTAssertEqual(sink.lines.count, 1)
        let obj = try JSONSerialization.jsonObject(with: Data(sink.lines[0].utf8)) as! [String: Any]
        XCTAssertEqual(obj["ts"] as? String, "1970-01-01T00:00:00.000Z")
        XCTAssertEqual(obj["level"] as? String, "info")
        XCTAssertEqual(obj["daemon"] as? String, "chatd")
        XCTAssertEqual(obj["msg"] as? String, "started")
        XCTAssertEqual(obj["port"] as? Int, 8080)
        XCTAssertEqual(obj["ok"] as? Bool, true)
        XCTAssertEqual(obj["path"] as? String, "a\"b\nc")
    }

    func testSecretsNeverReachTheLog() {
        // Given values that carry secrets by name or by shape
        let sink = MemoryLogSink()
        let logger = Logger(daemon: "ingest", sink: sink)
        logger.warn(
            "auth failed for Bearer an_abcdefghijklmnopqrstuvwxyz0123456789",
            [
                "voter_token": "abcdefghijklmnop1234",
                "X-AppNorth-Identity-Signature": "deadbeef",
                "detail": "header Authorization: Bearer sk_live_12345",
                "key": "-----BEGIN PRIVATE KEY-----\nMIGHAgEA\n-----END PRIVATE KEY-----",
            ])
        // Then none of them appears
        let line = sink.lines.joined()
        for secret in ["an_abcdefghijklmnop", "abcdefghijklmnop1234", "deadbeef", "sk_live_12345", "MIGHAgEA"] {
            XCTAssertFalse(line.contains(secret), "leaked \(secret): \(line)")
        }
        XCTAssertTrue(line.contains("[redacted]"))
    }

    func testQueryRedactionKeepsHarmlessParameters() {
        XCTAssertEqual(
            Redactor.redactQuery("app_id=app_123&voter_token=abcdefghijklmnop&sort=top"),
            "app_id=app_123&voter_token=[redacted]&sort=top")
        // An encoded name, a flag without value, empty pairs and a lone name are kept in shape
        XCTAssertEqual(Redactor.redactQuery("voter%5Ftoken=abc&&flag&q=a%20b&"), "voter%5Ftoken=[redacted]&&flag&q=a%20b&")
        XCTAssertEqual(Redactor.redactQuery(""), "")
    }
}
