import HubStore

extension IngestSchema {
    /// SQLite checks `column IN ('a', 'b', 'c')` (a list of three constants or more) by filling
    /// an ephemeral B-tree with the list, for every row inserted: a temporary database opened,
    /// its pages zeroed, three inserts, and closed again. An idea cost ingest about 27,000
    /// instructions fewer without it (callgrind, `bench/request_instructions.sh idea`, issue
    /// 29's tenth pass in bench/RESULTS.md), most of them on the writer thread every write
    /// waits for. Two constants or fewer SQLite compares in place. `ideas`, `comments`
    /// and `feedback`, the tables the SDK's writes insert into, name their allowed values as
    /// comparisons joined by OR instead: the same rule (NULL still passes where it did), with
    /// no B-tree made to check it.
    ///
    /// SQLite cannot change a CHECK constraint in place, so each table is rebuilt (SQLite's
    /// twelve steps, foreign keys off): the rows are copied with their rowids, which the
    /// search indexes (`ideas_fts`, `feedback_fts`, external content) point at, and every
    /// index and trigger the table had is made again as it was. The copy runs once, when ingest
    /// first starts after an upgrade, and takes about as long as writing the three tables again.
    static let comparedChecks = Migration(
        name: "0026_ideas_comments_feedback_checks_compared",
        sql: """
            CREATE TABLE ideas_compared (
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
                moderation TEXT CHECK (moderation = 'pending' OR moderation = 'approved' OR moderation = 'rejected'),  -- NULL: board not moderated
                merged_into_id TEXT REFERENCES ideas(id),
                vote_count INTEGER NOT NULL DEFAULT 0,      -- kept equal to count(votes) in the same transactions
                comment_count INTEGER NOT NULL DEFAULT 0,   -- public (visible) comments only
                created_at TEXT NOT NULL,
                last_activity_at TEXT NOT NULL,
                updated_at TEXT NOT NULL,
                UNIQUE (project_id, slug)
            ) STRICT;
            INSERT INTO ideas_compared (rowid, id, project_id, board_id, slug, title, description, author_name, author_email,
                                        author_key, status_id, pinned, moderation, merged_into_id, vote_count, comment_count,
                                        created_at, last_activity_at, updated_at)
                SELECT rowid, id, project_id, board_id, slug, title, description, author_name, author_email,
                       author_key, status_id, pinned, moderation, merged_into_id, vote_count, comment_count,
                       created_at, last_activity_at, updated_at
                FROM ideas ORDER BY rowid;
            DROP TABLE ideas;
            ALTER TABLE ideas_compared RENAME TO ideas;
            CREATE INDEX ideas_pending ON ideas(project_id, created_at, id) WHERE moderation = 'pending' AND merged_into_id IS NULL;
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
            CREATE INDEX ideas_by_project_recent ON ideas(project_id, created_at, id);
            CREATE INDEX ideas_visible_project_top ON ideas(project_id, pinned, vote_count, id)
                WHERE merged_into_id IS NULL AND (moderation IS NULL OR moderation = 'approved');
            CREATE INDEX ideas_visible_project_recent ON ideas(project_id, pinned, created_at, id)
                WHERE merged_into_id IS NULL AND (moderation IS NULL OR moderation = 'approved');
            CREATE INDEX ideas_visible_project_discussed ON ideas(project_id, pinned, comment_count, id)
                WHERE merged_into_id IS NULL AND (moderation IS NULL OR moderation = 'approved');
            CREATE INDEX ideas_visible_board_top ON ideas(board_id, pinned, vote_count, id)
                WHERE merged_into_id IS NULL AND (moderation IS NULL OR moderation = 'approved');
            CREATE INDEX ideas_visible_board_recent ON ideas(board_id, pinned, created_at, id)
                WHERE merged_into_id IS NULL AND (moderation IS NULL OR moderation = 'approved');
            CREATE INDEX ideas_visible_board_discussed ON ideas(board_id, pinned, comment_count, id)
                WHERE merged_into_id IS NULL AND (moderation IS NULL OR moderation = 'approved');

            CREATE TABLE comments_compared (
                id TEXT PRIMARY KEY,
                idea_id TEXT NOT NULL REFERENCES ideas(id),
                project_id TEXT NOT NULL REFERENCES projects(id),
                body TEXT NOT NULL,
                author_name TEXT,
                author_email TEXT,
                author_key TEXT,
                official INTEGER NOT NULL DEFAULT 0,
                moderation TEXT CHECK (moderation = 'pending' OR moderation = 'approved' OR moderation = 'rejected'),
                created_at TEXT NOT NULL
            ) STRICT;
            INSERT INTO comments_compared (rowid, id, idea_id, project_id, body, author_name, author_email, author_key, official,
                                           moderation, created_at)
                SELECT rowid, id, idea_id, project_id, body, author_name, author_email, author_key, official, moderation, created_at
                FROM comments ORDER BY rowid;
            DROP TABLE comments;
            ALTER TABLE comments_compared RENAME TO comments;
            CREATE INDEX comments_by_idea ON comments(idea_id, created_at, id);
            CREATE INDEX comments_pending ON comments(project_id, created_at, id) WHERE moderation = 'pending';

            CREATE TABLE feedback_compared (
                id TEXT PRIMARY KEY,
                project_id TEXT NOT NULL REFERENCES projects(id),
                type TEXT NOT NULL CHECK (type = 'problem' OR type = 'suggestion' OR type = 'comment'),
                message TEXT NOT NULL,                 -- sanitized
                email TEXT,                            -- contact email given with the report (equal to the verified one when signed)
                author_email TEXT,                     -- verified identity email: the only reader of the thread
                author_key TEXT,                       -- participant key ('email:…' or 'token:…')
                page_url TEXT NOT NULL,
                page_title TEXT,
                locale TEXT,
                viewport_width INTEGER NOT NULL,
                viewport_height INTEGER NOT NULL,
                user_agent TEXT,
                device_context TEXT,                   -- JSON object of flattened strings
                diagnostics TEXT NOT NULL DEFAULT '[]', -- JSON array, sanitized
                screenshot_key TEXT,                   -- object-store key; NULL when none was stored
                screenshot_type TEXT,
                screenshot_width INTEGER,
                screenshot_height INTEGER,
                screenshot_bytes INTEGER,
                status TEXT NOT NULL DEFAULT 'todo' CHECK (status = 'todo' OR status = 'in_progress' OR status = 'done'),
                priority TEXT NOT NULL DEFAULT 'none'
                    CHECK (priority = 'none' OR priority = 'low' OR priority = 'medium' OR priority = 'high' OR priority = 'urgent'),
                read_at TEXT,                          -- NULL while no team member has read it
                assignee_id TEXT REFERENCES organization_members(id),
                promoted_idea_id TEXT REFERENCES ideas(id),
                correlation_id TEXT NOT NULL,
                created_at TEXT NOT NULL,
                updated_at TEXT NOT NULL,
                screenshot_removed_at TEXT
            ) STRICT;
            INSERT INTO feedback_compared (rowid, id, project_id, type, message, email, author_email, author_key, page_url,
                                           page_title, locale, viewport_width, viewport_height, user_agent, device_context,
                                           diagnostics, screenshot_key, screenshot_type, screenshot_width, screenshot_height,
                                           screenshot_bytes, status, priority, read_at, assignee_id, promoted_idea_id,
                                           correlation_id, created_at, updated_at, screenshot_removed_at)
                SELECT rowid, id, project_id, type, message, email, author_email, author_key, page_url,
                       page_title, locale, viewport_width, viewport_height, user_agent, device_context,
                       diagnostics, screenshot_key, screenshot_type, screenshot_width, screenshot_height,
                       screenshot_bytes, status, priority, read_at, assignee_id, promoted_idea_id,
                       correlation_id, created_at, updated_at, screenshot_removed_at
                FROM feedback ORDER BY rowid;
            DROP TABLE feedback;
            ALTER TABLE feedback_compared RENAME TO feedback;
            CREATE INDEX feedback_by_project ON feedback(project_id, created_at DESC, id DESC);
            CREATE TRIGGER feedback_fts_insert AFTER INSERT ON feedback BEGIN
                INSERT INTO feedback_fts(rowid, message, page_title) VALUES (new.rowid, new.message, new.page_title);
            END;
            CREATE TRIGGER feedback_fts_delete AFTER DELETE ON feedback BEGIN
                INSERT INTO feedback_fts(feedback_fts, rowid, message, page_title) VALUES ('delete', old.rowid, old.message, old.page_title);
            END;
            CREATE TRIGGER feedback_fts_update AFTER UPDATE OF message, page_title ON feedback BEGIN
                INSERT INTO feedback_fts(feedback_fts, rowid, message, page_title) VALUES ('delete', old.rowid, old.message, old.page_title);
                INSERT INTO feedback_fts(rowid, message, page_title) VALUES (new.rowid, new.message, new.page_title);
            END;
            CREATE INDEX feedback_by_idea ON feedback(promoted_idea_id, created_at) WHERE promoted_idea_id IS NOT NULL;
            CREATE INDEX feedback_new ON feedback(project_id, created_at) WHERE status = 'todo' AND read_at IS NULL;
            CREATE INDEX feedback_screenshots ON feedback(project_id, created_at) WHERE screenshot_key IS NOT NULL;
            """, disablesForeignKeys: true)
}
