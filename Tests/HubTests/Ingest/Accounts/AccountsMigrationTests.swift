import Foundation
import XCTest

@testable import HubRuntime
@testable import HubStore
@testable import IngestService

/// `0011_accounts`: the members there were become users and members with a role, keeping
/// their IDs so assignments and replies keep their people; tokens there were keep working.
final class AccountsMigrationTests: XCTestCase {
    var db: SQLiteDatabase!

    override func setUpWithError() throws {
        db = try temporaryStore("accounts-migration")
    }

    func testExistingMembersBecomeUsersWithTheMemberRoleAndKeepTheirIDs() throws {
        // Given the schema before accounts, two organizations sharing a teammate's email, a
        // member assigned to a report, and a token
        let step = try XCTUnwrap(IngestDaemon.migrations.firstIndex { $0.name == "0011_accounts" })
        _ = try Migrator.apply(Array(IngestDaemon.migrations[..<step]), to: db)
        try db.execute(
            """
            INSERT INTO organizations (id, slug, name, created_at) VALUES ('o1', 'default', 'Default', '2026-01-01T00:00:00.000Z'),
                ('o2', 'acme', 'Acme', '2026-01-01T00:00:00.000Z');
            INSERT INTO organization_members (id, organization_id, name, email, created_at) VALUES
                ('m1', 'o1', 'Ann', 'ann@example.com', '2026-01-02T00:00:00.000Z'),
                ('m2', 'o2', 'Ann B.', 'ann@example.com', '2026-01-03T00:00:00.000Z'),
                ('m3', 'o1', 'Bo', 'bo@example.com', '2026-01-04T00:00:00.000Z');
            INSERT INTO projects (id, organization_id, app_id, name, created_at, updated_at)
                VALUES ('p1', 'o1', 'app_1', 'App', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z');
            INSERT INTO feedback (id, project_id, type, message, page_url, viewport_width, viewport_height, assignee_id,
                                  correlation_id, created_at, updated_at)
                VALUES ('f1', 'p1', 'problem', 'Broken', 'https://x.example', 1, 1, 'm3', 'c', '2026-01-05T00:00:00.000Z',
                        '2026-01-05T00:00:00.000Z');
            INSERT INTO api_tokens (id, organization_id, name, token_hash, prefix, scope, created_at)
                VALUES ('t1', 'o2', 'CI', 'hash', 'an_xxxxx', 'write', '2026-01-01T00:00:00.000Z');
            """)
        // When the accounts step runs
        XCTAssertEqual(try Migrator.apply(Array(IngestDaemon.migrations[...step]), to: db), ["0011_accounts"])
        // Then there is one user per email, with the oldest member's ID, name and time and no password
        let users = try db.query("SELECT id, email, name, password_hash FROM users ORDER BY email")
        XCTAssertEqual(users.map { $0.string("id") }, ["m1", "m3"])
        XCTAssertEqual(users.map { $0.string("name") }, ["Ann", "Bo"])
        XCTAssertTrue(users.allSatisfy { $0.string("password_hash") == nil })
        // And every member kept its ID and name, points at its user and has the role `member`
        let members = try db.query("SELECT id, name, user_id, role FROM organization_members ORDER BY id")
        XCTAssertEqual(members.map { $0.string("id") }, ["m1", "m2", "m3"])
        XCTAssertEqual(members.map { $0.string("name") }, ["Ann", "Ann B.", "Bo"])
        XCTAssertEqual(members.map { $0.string("user_id") }, ["m1", "m1", "m3"])
        XCTAssertEqual(Set(members.compactMap { $0.string("role") }), ["member"])
        // And the assignment stands, and the token has no author, so it acts as before
        XCTAssertEqual(try db.scalar("SELECT assignee_id FROM feedback WHERE id = 'f1'").stringValue, "m3")
        let token = try XCTUnwrap(try db.queryOne(IngestStore.tokenSelect + " WHERE t.id = 't1'").map(IngestStore.apiToken(from:)))
        XCTAssertNil(token.authorMemberId)
        XCTAssertEqual(token.role, .owner)
        XCTAssertFalse(token.actsAsOwner)
        XCTAssertEqual(try db.integrityCheck(), ["ok"])
    }
}
