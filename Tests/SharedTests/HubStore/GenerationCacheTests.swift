import Foundation
import XCTest

@testable import HubStore

final class GenerationCacheTests: XCTestCase {
    final class Generation: GenerationSource, @unchecked Sendable {
        var generation: Int64 = 0
    }

    func testAByteBudgetKeepsCurrentEntriesFirstAndNeverOverflows() {
        // Given a cache of 1,000 bytes where a value costs its length (plus its key's)
        let cache = GenerationCache<String>(capacity: 100, maxBytes: 1_000) { $0.utf8.count }
        let source = Generation()
        var computed = 0
        func read(_ key: String, _ length: Int) -> String {
            cache.value(for: key, in: source) {
                computed += 1
                return String(repeating: "v", count: length)
            }
        }
        // When values of 296 bytes (300 with their key) are read until the budget is full
        for key in ["k001", "k002", "k003"] { _ = read(key, 296) }
        XCTAssertEqual(cache.bytes, 900)
        XCTAssertEqual(computed, 3)
        _ = read("k001", 296)
        XCTAssertEqual(computed, 3, "a hit")
        // And a fourth one does not fit beside them: the current entries are all dropped
        _ = read("k004", 296)
        XCTAssertEqual(cache.count, 1)
        XCTAssertEqual(cache.bytes, 300)
        // And after a write, stale entries go first and current ones stay
        source.generation = 1
        for key in ["k005", "k006", "k007"] { _ = read(key, 296) }
        XCTAssertEqual(cache.count, 3)
        XCTAssertEqual(cache.bytes, 900)
        for key in ["k005", "k006", "k007"] { _ = read(key, 296) }
        XCTAssertEqual(computed, 7, "k004 went, k005 to k007 stayed")
        // And a value costing more than the whole budget is returned but not kept
        XCTAssertEqual(read("k008", 997).utf8.count, 997)
        XCTAssertEqual(cache.count, 3)
        // And a key computed again counts its new cost only
        source.generation = 2
        _ = read("k005", 96)
        XCTAssertEqual(cache.bytes, 700)
    }

    func testWithoutACostOnlyTheEntryCountBounds() {
        // Given a cache of two entries
        let cache = GenerationCache<Int>(capacity: 2)
        let source = Generation()
        for key in ["a", "b", "c"] { _ = cache.value(for: key, in: source) { 1 } }
        // Then the third emptied the map before being kept, and no bytes are counted
        XCTAssertEqual(cache.count, 1)
        XCTAssertEqual(cache.bytes, 0)
    }
}
