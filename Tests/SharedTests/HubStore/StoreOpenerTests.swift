import Foundation
import XCTest

@testable import HubRuntime
@testable import HubStore

final class StoreOpenerTests: XCTestCase {
    private var directory = ""
    private let migrations = [
        Migration(name: "001_item", sql: "CREATE TABLE item(id INTEGER PRIMARY KEY, name TEXT); CREATE INDEX item_name ON item(name);"),
        Migration(name: "002_extra", sql: "CREATE TABLE extra(id INTEGER PRIMARY KEY)"),
    ]

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "store-opener-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    func testOpenCreatesPrivateFilesAppliesMigrationsAndLogsThem() throws {
        // Given
        let path = directory + "/data/nested/ingest.sqlite"
        let sink = MemoryLogSink()
        let logger = Logger(daemon: "test", sink: sink)
        // When
        let db = try StoreOpener.open(path: path, migrations: migrations, logger: logger)
        try db.run("INSERT INTO item(name) VALUES (?)", ["a"])
        db.close()
        let again = try StoreOpener.open(path: path, migrations: migrations, logger: logger)
        // Then
        XCTAssertEqual(try again.scalar("SELECT count(*) FROM item"), 1)
        XCTAssertEqual(try again.journalMode(), "wal")
        XCTAssertEqual(try mode(path), 0o600)
        XCTAssertEqual(try mode(directory + "/data/nested"), 0o700)
        XCTAssertEqual(sink.lines.count, 2)
        XCTAssertTrue(sink.lines[0].contains("\"migrations\":\"001_item,002_extra\""), sink.lines[0])
        XCTAssertTrue(sink.lines[1].contains("\"migrationsApplied\":0"), sink.lines[1])
    }

    func testDatabaseFailingIntegrityCheckIsRefused() throws {
        // Given: an index whose recorded definition no longer matches its content
        let path = directory + "/broken.sqlite"
        let setup = try SQLiteDatabase(path: path)
        try setup.execute(
            """
            CREATE TABLE item(id INTEGER PRIMARY KEY, name TEXT, other TEXT);
            CREATE INDEX item_name ON item(name);
            INSERT INTO item(name, other) VALUES ('a', 'x'), ('b', 'y');
            PRAGMA writable_schema=ON;
            UPDATE sqlite_schema SET sql = 'CREATE INDEX item_name ON item(other)' WHERE name = 'item_name';
            PRAGMA writable_schema=OFF;
            """)
        setup.close()
        let sink = MemoryLogSink()
        // When
        XCTAssertThrowsError(try StoreOpener.open(path: path, migrations: migrations, logger: Logger(daemon: "t", sink: sink))) { error in
            // Then
            guard case .integrityCheckFailed(let rows)? = error as? StoreError else { return XCTFail("\(error)") }
            XCTAssertFalse(rows.isEmpty)
            XCTAssertNotEqual(rows, ["ok"])
        }
        let inspect = try SQLiteDatabase(path: path)
        XCTAssertNil(try inspect.queryOne("SELECT name FROM sqlite_schema WHERE name = 'schema_migrations'"), "no migration ran")
        XCTAssertTrue(sink.lines.first?.contains("store open failed") ?? false)
    }
}
