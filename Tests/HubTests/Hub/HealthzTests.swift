import Foundation
import TestSupport
import XCTest

@testable import HubRuntime
@testable import IngestService

final class HealthzTests: XCTestCase {
    var hub: HubHarness!

    override func setUpWithError() throws {
        hub = try HubHarness()
        try hub.start()
    }

    override func tearDown() { hub.shutdown() }

    func testAllFiveDaemonsOkAnd200() throws {
        // When /healthz is asked with every daemon running
        let response = try hub.get("/healthz")
        // Then it is 200 with all five marked ok
        XCTAssertEqual(response.status, 200)
        let body = response.json
        XCTAssertEqual(body["status"] as? String, "ok")
        XCTAssertEqual(
            body["daemons"] as? [String: String],
            ["ingest": "ok", "chatd": "ok", "pushd": "ok", "marketd": "ok", "asod": "ok"])
        XCTAssertNotNil(response.header("x-correlation-id"))
        XCTAssertEqual(
            response.text,
            #"{"status":"ok","daemons":{"ingest":"ok","chatd":"ok","pushd":"ok","marketd":"ok","asod":"ok"}}"#)
    }

    func testEveryStoreIsAWALFileOwnedByItsDaemon() throws {
        for daemon in DaemonName.allCases {
            let path = hub.config.storePath(for: daemon)
            XCTAssertTrue(FileManager.default.fileExists(atPath: path), path)
            XCTAssertEqual(try hub.daemons[daemon]!.context.store.journalMode(), "wal")
            let owner = try hub.daemons[daemon]!.context.store.queryOne("SELECT value FROM daemon_meta WHERE key = 'daemon'")
            XCTAssertEqual(owner?.string("value"), daemon.rawValue)
        }
    }

    func testAStoppedDaemonIsMarkedAnd503WithinASecond() throws {
        // Given marketd has stopped
        hub.stopDaemon(.marketd)
        // When /healthz is asked
        let started = Date()
        let response = try hub.get("/healthz")
        let elapsed = Date().timeIntervalSince(started)
        // Then it answers 503 quickly, naming marketd and only marketd
        XCTAssertEqual(response.status, 503)
        XCTAssertLessThan(elapsed, 1.5)
        XCTAssertEqual(response.header("retry-after"), "1")
        let daemons = try XCTUnwrap(response.json["daemons"] as? [String: String])
        XCTAssertNotEqual(daemons["marketd"], "ok")
        XCTAssertEqual(daemons.filter { $0.value == "ok" }.count, 4)
    }

    func testADaemonThatReturnsIsHealthyAgain() throws {
        // Given chatd went away and /healthz noticed
        hub.stopDaemon(.chatd)
        XCTAssertEqual(try hub.get("/healthz").status, 503)
        // When it comes back on the same endpoint
        try hub.startDaemon(.chatd)
        // Then /healthz turns 200 again within a few seconds, with the same ingest clients
        var status = 0
        _ = try eventually(timeout: 5, every: 0.1) {
            status = try hub.get("/healthz").status
            return status == 200
        }
        XCTAssertEqual(status, 200)
    }
}
