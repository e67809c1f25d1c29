import CSQLite
import Foundation
import XCTest

@testable import HubStore

/// `key_hash64`: the same value from SQL and from Swift, fixed values (FNV-1a 64 over each
/// part's length and bytes, computed independently), and NULL in, NULL out.
final class KeyHash64Tests: XCTestCase {
    private var path = ""

    override func setUp() {
        path = NSTemporaryDirectory() + "key-hash-\(UUID().uuidString).sqlite"
    }

    override func tearDown() {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    private func sql(_ expression: String, _ values: [SQLValue] = []) throws -> SQLValue {
        let db = try SQLiteDatabase(path: path)
        defer { db.close() }
        return try db.scalar("SELECT \(expression)", values)
    }

    func testKnownValuesFromSQLAndSwift() throws {
        // Given parts whose hashes were computed apart from this code
        let cases: [([String], Int64)] = [
            (["a"], 5_952_155_467_226_901_439),
            (["p1", "email", "ana@example.com"], 1_698_800_801_367_858_839),
            (["ab", "c"], 9_106_356_563_233_852_118),
            (["a", "bc"], -5_035_553_188_245_874_454),
            (["é"], -7_088_612_129_984_877_217),
        ]
        for (parts, expected) in cases {
            // When hashed in Swift and by the SQL function on a connection the store opened
            let placeholders = Array(repeating: "?", count: parts.count).joined(separator: ", ")
            let fromSQL = try sql("key_hash64(\(placeholders))", parts.map { .text($0) }).int64Value
            // Then both give the fixed value
            XCTAssertEqual(KeyHash64.of(parts), expected, "\(parts)")
            XCTAssertEqual(fromSQL, expected, "\(parts)")
        }
    }

    func testPartsAreNotJustConcatenated() throws {
        XCTAssertNotEqual(KeyHash64.of(["ab", "c"]), KeyHash64.of(["a", "bc"]))
        XCTAssertNotEqual(KeyHash64.of(["abc"]), KeyHash64.of(["ab", "c"]))
        XCTAssertNotEqual(KeyHash64.of(["", "a"]), KeyHash64.of(["a", ""]))
    }

    func testANullPartMakesNoHash() throws {
        XCTAssertNil(KeyHash64.of(["p1", nil, "x"]))
        XCTAssertEqual(try sql("key_hash64('p1', NULL, 'x') IS NULL").int64Value, 1)
        XCTAssertEqual(try sql("key_hash64(NULL) IS NULL").int64Value, 1)
    }

    func testAnIntegerPartIsHashedAsItsText() throws {
        XCTAssertEqual(try sql("key_hash64(12)").int64Value, KeyHash64.of(["12"]))
    }

    func testItIsDeterministicSoAnIndexOrAGeneratedColumnMayUseIt() throws {
        // Given a table whose generated column and index use the function
        let db = try SQLiteDatabase(path: path)
        defer { db.close() }
        try db.execute(
            """
            CREATE TABLE t(a TEXT, b TEXT, h INTEGER GENERATED ALWAYS AS (key_hash64(a, b)) STORED);
            CREATE INDEX t_h ON t(key_hash64(b, a));
            """)
        // When a row is written
        try db.run("INSERT INTO t(a, b) VALUES (?, ?)", [.text("x"), .text("y")])
        // Then both hold the value Swift computes
        XCTAssertEqual(try db.scalar("SELECT h FROM t").int64Value, KeyHash64.of(["x", "y"]))
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM t WHERE key_hash64(b, a) = ?", [.int(KeyHash64.of(["y", "x"])!)]).int64Value, 1)
    }
}
