import HubStore

extension IngestSchema {
    /// Where a new idea and its idempotency record land in their B-trees decides how many pages
    /// a group commit writes to the WAL (bench/RESULTS.md, issue 29's ninth pass):
    /// - The seven newest-first idea indexes were declared descending, so every new idea went
    ///   to the front of its range and each leaf that filled was split with its neighbours
    ///   rewritten. Declared ascending, a new idea goes after the last one, where SQLite appends
    ///   to a fresh page; the lists read them backwards (`ORDER BY … DESC` walks an ascending
    ///   index in reverse) with the same plans and no sort step.
    /// - `idempotency_records` was a WITHOUT ROWID table keyed by (project, route, scope, key):
    ///   every record, a stored response of some 700 bytes, went into the middle of a tree
    ///   holding four or five of them a page. As a rowid table its rows are appended, and
    ///   only the key's entry in the unique index lands in the middle. Appended in the order they
    ///   are written, the oldest come first by rowid, which is how the daily cleanup finds
    ///   them (`IngestStore.deleteIdempotencyRecords`): `idempotency_by_age`, one more index
    ///   written by every record, is gone.
    ///
    /// A commit of 64 ideas wrote about 146 pages before and 110 after.
    static let appendedWrites = Migration(
        name: "0025_idea_indexes_ascending_idempotency_records_appended",
        sql: """
            DROP INDEX ideas_by_project_recent;
            CREATE INDEX ideas_by_project_recent ON ideas(project_id, created_at, id);
            DROP INDEX ideas_visible_project_top;
            CREATE INDEX ideas_visible_project_top ON ideas(project_id, pinned, vote_count, id)
                WHERE merged_into_id IS NULL AND (moderation IS NULL OR moderation = 'approved');
            DROP INDEX ideas_visible_project_recent;
            CREATE INDEX ideas_visible_project_recent ON ideas(project_id, pinned, created_at, id)
                WHERE merged_into_id IS NULL AND (moderation IS NULL OR moderation = 'approved');
            DROP INDEX ideas_visible_project_discussed;
            CREATE INDEX ideas_visible_project_discussed ON ideas(project_id, pinned, comment_count, id)
                WHERE merged_into_id IS NULL AND (moderation IS NULL OR moderation = 'approved');
            DROP INDEX ideas_visible_board_top;
            CREATE INDEX ideas_visible_board_top ON ideas(board_id, pinned, vote_count, id)
                WHERE merged_into_id IS NULL AND (moderation IS NULL OR moderation = 'approved');
            DROP INDEX ideas_visible_board_recent;
            CREATE INDEX ideas_visible_board_recent ON ideas(board_id, pinned, created_at, id)
                WHERE merged_into_id IS NULL AND (moderation IS NULL OR moderation = 'approved');
            DROP INDEX ideas_visible_board_discussed;
            CREATE INDEX ideas_visible_board_discussed ON ideas(board_id, pinned, comment_count, id)
                WHERE merged_into_id IS NULL AND (moderation IS NULL OR moderation = 'approved');
            CREATE TABLE idempotency_records_appended (
                project_id TEXT NOT NULL,          -- '' for operator routes
                route TEXT NOT NULL,               -- method and route pattern
                scope TEXT NOT NULL,               -- identity scope: 'email:…', 'token:…' or 'anonymous'
                key TEXT NOT NULL,
                request_hash TEXT NOT NULL,        -- SHA-256 hex of the canonical payload
                status INTEGER NOT NULL,
                response_body BLOB NOT NULL,
                created_at TEXT NOT NULL,
                UNIQUE (project_id, route, scope, key)
            ) STRICT;
            INSERT INTO idempotency_records_appended
                (project_id, route, scope, key, request_hash, status, response_body, created_at)
                SELECT project_id, route, scope, key, request_hash, status, response_body, created_at
                FROM idempotency_records ORDER BY created_at;
            DROP TABLE idempotency_records;
            ALTER TABLE idempotency_records_appended RENAME TO idempotency_records;
            """)
}
