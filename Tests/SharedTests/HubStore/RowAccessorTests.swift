import Foundation
import XCTest

@testable import HubStore

/// The throwing column reads: a value when the column holds one, otherwise
/// `StoreError.column` naming the table and column, never the value.
final class RowAccessorTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "row-accessor-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// A table of every storage class with one full row and one of NULLs.
    private func openWithAccounts() throws -> SQLiteDatabase {
        let db = try SQLiteDatabase(path: directory + "/store.sqlite")
        try db.execute(
            """
            CREATE TABLE account(id INTEGER PRIMARY KEY, name TEXT, balance REAL, active INTEGER, secret BLOB);
            CREATE TABLE tag(account_id INTEGER, label TEXT);
            """)
        try db.run("INSERT INTO account VALUES (1, 'ann', 2.5, 1, x'0102'), (2, NULL, NULL, NULL, NULL)")
        try db.run("INSERT INTO tag VALUES (1, 'gold')")
        return db
    }

    private func columnError(_ body: () throws -> Any) -> StoreError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error as? StoreError
        }
    }

    func testAccessorsReturnTheValuesByNameAndPosition() throws {
        // Given
        let db = try openWithAccounts()
        // When
        let row = try XCTUnwrap(db.queryOne("SELECT * FROM account WHERE id = 1"))
        // Then
        XCTAssertEqual(try row.integer("id"), 1)
        XCTAssertEqual(try row.text("name"), "ann")
        XCTAssertEqual(try row.text("NAME"), "ann", "column names are case-insensitive")
        XCTAssertEqual(try row.real("balance"), 2.5)
        XCTAssertEqual(try row.real("id"), 1.0, "an integer reads as a real, as double() does")
        XCTAssertEqual(try row.flag("active"), true)
        XCTAssertEqual(try row.bytes("secret"), [1, 2])
        XCTAssertEqual(try row.text(1), "ann")
        XCTAssertEqual(try row.integer(0), 1)
        XCTAssertEqual(try row.real(2), 2.5)
        XCTAssertEqual(try row.flag(3), true)
        XCTAssertEqual(try row.bytes(4), [1, 2])
    }

    func testAMissingColumnThrowsNamingTheStatementsTableAndTheColumn() throws {
        // Given a column renamed under a cached `SELECT *`
        let db = try openWithAccounts()
        XCTAssertEqual(try db.queryOne("SELECT * FROM account WHERE id = 1")?.text("name"), "ann")
        try db.execute("ALTER TABLE account RENAME COLUMN name TO display_name")
        // When the old name is read
        let row = try XCTUnwrap(db.queryOne("SELECT * FROM account WHERE id = 1"))
        // Then
        XCTAssertEqual(columnError { try row.text("name") }, .column(table: "account", column: "name", problem: .missing))
        XCTAssertEqual(columnError { try row.integer(9) }, .column(table: "account", column: "#9", problem: .missing))
        XCTAssertEqual(try row.text("display_name"), "ann")
    }

    func testNullThrowsNamingTableAndColumn() throws {
        // Given
        let db = try openWithAccounts()
        // When
        let row = try XCTUnwrap(db.queryOne("SELECT * FROM account WHERE id = 2"))
        // Then every type reports NULL, by name and by position
        XCTAssertEqual(columnError { try row.text("name") }, .column(table: "account", column: "name", problem: .null))
        XCTAssertEqual(columnError { try row.real("balance") }, .column(table: "account", column: "balance", problem: .null))
        XCTAssertEqual(columnError { try row.flag("active") }, .column(table: "account", column: "active", problem: .null))
        XCTAssertEqual(columnError { try row.bytes("secret") }, .column(table: "account", column: "secret", problem: .null))
        XCTAssertEqual(columnError { try row.text(1) }, .column(table: "account", column: "name", problem: .null))
        XCTAssertNil(row.string("name"), "the optional accessor still answers nil")
    }

    func testAWrongStorageClassThrowsNamingBothClassesButNotTheValue() throws {
        // Given a secret stored where an integer is expected
        let db = try openWithAccounts()
        try db.run("UPDATE account SET active = 'tok_live_9f8e7d', balance = 'x' WHERE id = 1")
        let row = try XCTUnwrap(db.queryOne("SELECT * FROM account WHERE id = 1"))
        // When
        let error = columnError { try row.integer("active") }
        // Then
        XCTAssertEqual(error, .column(table: "account", column: "active", problem: .wrongType(expected: "integer", found: "text")))
        XCTAssertEqual(error?.code, "STORE_COLUMN")
        let described = String(describing: try XCTUnwrap(error))
        XCTAssertEqual(described, "STORE_COLUMN: column active of account is text, not integer")
        XCTAssertFalse(described.contains("tok_live"), "the value never appears")
        XCTAssertEqual(
            columnError { try row.real("balance") },
            .column(table: "account", column: "balance", problem: .wrongType(expected: "real", found: "text")))
        XCTAssertEqual(
            columnError { try row.text("id") },
            .column(table: "account", column: "id", problem: .wrongType(expected: "text", found: "integer")))
        XCTAssertEqual(
            columnError { try row.bytes("name") },
            .column(table: "account", column: "name", problem: .wrongType(expected: "blob", found: "text")))
    }

    func testAJoinNamesEachColumnsOwnTableAndAllTablesForAMissingOne() throws {
        // Given
        let db = try openWithAccounts()
        // When
        let row = try XCTUnwrap(
            db.queryOne(
                """
                SELECT a.id, a.name, t.label AS tag_label, NULL AS note FROM account a JOIN tag t ON t.account_id = a.id
                """))
        // Then an aliased column names the table it was read from; a missing one or an
        // expression names every table of the result
        try db.run("UPDATE tag SET label = NULL")
        let nulled = try XCTUnwrap(db.queryOne("SELECT a.id, t.label AS tag_label FROM account a JOIN tag t ON t.account_id = a.id"))
        XCTAssertEqual(columnError { try nulled.text("tag_label") }, .column(table: "tag", column: "tag_label", problem: .null))
        XCTAssertEqual(columnError { try row.text("label") }, .column(table: "account, tag", column: "label", problem: .missing))
        XCTAssertEqual(columnError { try row.text("note") }, .column(table: "account, tag", column: "note", problem: .null))
    }

    func testAResultOfExpressionsNamesTheFirstTableOfItsSQL() throws {
        // Given an aggregate over an empty selection, which has no column origin
        let db = try openWithAccounts()
        // When
        let row = try XCTUnwrap(db.queryOne("SELECT max(balance) AS top FROM \"account\" WHERE id > 9"))
        // Then
        XCTAssertEqual(columnError { try row.real("top") }, .column(table: "account", column: "top", problem: .null))
        XCTAssertEqual(RowLayout.firstTable(in: "INSERT INTO tag(label) VALUES (1) RETURNING rowid"), "tag")
        XCTAssertEqual(RowLayout.firstTable(in: "UPDATE [account] SET id = 1"), "account")
        XCTAssertNil(RowLayout.firstTable(in: "SELECT 1"))
        XCTAssertEqual(
            columnError { try Row(columns: ["a"], values: [.null]).text("a") },
            .column(table: "result", column: "a", problem: .null))
        XCTAssertEqual(
            columnError { try Row(columns: ["a"], values: [.null], table: "fake").text("a") },
            .column(table: "fake", column: "a", problem: .null))
    }

    func testAColumnReaderThrowsAsARowDoes() throws {
        // Given
        let db = try openWithAccounts()
        let sql = "SELECT id, name, balance FROM account ORDER BY id"
        // When the full row is read
        let full = try db.query(sql + " LIMIT 1") { columns in (try columns.integer(0), try columns.text(1), try columns.real(2)) }
        // Then
        XCTAssertEqual(full.count, 1)
        XCTAssertEqual(full.first?.0, 1)
        XCTAssertEqual(full.first?.1, "ann")
        XCTAssertEqual(full.first?.2, 2.5)
        // And the row of NULLs, another storage class and a position out of range throw
        XCTAssertEqual(columnError { try db.query(sql) { try $0.text(1) } }, .column(table: "account", column: "name", problem: .null))
        XCTAssertEqual(
            columnError { try db.query(sql) { try $0.text(0) } },
            .column(table: "account", column: "id", problem: .wrongType(expected: "text", found: "integer")))
        XCTAssertEqual(columnError { try db.query(sql) { try $0.integer(3) } }, .column(table: "account", column: "#3", problem: .missing))
        XCTAssertEqual(
            columnError { try db.query("SELECT count(*) AS n, NULL AS x FROM tag") { try $0.real(1) } },
            .column(table: "tag", column: "x", problem: .null))
        // And the statement stays usable
        XCTAssertEqual(try db.query(sql) { $0.string(1) }, ["ann", nil])
    }
}
