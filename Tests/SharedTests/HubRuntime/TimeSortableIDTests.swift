import XCTest

@testable import HubRuntime

final class TimeSortableIDTests: XCTestCase {
    func testIDsSortByCreationTimeEvenWithinOneMillisecond() {
        // Given a clock that does not move
        let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))
        let ids = TimeSortableID(clock: clock)
        // When many IDs are made in the same millisecond and then later
        var made = (0..<1000).map { _ in ids.next() }
        clock.advance(by: 0.001)
        made.append(ids.next())
        // Then string order is creation order and all are distinct UUIDv7 text
        XCTAssertEqual(made, made.sorted())
        XCTAssertEqual(Set(made).count, made.count)
        XCTAssertTrue(made.allSatisfy { $0.count == 36 && Array($0)[14] == "7" })
        XCTAssertEqual(TimeSortableID.timestamp(of: made[0])!.timeIntervalSince1970, 1_800_000_000, accuracy: 0.001)
    }

    func testConcurrentCallersNeverCollide() {
        let ids = TimeSortableID(clock: SystemClock())
        let lock = NSLock()
        var all: [String] = []
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let mine = (0..<500).map { _ in ids.next() }
            lock.withLock { all += mine }
        }
        XCTAssertEqual(Set(all).count, 4000)
    }
}
