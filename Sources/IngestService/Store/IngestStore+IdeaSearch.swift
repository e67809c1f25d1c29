import HubStore

/// The ideas' full-text index, fed once per transaction (`IngestSchema.ideaSearchPerCommit`).
extension IngestStore {
    /// Indexes the ideas queued since the last commit, on `db` inside its transaction. The
    /// queue is empty for every transaction that inserted no idea, so most pay one lookup.
    static func indexPendingIdeas(_ db: SQLiteDatabase) throws {
        guard try db.queryOne("SELECT 1 FROM ideas_fts_pending LIMIT 1") != nil else { return }
        try db.run(
            """
            INSERT INTO ideas_fts(rowid, title, description)
            SELECT i.rowid, i.title, i.description FROM ideas_fts_pending p JOIN ideas i ON i.rowid = p.idea_rowid
            """)
        try db.run("DELETE FROM ideas_fts_pending")
    }
}
