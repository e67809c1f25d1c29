import Shared

/// ingest's migrations. Shipped steps are never edited; new ones are appended.
enum IngestSchema {
    static let migrations: [Migration] = [
        .daemonMeta(.ingest),
        Migration(name: "0002_organizations_tokens_projects", sql: """
            CREATE TABLE organizations (
                id TEXT PRIMARY KEY,
                slug TEXT NOT NULL UNIQUE,
                name TEXT NOT NULL,
                plan TEXT NOT NULL DEFAULT 'selfhosted',
                created_at TEXT NOT NULL
            ) STRICT;
            CREATE TABLE api_tokens (
                id TEXT PRIMARY KEY,
                organization_id TEXT NOT NULL REFERENCES organizations(id),
                name TEXT NOT NULL,
                token_hash TEXT NOT NULL UNIQUE,   -- SHA-256 hex of the whole token; the token itself is never stored
                prefix TEXT NOT NULL,              -- first characters, to recognise a token in lists
                scope TEXT NOT NULL CHECK (scope IN ('read', 'write')),
                created_at TEXT NOT NULL,
                last_used_at TEXT,
                revoked_at TEXT
            ) STRICT;
            CREATE INDEX api_tokens_by_org ON api_tokens(organization_id);
            CREATE TABLE projects (
                id TEXT PRIMARY KEY,               -- internal project ID (signed in identity payloads)
                organization_id TEXT NOT NULL REFERENCES organizations(id),
                app_id TEXT NOT NULL UNIQUE,       -- public App ID used by the SDK
                name TEXT NOT NULL,
                allowed_origins TEXT NOT NULL DEFAULT '[]',   -- JSON array of origins
                chat_mode TEXT NOT NULL DEFAULT 'identified' CHECK (chat_mode IN ('disabled', 'identified', 'anyone')),
                watermark INTEGER NOT NULL DEFAULT 1,
                languages TEXT NOT NULL DEFAULT '["en"]',     -- JSON array of language codes
                automatic_review_requests INTEGER NOT NULL DEFAULT 0,
                app_store_id TEXT,
                identity_secret TEXT,              -- sealed with the keyring when configured, else `plain:<secret>`
                identity_secret_rotated_at TEXT,
                created_at TEXT NOT NULL,
                updated_at TEXT NOT NULL
            ) STRICT;
            CREATE INDEX projects_by_org ON projects(organization_id);
            """),
        Migration(name: "0003_boards_ideas_votes_comments", sql: """
            CREATE TABLE boards (
                id TEXT PRIMARY KEY,
                project_id TEXT NOT NULL REFERENCES projects(id),
                slug TEXT NOT NULL,
                name TEXT NOT NULL,
                description TEXT,
                position INTEGER NOT NULL,
                moderation TEXT NOT NULL DEFAULT 'none' CHECK (moderation IN ('none', 'ideas', 'comments', 'all')),
                submission_policy TEXT NOT NULL DEFAULT 'anyone' CHECK (submission_policy IN ('anyone', 'identified', 'disabled')),
                vote_policy TEXT NOT NULL DEFAULT 'anyone' CHECK (vote_policy IN ('anyone', 'identified', 'disabled')),
                comment_policy TEXT NOT NULL DEFAULT 'anyone' CHECK (comment_policy IN ('anyone', 'identified', 'disabled')),
                created_at TEXT NOT NULL,
                UNIQUE (project_id, slug)
            ) STRICT;
            CREATE TABLE board_statuses (
                id TEXT PRIMARY KEY,
                board_id TEXT NOT NULL REFERENCES boards(id),
                slug TEXT NOT NULL,
                label TEXT NOT NULL,
                color TEXT NOT NULL,
                position INTEGER NOT NULL,
                is_default INTEGER NOT NULL DEFAULT 0,
                is_final INTEGER NOT NULL DEFAULT 0,
                UNIQUE (board_id, slug)
            ) STRICT;
            CREATE TABLE ideas (
                id TEXT PRIMARY KEY,
                project_id TEXT NOT NULL REFERENCES projects(id),
                board_id TEXT NOT NULL REFERENCES boards(id),
                slug TEXT NOT NULL,
                title TEXT NOT NULL,
                description TEXT NOT NULL DEFAULT '',
                author_name TEXT,
                author_email TEXT,                 -- verified email of the author, never public
                author_key TEXT,                   -- participant key (see votes.voter_key)
                status_id TEXT REFERENCES board_statuses(id),
                pinned INTEGER NOT NULL DEFAULT 0,
                moderation TEXT CHECK (moderation IN ('pending', 'approved', 'rejected')),  -- NULL: board not moderated
                merged_into_id TEXT REFERENCES ideas(id),
                vote_count INTEGER NOT NULL DEFAULT 0,      -- kept equal to count(votes) in the same transactions
                comment_count INTEGER NOT NULL DEFAULT 0,   -- public (visible) comments only
                created_at TEXT NOT NULL,
                last_activity_at TEXT NOT NULL,
                updated_at TEXT NOT NULL,
                UNIQUE (project_id, slug)
            ) STRICT;
            CREATE INDEX ideas_by_board_recent ON ideas(board_id, created_at DESC, id DESC);
            CREATE INDEX ideas_by_project_recent ON ideas(project_id, created_at DESC, id DESC);
            CREATE INDEX ideas_by_project_top ON ideas(project_id, vote_count DESC, id DESC);
            CREATE INDEX ideas_by_project_discussed ON ideas(project_id, comment_count DESC, id DESC);
            CREATE TABLE votes (
                idea_id TEXT NOT NULL REFERENCES ideas(id),
                voter_key TEXT NOT NULL,           -- 'email:<normalized email>' or 'token:<sha256 hex of voter_token>'
                created_at TEXT NOT NULL,
                PRIMARY KEY (idea_id, voter_key)
            ) STRICT, WITHOUT ROWID;
            CREATE TABLE comments (
                id TEXT PRIMARY KEY,
                idea_id TEXT NOT NULL REFERENCES ideas(id),
                project_id TEXT NOT NULL REFERENCES projects(id),
                body TEXT NOT NULL,
                author_name TEXT,
                author_email TEXT,
                author_key TEXT,
                official INTEGER NOT NULL DEFAULT 0,
                moderation TEXT CHECK (moderation IN ('pending', 'approved', 'rejected')),
                created_at TEXT NOT NULL
            ) STRICT;
            CREATE INDEX comments_by_idea ON comments(idea_id, created_at, id);
            CREATE VIRTUAL TABLE ideas_fts USING fts5(
                title, description, content='ideas', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2');
            CREATE TRIGGER ideas_fts_insert AFTER INSERT ON ideas BEGIN
                INSERT INTO ideas_fts(rowid, title, description) VALUES (new.rowid, new.title, new.description);
            END;
            CREATE TRIGGER ideas_fts_delete AFTER DELETE ON ideas BEGIN
                INSERT INTO ideas_fts(ideas_fts, rowid, title, description) VALUES ('delete', old.rowid, old.title, old.description);
            END;
            CREATE TRIGGER ideas_fts_update AFTER UPDATE OF title, description ON ideas BEGIN
                INSERT INTO ideas_fts(ideas_fts, rowid, title, description) VALUES ('delete', old.rowid, old.title, old.description);
                INSERT INTO ideas_fts(rowid, title, description) VALUES (new.rowid, new.title, new.description);
            END;
            """),
        Migration(name: "0004_idempotency", sql: """
            CREATE TABLE idempotency_records (
                project_id TEXT NOT NULL,          -- '' for operator routes
                route TEXT NOT NULL,               -- method and route pattern
                scope TEXT NOT NULL,               -- identity scope: 'email:…', 'token:…' or 'anonymous'
                key TEXT NOT NULL,
                request_hash TEXT NOT NULL,        -- SHA-256 hex of the canonical payload
                status INTEGER NOT NULL,
                response_body BLOB NOT NULL,
                created_at TEXT NOT NULL,
                PRIMARY KEY (project_id, route, scope, key)
            ) STRICT, WITHOUT ROWID;
            CREATE INDEX idempotency_by_age ON idempotency_records(created_at);
            """),
        // Public lists show pinned ideas first and only visible ones: partial indexes in that
        // exact order let a keyset page read just its rows.
        Migration(name: "0005_ideas_visible_order", sql: """
            CREATE INDEX ideas_visible_project_top ON ideas(project_id, pinned DESC, vote_count DESC, id DESC)
                WHERE merged_into_id IS NULL AND (moderation IS NULL OR moderation = 'approved');
            CREATE INDEX ideas_visible_project_recent ON ideas(project_id, pinned DESC, created_at DESC, id DESC)
                WHERE merged_into_id IS NULL AND (moderation IS NULL OR moderation = 'approved');
            CREATE INDEX ideas_visible_project_discussed ON ideas(project_id, pinned DESC, comment_count DESC, id DESC)
                WHERE merged_into_id IS NULL AND (moderation IS NULL OR moderation = 'approved');
            CREATE INDEX ideas_visible_board_top ON ideas(board_id, pinned DESC, vote_count DESC, id DESC)
                WHERE merged_into_id IS NULL AND (moderation IS NULL OR moderation = 'approved');
            CREATE INDEX ideas_visible_board_recent ON ideas(board_id, pinned DESC, created_at DESC, id DESC)
                WHERE merged_into_id IS NULL AND (moderation IS NULL OR moderation = 'approved');
            CREATE INDEX ideas_visible_board_discussed ON ideas(board_id, pinned DESC, comment_count DESC, id DESC)
                WHERE merged_into_id IS NULL AND (moderation IS NULL OR moderation = 'approved');
            """),
        // Every index is written by every idea insert and vote: keep the ones reads need.
        // Public lists walk the visible-order indexes of 0005; operator lists use
        // ideas_by_project_recent.
        Migration(name: "0006_fewer_idea_indexes", sql: """
            DROP INDEX ideas_by_board_recent;
            DROP INDEX ideas_by_project_top;
            DROP INDEX ideas_by_project_discussed;
            """),
    ]
}
