import Foundation
import XCTest

@testable import HubRuntime

final class PeriodicTaskTests: XCTestCase {
    func testRunsOnScheduleSurvivesFailuresAndStopsPromptly() throws {
        // Given a task every 20 ms whose second run throws
        let sink = MemoryLogSink()
        let lock = NSLock()
        var runs = 0
        struct Boom: Error {}
        let task = PeriodicTask(name: "tick", interval: 0.02, logger: Logger(daemon: "test", sink: sink)) {
            let n = lock.withLock {
                runs += 1
                return runs
            }
            if n == 2 { throw Boom() }
            return n
        }
        // When it runs for a while and is stopped
        task.start()
        usleep(200_000)
        let started = Date()
        task.stop()
        let stopped = lock.withLock { runs }
        usleep(60_000)
        // Then it ran repeatedly, kept going after the failure, stopped at once and for good
        XCTAssertGreaterThanOrEqual(stopped, 4)
        XCTAssertLessThan(Date().timeIntervalSince(started), 0.1)
        XCTAssertEqual(lock.withLock { runs }, stopped)
        XCTAssertTrue(sink.lines.contains { $0.contains("\"msg\":\"job failed\"") })
        XCTAssertTrue(sink.lines.contains { $0.contains("\"msg\":\"job done\"") })
    }

    func testLocalObjectStoreListsObjectsByPrefixWithTheirTimes() throws {
        let root = NSTemporaryDirectory() + "objects-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let store = LocalDirectoryObjectStore(root: root)
        try store.put(key: "screenshots/p1/a.png", bytes: [1], contentType: "image/png")
        try store.put(key: "screenshots/p2/b.jpg", bytes: [2], contentType: "image/jpeg")
        try store.put(key: "other/c.bin", bytes: [3], contentType: "application/octet-stream")
        let listed = try store.list(prefix: "screenshots/")
        XCTAssertEqual(listed.map(\.key), ["screenshots/p1/a.png", "screenshots/p2/b.jpg"])
        XCTAssertTrue(listed.allSatisfy { abs($0.modifiedAt.timeIntervalSinceNow) < 60 })
        XCTAssertEqual(try store.list(prefix: "none/"), [])
    }
}
