import Foundation
import XCTest

@testable import HubRuntime
@testable import HubStore
@testable import IngestService

/// `0026_ideas_comments_feedback_checks_compared`: `ideas`, `comments` and `feedback` check
/// their allowed values by comparison instead of an IN list, and nothing else about them changes.
final class ComparedChecksMigrationTests: XCTestCase {
    private let stepName = "0026_ideas_comments_feedback_checks_compared"
    private let tables = ["ideas", "comments", "feedback"]

    /// A database migrated up to (not including) the step, with a project, its board and rows in
    /// the three tables: rowids with a gap, a pending idea, a merged one, comments,
    /// feedback of each type, and the ideas and the feedback in their search indexes.
    private func databaseBeforeTheStep() throws -> SQLiteDatabase {
        let db = try SQLiteDatabase(path: ":memory:")
        addTeardownBlock { db.close() }
        let step = try XCTUnwrap(IngestDaemon.migrations.firstIndex { $0.name == stepName })
        _ = try Migrator.apply(Array(IngestDaemon.migrations[..<step]), to: db)
        try db.insertOrganizationProjectAndBoard()
        let at = "2026-11-02T00:00:00.000Z"
        for (n, moderation) in [(1, nil), (2, "pending"), (3, "approved"), (4, "rejected"), (5, nil)] as [(Int, String?)] {
            try db.run(
                """
                INSERT INTO ideas (id, project_id, board_id, slug, title, description, moderation, vote_count, comment_count,
                                   created_at, last_activity_at, updated_at)
                VALUES (?, 'p1', 'b1', ?, ?, 'About pelicans', ?, ?, 1, ?, ?, ?)
                """,
                [
                    .text("i\(n)"), .text("idea-\(n)"), .text("Idea \(n) pelican"), SQLValue(moderation), .int(Int64(n)), .text(at),
                    .text(at), .text(at),
                ])
            try db.run(
                "INSERT INTO ideas_fts(rowid, title, description) SELECT rowid, title, description FROM ideas WHERE id = ?",
                [.text("i\(n)")])
            guard n != 3 else { continue }  // removed below
            try db.run(
                "INSERT INTO comments (id, idea_id, project_id, body, moderation, created_at) VALUES (?, ?, 'p1', 'Yes', ?, ?)",
                [.text("c\(n)"), .text("i\(n)"), SQLValue(moderation), .text(at)])
        }
        try db.run("UPDATE ideas SET merged_into_id = 'i1' WHERE id = 'i5'")
        try db.run("DELETE FROM ideas WHERE id = 'i3'")
        for (n, type) in ["problem", "suggestion", "comment"].enumerated() {
            try db.run(
                """
                INSERT INTO feedback (id, project_id, type, message, page_url, viewport_width, viewport_height, status, priority,
                                      correlation_id, created_at, updated_at)
                VALUES (?, 'p1', ?, 'The pelican button', 'https://example.com', 390, 844, ?, ?, ?, ?, ?)
                """,
                [
                    .text("f\(n)"), .text(type), .text(["todo", "in_progress", "done"][n]), .text(["none", "high", "urgent"][n]),
                    .text("corr\(n)"), .text(at), .text(at),
                ])
        }
        return db
    }

    /// Every row of `table` with its rowid, each value quoted as SQL writes it.
    private func rows(_ db: SQLiteDatabase, _ table: String) throws -> [String] {
        let columns = try db.query("SELECT name FROM pragma_table_xinfo(?)", [.text(table)]).compactMap { $0.string(0) }
        let quoted = (["rowid"] + columns).map { "quote(\($0))" }.joined(separator: " || ',' || ")
        return try db.query("SELECT \(quoted) FROM \(table) ORDER BY rowid").compactMap { $0.string(0) }
    }

    private func columns(_ db: SQLiteDatabase, _ table: String) throws -> [String] {
        try db.query(
            "SELECT name || ' ' || type || ' ' || \"notnull\" || ' ' || coalesce(dflt_value, 'NULL') || ' ' || pk || ' ' || hidden FROM pragma_table_xinfo(?)",
            [.text(table)]
        ).compactMap { $0.string(0) }
    }

    /// Every index and trigger of the three tables, by name, table and SQL.
    private func indexesAndTriggers(_ db: SQLiteDatabase) throws -> [String] {
        try db.query(
            "SELECT type || ' ' || name || ' ' || tbl_name || ' ' || coalesce(sql, '') FROM sqlite_schema WHERE type != 'table' AND tbl_name IN ('ideas', 'comments', 'feedback') ORDER BY name"
        ).compactMap { $0.string(0) }
    }

    private func usesAnEphemeralTable(_ db: SQLiteDatabase, _ insert: String) throws -> Bool {
        try db.query("EXPLAIN " + insert, [.text("explained"), .null]).contains { $0.string("opcode") == "OpenEphemeral" }
    }

    private let inserts = [
        "INSERT INTO ideas (id, project_id, board_id, slug, title, moderation, created_at, last_activity_at, updated_at) VALUES (?1, 'p1', 'b1', ?1, 'T', ?2, 'a', 'a', 'a')",
        "INSERT INTO comments (id, idea_id, project_id, body, moderation, created_at) VALUES (?1, 'i1', 'p1', 'B', ?2, 'a')",
        "INSERT INTO feedback (id, project_id, type, message, page_url, viewport_width, viewport_height, correlation_id, created_at, updated_at) VALUES (?1, 'p1', ?2, 'M', 'u', 1, 1, 'c', 'a', 'a')",
    ]

    func testTheTablesKeepTheirRowsColumnsIndexesTriggersAndSearchAcrossTheStep() throws {
        // Given the three tables before the step, whose inserts check their values with an ephemeral table
        let db = try databaseBeforeTheStep()
        for insert in inserts { XCTAssertTrue(try usesAnEphemeralTable(db, insert), insert) }
        let rowsBefore = try tables.map { try rows(db, $0) }
        let columnsBefore = try tables.map { try columns(db, $0) }
        let schemaBefore = try indexesAndTriggers(db)
        let searchBefore = try db.query("SELECT rowid FROM ideas_fts WHERE ideas_fts MATCH 'pelican' ORDER BY rowid").map { $0[0] }
        XCTAssertEqual(rowsBefore.map(\.count), [4, 4, 3])
        XCTAssertEqual(schemaBefore.count, 12 + 3 + 8)

        // When the step runs
        let through = try XCTUnwrap(IngestDaemon.migrations.firstIndex { $0.name == stepName })
        XCTAssertEqual(try Migrator.apply(Array(IngestDaemon.migrations[...through]), to: db), [stepName])

        // Then every row is there with its rowid, the columns, indexes and triggers are as they
        // were, the search index finds the same rows, and nothing refers to a missing row
        XCTAssertEqual(try tables.map { try rows(db, $0) }, rowsBefore)
        XCTAssertEqual(try tables.map { try columns(db, $0) }, columnsBefore)
        XCTAssertEqual(try indexesAndTriggers(db), schemaBefore)
        XCTAssertEqual(
            try db.query("SELECT rowid FROM ideas_fts WHERE ideas_fts MATCH 'pelican' ORDER BY rowid").map { $0[0] }, searchBefore)
        XCTAssertEqual(try db.query("SELECT rowid FROM feedback_fts WHERE feedback_fts MATCH 'pelican'").count, 3)
        XCTAssertEqual(try db.query("PRAGMA foreign_key_check").count, 0)
        XCTAssertEqual(try db.integrityCheck(), ["ok"])
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM sqlite_schema WHERE name LIKE '%compared%'").intValue, 0)

        // And an insert no longer makes an ephemeral table to check its values
        for insert in inserts { XCTAssertFalse(try usesAnEphemeralTable(db, insert), insert) }

        // And the search index still follows an edit and a removal through the triggers
        try db.run("UPDATE ideas SET title = 'Idea about herons' WHERE id = 'i2'")
        try db.run("DELETE FROM comments WHERE idea_id = 'i4'")
        try db.run("DELETE FROM ideas WHERE id = 'i4'")
        XCTAssertEqual(
            try db.query(
                "SELECT i.id FROM ideas_fts f JOIN ideas i ON i.rowid = f.rowid WHERE ideas_fts MATCH 'pelican OR herons' ORDER BY i.id"
            )
            .compactMap { $0.string(0) }, ["i1", "i2", "i5"])
        XCTAssertEqual(try db.query("INSERT INTO ideas_fts(ideas_fts, rank) VALUES ('integrity-check', 1)").count, 0)
    }

    func testEachAllowedValuePassesAndAnyOtherIsRefusedAsBefore() throws {
        // Given the migrated tables
        let db = try databaseBeforeTheStep()
        _ = try Migrator.apply(IngestDaemon.migrations, to: db)

        // Then every allowed value is stored, NULL where the column allows it, and a value
        // differing in case or not on the list is refused with a CHECK failure, changing nothing
        let cases: [(table: String, insert: String, allowed: [String?], refused: [String])] = [
            ("ideas", inserts[0], [nil, "pending", "approved", "rejected"], ["Pending", "approved ", "hidden", ""]),
            ("comments", inserts[1], [nil, "pending", "approved", "rejected"], ["REJECTED", "spam"]),
            ("feedback", inserts[2], ["problem", "suggestion", "comment"], ["Problem", "bug", ""]),
        ]
        var n = 0
        for (table, insert, allowed, refused) in cases {
            for value in allowed {
                n += 1
                XCTAssertNoThrow(try db.run(insert, [.text("new\(n)"), SQLValue(value)]), "\(insert) \(value ?? "NULL")")
            }
            for value in refused {
                n += 1
                XCTAssertThrowsError(try db.run(insert, [.text("new\(n)"), .text(value)])) {
                    XCTAssertTrue("\($0)".contains("CHECK constraint failed"), "\($0)")
                }
                XCTAssertEqual(try db.scalar("SELECT count(*) FROM \(table) WHERE id = ?", [.text("new\(n)")]).intValue, 0)
            }
        }
        XCTAssertThrowsError(try db.run(inserts[2], [.text("null-type"), .null]))
        for (column, allowed, refused) in [
            ("status", ["todo", "in_progress", "done"], ["Done", "closed"]),
            ("priority", ["none", "low", "medium", "high", "urgent"], ["critical", "High"]),
        ] {
            for value in allowed { XCTAssertNoThrow(try db.run("UPDATE feedback SET \(column) = ? WHERE id = 'f0'", [.text(value)])) }
            for value in refused {
                XCTAssertThrowsError(try db.run("UPDATE feedback SET \(column) = ? WHERE id = 'f0'", [.text(value)]))
                XCTAssertEqual(try db.scalar("SELECT \(column) FROM feedback WHERE id = 'f0'").stringValue, allowed.last)
            }
        }
    }
}
