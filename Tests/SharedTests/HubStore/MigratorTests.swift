import Foundation
import XCTest

@testable import HubRuntime
@testable import HubStore

final class MigratorTests: XCTestCase {
    private var directory = ""
    private let clock = ManualClock(Date(timeIntervalSince1970: 1_700_000_000))

    private let createNote = Migration(
        name: "001_note",
        sql: """
            CREATE TABLE note(id INTEGER PRIMARY KEY, body TEXT NOT NULL);
            INSERT INTO note(body) VALUES ('seeded');
            """)
    private let createTag = Migration(name: "002_tag", sql: "CREATE TABLE tag(id INTEGER PRIMARY KEY, label TEXT UNIQUE)")
    private let addNoteColor = Migration(name: "003_note_color", sql: "ALTER TABLE note ADD COLUMN color TEXT")

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "migrator-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func open() throws -> SQLiteDatabase { try SQLiteDatabase(path: directory + "/store.sqlite") }

    private func schema(_ db: SQLiteDatabase) throws -> [String] {
        try db.query("SELECT type, name, sql FROM sqlite_schema ORDER BY name")
            .map { "\($0.string("type") ?? "")|\($0.string("name") ?? "")|\($0.string("sql") ?? "")" }
    }

    private func history(_ db: SQLiteDatabase) throws -> [String] {
        try db.query("SELECT seq, name FROM schema_migrations ORDER BY seq").map { "\($0.int("seq") ?? -1):\($0.string("name") ?? "")" }
    }

    private func assertMismatch(_ expression: @autoclosure () throws -> [String], line: UInt = #line) {
        XCTAssertThrowsError(try expression(), line: line) { error in
            guard case .migrationMismatch? = error as? StoreError else { return XCTFail("\(error)", line: line) }
            XCTAssertEqual((error as? StoreError)?.code, "STORE_MIGRATION_MISMATCH", line: line)
        }
    }

    func testMigrationsAreAppliedOnceAcrossTwoOpens() throws {
        // Given
        let first = try open()
        let appliedFirst = try Migrator.apply([createNote, createTag], to: first, clock: clock)
        try first.run("INSERT INTO note(body) VALUES (?)", ["written"])
        first.close()
        // When
        let second = try open()
        let appliedSecond = try Migrator.apply([createNote, createTag], to: second, clock: clock)
        // Then
        XCTAssertEqual(appliedFirst, ["001_note", "002_tag"])
        XCTAssertEqual(appliedSecond, [])
        XCTAssertEqual(try second.query("SELECT body FROM note ORDER BY id").compactMap { $0.string(0) }, ["seeded", "written"])
        let rows = try second.query("SELECT seq, name, applied_at FROM schema_migrations ORDER BY seq")
        XCTAssertEqual(rows.map { $0.int("seq") }, [1, 2])
        XCTAssertEqual(rows.map { $0.string("name") }, ["001_note", "002_tag"])
        XCTAssertEqual(rows.map { $0.string("applied_at") }, Array(repeating: "2023-11-14T22:13:20.000Z", count: 2))
    }

    func testAddingAMigrationLaterAppliesOnlyIt() throws {
        // Given
        let db = try open()
        _ = try Migrator.apply([createNote, createTag], to: db, clock: clock)
        clock.advance(by: 60)
        // When
        let applied = try Migrator.apply([createNote, createTag, addNoteColor], to: db, clock: clock)
        // Then
        XCTAssertEqual(applied, ["003_note_color"])
        XCTAssertEqual(try history(db), ["1:001_note", "2:002_tag", "3:003_note_color"])
        XCTAssertEqual(try db.scalar("SELECT applied_at FROM schema_migrations WHERE seq = 3"), "2023-11-14T22:14:20.000Z")
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM note"), 1, "step 1 did not run again")
        XCTAssertEqual(try db.query("SELECT * FROM note").first?.columns, ["id", "body", "color"])
    }

    func testReorderedHistoryIsMismatchAndSchemaUnchanged() throws {
        // Given
        let db = try open()
        _ = try Migrator.apply([createNote, createTag], to: db, clock: clock)
        let before = try schema(db)
        // When / Then
        assertMismatch(try Migrator.apply([createTag, createNote, addNoteColor], to: db, clock: clock))
        XCTAssertEqual(try schema(db), before)
        XCTAssertEqual(try history(db), ["1:001_note", "2:002_tag"])
    }

    func testRenamedStepIsMismatchAndNothingApplied() throws {
        // Given
        let db = try open()
        _ = try Migrator.apply([createNote, createTag], to: db, clock: clock)
        let before = try schema(db)
        let renamed = Migration(name: "002_tags", sql: createTag.sql)
        // When / Then
        assertMismatch(try Migrator.apply([createNote, renamed, addNoteColor], to: db, clock: clock))
        XCTAssertEqual(try schema(db), before)
    }

    func testRecordedStepMissingFromListIsMismatch() throws {
        // Given
        let db = try open()
        _ = try Migrator.apply([createNote, createTag], to: db, clock: clock)
        // When / Then
        assertMismatch(try Migrator.apply([createNote], to: db, clock: clock))
    }

    func testDuplicateNamesAreMismatchAndNothingApplied() throws {
        // Given
        let db = try open()
        let twin = Migration(name: createNote.name, sql: "CREATE TABLE twin(x)")
        // When / Then
        assertMismatch(try Migrator.apply([createNote, createTag, twin], to: db, clock: clock))
        XCTAssertEqual(try schema(db), [])
    }

    func testFailingStepRollsBackItsWorkAndRecord() throws {
        // Given
        let db = try open()
        let broken = Migration(
            name: "002_broken",
            sql: """
                CREATE TABLE partial(x INTEGER);
                INSERT INTO partial VALUES (1);
                INSERT INTO no_such_table VALUES (1);
                """)
        // When
        XCTAssertThrowsError(try Migrator.apply([createNote, broken], to: db, clock: clock)) {
            XCTAssertEqual(($0 as? StoreError)?.code, "STORE_SQLITE")
        }
        // Then
        XCTAssertEqual(try history(db), ["1:001_note"])
        XCTAssertNil(try db.queryOne("SELECT name FROM sqlite_schema WHERE name = 'partial'"))
        XCTAssertFalse(db.isInTransaction)
        let fixed = Migration(name: "002_broken", sql: "CREATE TABLE partial(x INTEGER)")
        XCTAssertEqual(try Migrator.apply([createNote, fixed], to: db, clock: clock), ["002_broken"])
    }

    func testStepWithForeignKeysOffCanRebuildAReferencedTable() throws {
        // Given
        let db = try open()
        let tables = Migration(
            name: "001_tables",
            sql: """
                CREATE TABLE parent(id INTEGER PRIMARY KEY, name TEXT);
                CREATE TABLE child(id INTEGER PRIMARY KEY, parent_id INTEGER NOT NULL REFERENCES parent(id));
                INSERT INTO parent VALUES (1, 'p');
                INSERT INTO child VALUES (10, 1);
                """)
        let rebuild = """
            CREATE TABLE parent_new(id INTEGER PRIMARY KEY, name TEXT NOT NULL DEFAULT '');
            INSERT INTO parent_new SELECT id, name FROM parent;
            DROP TABLE parent;
            ALTER TABLE parent_new RENAME TO parent;
            """
        _ = try Migrator.apply([tables], to: db, clock: clock)
        // When
        XCTAssertThrowsError(try Migrator.apply([tables, Migration(name: "002_rebuild", sql: rebuild)], to: db, clock: clock)) {
            guard case .constraint? = $0 as? StoreError else { return XCTFail("\($0)") }
        }
        let applied = try Migrator.apply(
            [tables, Migration(name: "002_rebuild", sql: rebuild, disablesForeignKeys: true)],
            to: db, clock: clock)
        // Then
        XCTAssertEqual(applied, ["002_rebuild"])
        XCTAssertEqual(try db.scalar("SELECT p.name FROM child c JOIN parent p ON p.id = c.parent_id"), "p")
        XCTAssertEqual(try db.scalar("PRAGMA foreign_keys"), 1, "enforcement is back on")
        XCTAssertThrowsError(try db.run("INSERT INTO child VALUES (11, 99)"))
    }

    func testStepWithForeignKeysOffLeavingViolationsIsRolledBack() throws {
        // Given
        let db = try open()
        let tables = Migration(
            name: "001_tables",
            sql: """
                CREATE TABLE parent(id INTEGER PRIMARY KEY);
                CREATE TABLE child(id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parent(id));
                INSERT INTO parent VALUES (1);
                INSERT INTO child VALUES (10, 1);
                """)
        let orphaning = Migration(name: "002_orphan", sql: "DELETE FROM parent", disablesForeignKeys: true)
        // When
        XCTAssertThrowsError(try Migrator.apply([tables, orphaning], to: db, clock: clock)) {
            guard case .constraint? = $0 as? StoreError else { return XCTFail("\($0)") }
        }
        // Then
        XCTAssertEqual(try history(db), ["1:001_tables"])
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM parent"), 1)
        XCTAssertEqual(try db.scalar("PRAGMA foreign_keys"), 1)
    }
}
