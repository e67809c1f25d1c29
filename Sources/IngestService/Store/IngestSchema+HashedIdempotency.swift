import HubStore

extension IngestSchema {
    /// Every write with an Idempotency-Key looks its record up and adds one on the writer
    /// thread, through the unique index of (project, route, scope, key): a route of some 20
    /// bytes and a scope of some 70 (`token:` and a hash) compared at every level of the tree,
    /// and some 150 bytes an entry. The index is now of the project, a 64-bit hash of route and
    /// scope (`key_hash64`, stored in `route_scope_hash`) and the key: under half the bytes,
    /// an integer where the two texts were, about 7,000 instructions less a record in SQLite
    /// (bench/RESULTS.md, issue 29). The project stays first, so erasures still find a
    /// project's records by the index. A lookup still compares route and scope, so two that
    /// share a hash never answer for each other; a second record of one project, hash and key
    /// is refused rather than stored, which takes equal keys under two routes or scopes of one
    /// hash. The table is rebuilt with its rowids, which keep the order the daily cleanup
    /// reads (`deleteIdempotencyRecords`).
    static let hashedIdempotency = Migration(
        name: "0027_idempotency_records_by_route_scope_hash",
        sql: """
            CREATE TABLE idempotency_records_hashed (
                project_id TEXT NOT NULL,          -- '' for operator routes
                route TEXT NOT NULL,               -- method and route pattern
                scope TEXT NOT NULL,               -- identity scope: 'email:…', 'token:…' or 'anonymous'
                key TEXT NOT NULL,
                request_hash TEXT NOT NULL,        -- SHA-256 hex of the canonical payload
                status INTEGER NOT NULL,
                response_body BLOB NOT NULL,
                created_at TEXT NOT NULL,
                route_scope_hash INTEGER NOT NULL, -- key_hash64(route, scope)
                UNIQUE (project_id, route_scope_hash, key)
            ) STRICT;
            INSERT INTO idempotency_records_hashed
                (rowid, project_id, route, scope, key, request_hash, status, response_body, created_at, route_scope_hash)
                SELECT rowid, project_id, route, scope, key, request_hash, status, response_body, created_at,
                       key_hash64(route, scope)
                FROM idempotency_records ORDER BY rowid;
            DROP TABLE idempotency_records;
            ALTER TABLE idempotency_records_hashed RENAME TO idempotency_records;
            """)
}
