import Foundation
import XCTest

@testable import HubRuntime
@testable import HubStore
@testable import IngestService

/// A hub running ingest only, with the operator token bootstrapped, and shortcuts for
/// seeding community rows the operator API does not create.
final class AdminClient: OperatorAPIClient {
    let hub: HubHarness
    var store: IngestStore { hub.app!.store }

    init(environment: [String: String] = [:], clock: Clock = SystemClock()) throws {
        hub = try HubHarness(environment: OperatorAPI.environment(environment), clock: clock)
        try hub.start([.ingest])
    }

    /// A client of a hub another fixture started (its ingest running).
    init(hub: HubHarness) { self.hub = hub }

    func shutdown() { hub.shutdown() }

    /// An idea written straight to the store, as the public side would, with its voters.
    @discardableResult
    func insertIdea(
        projectId: String, board: String = "ideas", title: String, moderation: String? = nil,
        voters: [String] = [], createdAt: String? = nil
    ) throws -> String {
        let db = store.db
        let id = TimeSortableID.shared.next()
        let at = createdAt ?? ISOTime.format(Date())
        let boardId = try XCTUnwrap(
            db.scalar(
                "SELECT id FROM boards WHERE project_id = ? AND slug = ?",
                [.text(projectId), .text(board)]
            ).stringValue)
        let status = try db.scalar("SELECT id FROM board_statuses WHERE board_id = ? AND is_default = 1", [.text(boardId)])
        // In a transaction as the store writes ideas: the search index is fed at commit.
        try db.transaction {
            try db.run(
                """
                INSERT INTO ideas (id, project_id, board_id, slug, title, description, author_name, author_email, status_id, moderation,
                                   vote_count, created_at, last_activity_at, updated_at)
                VALUES (?, ?, ?, ?, ?, '', 'Ann', 'ann@example.com', ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(id), .text(projectId), .text(boardId), .text("idea-" + id.suffix(12)), .text(title), status,
                    SQLValue(moderation), .int(Int64(voters.count)), .text(at), .text(at), .text(at),
                ])
            // Queued for the search index as `IngestStore.submitIdea` queues its ideas.
            try db.run("INSERT INTO ideas_fts_pending (idea_rowid) VALUES (last_insert_rowid())")
            for voter in voters {
                try db.run("INSERT INTO votes (idea_id, voter_key, created_at) VALUES (?, ?, ?)", [.text(id), .text(voter), .text(at)])
            }
        }
        return id
    }

    /// A comment written straight to the store; visible ones are counted as the public side counts them.
    @discardableResult
    func insertComment(ideaId: String, body: String = "Nice idea", moderation: String? = nil) throws -> String {
        let db = store.db
        let id = TimeSortableID.shared.next()
        let projectId = try XCTUnwrap(db.scalar("SELECT project_id FROM ideas WHERE id = ?", [.text(ideaId)]).stringValue)
        try db.run(
            """
            INSERT INTO comments (id, idea_id, project_id, body, author_name, moderation, created_at) VALUES (?, ?, ?, ?, 'Bo', ?, ?)
            """, [.text(id), .text(ideaId), .text(projectId), .text(body), SQLValue(moderation), .text(ISOTime.format(Date()))])
        if moderation == nil || moderation == "approved" {
            try db.run("UPDATE ideas SET comment_count = comment_count + 1 WHERE id = ?", [.text(ideaId)])
        }
        return id
    }

    func ideaRow(_ id: String) throws -> Row {
        try XCTUnwrap(store.db.queryOne("SELECT * FROM ideas WHERE id = ?", [.text(id)]))
    }
}
