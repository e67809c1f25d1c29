import Foundation
import XCTest

@testable import ChatService
@testable import HubMessaging
@testable import HubRuntime
@testable import HubStore

/// `0009_chat_idempotency_by_owner_hash`: messages written before the step keep their keys
/// (a retry after the upgrade is a replay, another payload a conflict), each owner's keys stay
/// their own, and the lookup reads the new index.
final class ChatIdempotencyOwnerHashMigrationTests: XCTestCase {
    private let ana = ChatOwner(projectId: "p1", kind: .email, value: "ana@example.com")
    private let device = ChatOwner(projectId: "p1", kind: .token, value: String(repeating: "d", count: 64))

    private var step: Int {
        get throws { try XCTUnwrap(ChatDaemon.migrations.firstIndex { $0.name == "0009_chat_idempotency_by_owner_hash" }) }
    }

    private func database(upTo end: Int) throws -> SQLiteDatabase {
        try temporaryStore("chat-owner-hash", migratedThrough: ChatDaemon.migrations[..<end])
    }

    /// Ana's conversation with her keyed message `m1`, an unkeyed one `m2` and a team reply
    /// `m3` that carries the dashboard's key, written as the schema before the step holds them.
    private func writeBeforeTheStep(_ db: SQLiteDatabase) throws {
        try db.execute(
            """
            INSERT INTO conversations (seq, id, project_id, owner_kind, owner_value, status, created_at, last_message_at)
                VALUES (1, 'c1', 'p1', 'email', 'ana@example.com', 'open', '2026-12-01T10:00:00.000Z', '2026-12-01T10:02:00.000Z');
            INSERT INTO messages (seq, id, conversation_seq, project_id, sender, body, owner_kind, owner_value,
                                  idempotency_key, payload_hash, created_at)
                VALUES (1, 'm1', 1, 'p1', 'user', 'My sync stopped', 'email', 'ana@example.com', 'key-1', 'hash-a',
                        '2026-12-01T10:00:00.000Z'),
                       (2, 'm2', 1, 'p1', 'user', 'Still stopped', 'email', 'ana@example.com', NULL, NULL,
                        '2026-12-01T10:01:00.000Z');
            INSERT INTO messages (seq, id, conversation_seq, project_id, sender, body, idempotency_key, created_at)
                VALUES (3, 'm3', 1, 'p1', 'team', 'Try again now', 'page-key-1', '2026-12-01T10:02:00.000Z');
            """)
    }

    private func send(_ store: ChatStore, _ body: String, owner: ChatOwner, key: String, hash: String) throws -> ChatSend.Response {
        try store.send(
            ChatSend.Request(owner: owner, body: body, locale: "en", platform: "ios", idempotencyKey: key, payloadHash: hash))
    }

    func testEachOwnedMessageGetsItsOwnersHashAndOthersNone() throws {
        // Given messages written before the step
        let db = try database(upTo: try step)
        try writeBeforeTheStep(db)
        // When the step runs
        _ = try Migrator.apply(ChatDaemon.migrations, to: db)
        // Then Ana's two messages hold the hash of her project, kind and address, and the team's none
        let rows = try db.query("SELECT id, owner_hash FROM messages ORDER BY seq")
        let anaHash = KeyHash64.of(["p1", "email", "ana@example.com"])
        XCTAssertNotNil(anaHash)
        XCTAssertEqual(rows.map { $0.string("id") }, ["m1", "m2", "m3"])
        XCTAssertEqual(rows.map { $0.int64("owner_hash") }, [anaHash, anaHash, nil])
        XCTAssertEqual(try db.scalar("PRAGMA integrity_check").stringValue, "ok")
    }

    func testARetryAfterTheUpgradeIsAReplayAndAnotherPayloadAConflict() throws {
        // Given Ana's keyed message written before the step, then the step
        let db = try database(upTo: try step)
        try writeBeforeTheStep(db)
        _ = try Migrator.apply(ChatDaemon.migrations, to: db)
        let store = ChatStore(db: db, clock: SystemClock())
        // When she retries with the same key and payload, then with another payload
        let retry = try send(store, "My sync stopped", owner: ana, key: "key-1", hash: "hash-a")
        XCTAssertThrowsError(try send(store, "Something else", owner: ana, key: "key-1", hash: "hash-b")) { error in
            // Then the other payload is refused as a conflict
            XCTAssertEqual((error as? RPCError)?.code, "IDEMPOTENCY_CONFLICT")
        }
        // Then the retry is the message stored before the step, and nothing was added
        XCTAssertTrue(retry.replayed)
        XCTAssertEqual(retry.message.id, "m1")
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM messages").int64Value, 3)
    }

    func testTwoOwnersUsingOneKeyEachGetTheirOwnMessage() throws {
        // Given the store after the step
        let store = ChatStore(db: try database(upTo: ChatDaemon.migrations.count), clock: SystemClock())
        // When Ana and a device send with the same key, and each retries
        let fromAna = try send(store, "From Ana", owner: ana, key: "same-key", hash: "h1")
        let fromDevice = try send(store, "From the device", owner: device, key: "same-key", hash: "h2")
        let anaAgain = try send(store, "From Ana", owner: ana, key: "same-key", hash: "h1")
        let deviceAgain = try send(store, "From the device", owner: device, key: "same-key", hash: "h2")
        // Then there are two messages, each replayed to its own owner only
        XCTAssertFalse(fromAna.replayed)
        XCTAssertFalse(fromDevice.replayed)
        XCTAssertNotEqual(fromAna.message.id, fromDevice.message.id)
        XCTAssertEqual(anaAgain.message.id, fromAna.message.id)
        XCTAssertEqual(deviceAgain.message.id, fromDevice.message.id)
        XCTAssertTrue(anaAgain.replayed && deviceAgain.replayed)
        XCTAssertEqual(try store.db.scalar("SELECT count(*) FROM messages").int64Value, 2)
    }

    func testOneOwnerCannotStoreOneKeyTwiceEvenBesideTheLookup() throws {
        // Given Ana's keyed message after the step
        let db = try database(upTo: ChatDaemon.migrations.count)
        let store = ChatStore(db: db, clock: SystemClock())
        let sent = try send(store, "Hello", owner: ana, key: "key-9", hash: "h")
        // When a second row of her key is written straight into the table
        XCTAssertThrowsError(
            try db.run(
                """
                INSERT INTO messages (id, conversation_seq, project_id, sender, body, owner_kind, owner_value, idempotency_key,
                                      created_at, owner_hash)
                SELECT 'dup', conversation_seq, project_id, sender, body, owner_kind, owner_value, idempotency_key, created_at,
                       key_hash64(project_id, owner_kind, owner_value)
                FROM messages WHERE id = ?
                """, [.text(sent.message.id)])
        ) { error in
            // Then the unique index refuses it
            guard case StoreError.constraint = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM messages").int64Value, 1)
    }

    func testTheLookupReadsTheOwnerHashIndex() throws {
        // Given the store after the step
        let db = try database(upTo: ChatDaemon.migrations.count)
        // When the send's lookup, the statement the store runs, is planned
        let plan = try db.query(
            "EXPLAIN QUERY PLAN " + ChatStore.keyedMessageSQL, [.text("p1"), .text("email"), .text("ana@example.com"), .text("k")]
        ).compactMap { $0.string("detail") }
        // Then it searches messages_idempotency on both its columns
        XCTAssertEqual(plan, ["SEARCH messages USING INDEX messages_idempotency (owner_hash=? AND idempotency_key=?)"])
    }
}
