import Foundation
import XCTest

@testable import HubRuntime
@testable import HubStore

/// What `check-store` (restore, `backup --verify`, `up`) decides about a store file.
final class StoreInspectionTests: XCTestCase {
    private var directory = ""
    private let steps = [
        Migration(
            name: "0001_daemon_meta",
            sql: "CREATE TABLE daemon_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL); INSERT INTO daemon_meta VALUES ('daemon', 'chatd');"
        ),
        Migration(name: "0002_item", sql: "CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT); CREATE INDEX item_name ON item(name);"),
        Migration(name: "0003_extra", sql: "CREATE TABLE extra (id INTEGER PRIMARY KEY)"),
    ]

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "store-inspection-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// A store at `level` migrations, closed (so its WAL is folded in).
    private func store(level: Int, name: String = "chatd.sqlite", rows: Int = 0) throws -> String {
        let path = directory + "/" + name
        let db = try StoreOpener.open(path: path, migrations: Array(steps.prefix(level)), logger: nil)
        for i in 0..<rows { try db.run("INSERT INTO item (name) VALUES (?)", [.text("row \(i) " + String(repeating: "x", count: 200))]) }
        db.close()
        return path
    }

    private func thrown(_ body: () throws -> Void) -> StoreCheckError? {
        do {
            try body()
            return nil
        } catch { return error as? StoreCheckError }
    }

    func testAStoreAtTheBuildsLevelIsUsableAndNotBehind() throws {
        // Given a store with all three migrations
        let inspection = try StoreInspection.inspect(path: try store(level: 3))
        // Then a build knowing three takes it as it is
        XCTAssertNil(thrown { try inspection.check(daemon: "chatd", known: steps) })
        XCTAssertEqual(inspection.level, 3)
        XCTAssertEqual(inspection.owner, "chatd")
        XCTAssertFalse(inspection.isBehind(known: steps))
    }

    func testAStoreOneMigrationBehindIsUsableAndBehind() throws {
        // Given a store with two of the three migrations
        let inspection = try StoreInspection.inspect(path: try store(level: 2))
        // Then the build takes it and would migrate it
        XCTAssertNil(thrown { try inspection.check(daemon: "chatd", known: steps) })
        XCTAssertTrue(inspection.isBehind(known: steps))
    }

    func testAStoreOneMigrationNewerThanTheBuildIsRefused() throws {
        // Given a store with three migrations
        let path = try store(level: 3)
        let inspection = try StoreInspection.inspect(path: path)
        // When checked against a build that knows two
        let error = thrown { try inspection.check(daemon: "chatd", known: Array(steps.prefix(2))) }
        // Then it is refused as newer, naming the file
        XCTAssertEqual(error?.code, "STORE_NEWER_THAN_BUILD")
        XCTAssertEqual(error?.path, path)
    }

    func testARecordedMigrationThisBuildDoesNotHaveIsRefused() throws {
        // Given a store whose second step has a name this build does not know
        let inspection = try StoreInspection.inspect(path: try store(level: 2))
        var other = steps
        other[1] = Migration(name: "0002_something_else", sql: "SELECT 1")
        // Then it is refused
        XCTAssertEqual(thrown { try inspection.check(daemon: "chatd", known: other) }?.code, "STORE_UNKNOWN_MIGRATION")
    }

    func testAnotherDaemonsStoreIsRefused() throws {
        let inspection = try StoreInspection.inspect(path: try store(level: 3))
        XCTAssertEqual(thrown { try inspection.check(daemon: "pushd", known: steps) }?.code, "STORE_WRONG_OWNER")
        XCTAssertNil(thrown { try inspection.check(daemon: "chatd", known: steps) })
    }

    func testADamagedFileFailsTheIntegrityCheckNamingIt() throws {
        // Given a store whose pages after the first were overwritten
        let path = try store(level: 3, rows: 200)
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try handle.seek(toOffset: 4096 * 2)
        handle.write(Data(repeating: 0xA5, count: 4096 * 3))
        try handle.close()
        // When inspected and checked
        let inspection = try StoreInspection.inspect(path: path)
        let error = thrown { try inspection.check(daemon: "chatd", known: steps) }
        // Then the check fails on integrity and names the file
        XCTAssertNotEqual(inspection.integrity, ["ok"])
        XCTAssertEqual(error?.code, "STORE_INTEGRITY_CHECK_FAILED")
        XCTAssertEqual(error?.path, path)
    }

    func testInspectingChangesNoByteAndLeavesNoWALBeside() throws {
        // Given a store
        let path = try store(level: 3, rows: 10)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        // When inspected
        _ = try StoreInspection.inspect(path: path)
        // Then the file is the same and nothing was created beside it
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["chatd.sqlite"])
    }

    func testAMissingFileIsNamed() {
        let path = directory + "/nothing.sqlite"
        XCTAssertThrowsError(try StoreInspection.inspect(path: path)) { error in
            XCTAssertEqual(error as? StoreCheckError, .missing(path: path))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "inspecting never creates a store")
    }
}
