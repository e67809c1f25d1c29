import HubStore

extension IngestSchema {
    /// FTS5 writes its pending terms out as a new segment at every savepoint, so with one
    /// savepoint per request in a group commit the trigger-fed index cost most of an idea's
    /// write. A new idea is now only queued in `ideas_fts_pending` by the trigger, and
    /// `IngestStore.indexPendingIdeas` indexes the queue once per transaction, just before its
    /// commit (`SQLiteDatabase.addCommitStep`): an acknowledged idea is searchable, and a rolled
    /// back savepoint takes its queue row with it. Deleting or editing a queued idea leaves the
    /// index alone (it was never indexed; the queue reads the row as it is at commit).
    static let ideaSearchPerCommit = Migration(
        name: "0023_ideas_search_per_commit",
        sql: """
            CREATE TABLE ideas_fts_pending (
                idea_rowid INTEGER PRIMARY KEY
            ) STRICT;
            DROP TRIGGER ideas_fts_insert;
            DROP TRIGGER ideas_fts_delete;
            DROP TRIGGER ideas_fts_update;
            CREATE TRIGGER ideas_fts_insert AFTER INSERT ON ideas BEGIN
                INSERT INTO ideas_fts_pending (idea_rowid) VALUES (new.rowid);
            END;
            CREATE TRIGGER ideas_fts_delete AFTER DELETE ON ideas BEGIN
                INSERT INTO ideas_fts(ideas_fts, rowid, title, description)
                    SELECT 'delete', old.rowid, old.title, old.description
                    WHERE NOT EXISTS (SELECT 1 FROM ideas_fts_pending WHERE idea_rowid = old.rowid);
                DELETE FROM ideas_fts_pending WHERE idea_rowid = old.rowid;
            END;
            CREATE TRIGGER ideas_fts_update AFTER UPDATE OF title, description ON ideas
                WHEN NOT EXISTS (SELECT 1 FROM ideas_fts_pending WHERE idea_rowid = old.rowid) BEGIN
                INSERT INTO ideas_fts(ideas_fts, rowid, title, description) VALUES ('delete', old.rowid, old.title, old.description);
                INSERT INTO ideas_fts(rowid, title, description) VALUES (new.rowid, new.title, new.description);
            END;
            INSERT INTO ideas_fts(ideas_fts) VALUES ('rebuild');
            """)

    /// A statement that fires a trigger runs with a statement journal inside a transaction:
    /// SQLite copies every page it is about to change (the idea's row, its ten indexes, the
    /// queue) so that the statement alone can be undone. For a new idea that was about a fifth
    /// of its SQLite time, on the writer thread every idea waits for (bench/RESULTS.md, issue
    /// 29's fifth pass). `IngestStore.submitIdea`, the one place that inserts ideas, now queues
    /// the new idea itself, in the same transaction and savepoint as the idea.
    static let ideaSearchQueuedByTheStore = Migration(
        name: "0024_ideas_search_queued_by_the_store",
        sql: """
            DROP TRIGGER ideas_fts_insert;
            """)
}
