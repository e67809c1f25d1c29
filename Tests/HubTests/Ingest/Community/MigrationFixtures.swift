import HubStore

extension SQLiteDatabase {
    /// Organization `o1`, its project `p1` (app `app_1`) and the project's board `b1`
    /// (`ideas`), inserted as rows: for tests of a migration step, whose schema may be older
    /// than what the store's own methods write.
    func insertOrganizationProjectAndBoard() throws {
        try execute(
            """
            INSERT INTO organizations (id, slug, name, created_at) VALUES ('o1', 'acme', 'Acme', '2026-01-01T00:00:00.000Z');
            INSERT INTO projects (id, organization_id, app_id, name, created_at, updated_at)
                VALUES ('p1', 'o1', 'app_1', 'App', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z');
            INSERT INTO boards (id, project_id, slug, name, position, created_at)
                VALUES ('b1', 'p1', 'ideas', 'Ideas', 0, '2026-01-01T00:00:00.000Z');
            """)
    }
}
