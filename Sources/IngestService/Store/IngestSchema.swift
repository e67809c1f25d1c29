import HubStore

/// ingest's migrations. Shipped steps are never edited; new ones are appended.
enum IngestSchema {
    static let migrations: [Migration] = [
        .daemonMeta(.ingest),
        Migration(
            name: "0002_organizations_tokens_projects",
            sql: """
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
        Migration(
            name: "0003_boards_ideas_votes_comments",
            sql: """
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
        Migration(
            name: "0004_idempotency",
            sql: """
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
        Migration(
            name: "0005_ideas_visible_order",
            sql: """
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
        Migration(
            name: "0006_fewer_idea_indexes",
            sql: """
                DROP INDEX ideas_by_board_recent;
                DROP INDEX ideas_by_project_top;
                DROP INDEX ideas_by_project_discussed;
                """),
        Migration(
            name: "0007_feedback_members_outbox_changelog",
            sql: """
                CREATE TABLE organization_members (
                    id TEXT PRIMARY KEY,
                    organization_id TEXT NOT NULL REFERENCES organizations(id),
                    name TEXT NOT NULL,
                    email TEXT NOT NULL,
                    created_at TEXT NOT NULL,
                    UNIQUE (organization_id, email)
                ) STRICT;
                CREATE TABLE feedback (
                    id TEXT PRIMARY KEY,
                    project_id TEXT NOT NULL REFERENCES projects(id),
                    type TEXT NOT NULL CHECK (type IN ('problem', 'suggestion', 'comment')),
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
                    status TEXT NOT NULL DEFAULT 'todo' CHECK (status IN ('todo', 'in_progress', 'done')),
                    priority TEXT NOT NULL DEFAULT 'none' CHECK (priority IN ('none', 'low', 'medium', 'high', 'urgent')),
                    read_at TEXT,                          -- NULL while no team member has read it
                    assignee_id TEXT REFERENCES organization_members(id),
                    promoted_idea_id TEXT REFERENCES ideas(id),
                    correlation_id TEXT NOT NULL,
                    created_at TEXT NOT NULL,
                    updated_at TEXT NOT NULL
                ) STRICT;
                CREATE INDEX feedback_by_project ON feedback(project_id, created_at DESC, id DESC);
                CREATE TABLE feedback_labels (
                    feedback_id TEXT NOT NULL REFERENCES feedback(id),
                    label TEXT NOT NULL,
                    PRIMARY KEY (feedback_id, label)
                ) STRICT, WITHOUT ROWID;
                CREATE INDEX feedback_labels_by_label ON feedback_labels(label, feedback_id);
                CREATE TABLE feedback_replies (
                    id TEXT PRIMARY KEY,
                    feedback_id TEXT NOT NULL REFERENCES feedback(id),
                    message TEXT NOT NULL,
                    internal INTEGER NOT NULL,             -- internal notes never reach the author
                    author_member_id TEXT REFERENCES organization_members(id),
                    author_token_id TEXT,                  -- the API token that wrote it
                    created_at TEXT NOT NULL
                ) STRICT;
                CREATE INDEX feedback_replies_by_feedback ON feedback_replies(feedback_id, created_at, id);
                CREATE TABLE feedback_events (             -- the timeline: every change, oldest first
                    id TEXT PRIMARY KEY,
                    feedback_id TEXT NOT NULL REFERENCES feedback(id),
                    kind TEXT NOT NULL,                    -- created, read, unread, status, priority, assignee, label_added, …
                    detail TEXT NOT NULL DEFAULT '{}',     -- JSON
                    actor TEXT,                            -- token or member that made the change
                    created_at TEXT NOT NULL
                ) STRICT;
                CREATE INDEX feedback_events_by_feedback ON feedback_events(feedback_id, created_at, id);
                CREATE VIRTUAL TABLE feedback_fts USING fts5(
                    message, page_title, content='feedback', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2');
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
                CREATE TABLE outbox (                      -- events for consumers, kept until acknowledged
                    id TEXT PRIMARY KEY,                   -- time-sortable: delivery order
                    topic TEXT NOT NULL,                   -- feedback.created, feedback.replied, feedback.status, …
                    project_id TEXT,
                    payload TEXT NOT NULL,                 -- JSON, no private message bodies beyond what the consumer needs
                    created_at TEXT NOT NULL,
                    acknowledged_at TEXT
                ) STRICT;
                CREATE INDEX outbox_pending ON outbox(acknowledged_at, id);
                CREATE TABLE changelog_entries (
                    id TEXT PRIMARY KEY,
                    project_id TEXT NOT NULL REFERENCES projects(id),
                    title TEXT NOT NULL,
                    body TEXT NOT NULL,
                    state TEXT NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'published')),
                    published_at TEXT,
                    created_at TEXT NOT NULL,
                    updated_at TEXT NOT NULL
                ) STRICT;
                CREATE INDEX changelog_published ON changelog_entries(project_id, state, published_at DESC, id DESC);
                """),
        // Keys ingest signs with (chat upload and read URLs, image tokens): made once, sealed
        // with the keyring when one is configured.
        Migration(
            name: "0008_signing_keys",
            sql: """
                CREATE TABLE signing_keys (
                    name TEXT PRIMARY KEY,
                    secret TEXT NOT NULL,
                    created_at TEXT NOT NULL
                ) STRICT;
                """),
        // Projects imported from App Store Connect keep the Apple app ID (`app_store_id`) and
        // bundle ID; an organization may have an app allowance set by the instance operator.
        Migration(
            name: "0009_asc_imports",
            sql: """
                ALTER TABLE projects ADD COLUMN bundle_id TEXT;
                CREATE UNIQUE INDEX projects_app_store_id ON projects(organization_id, app_store_id) WHERE app_store_id IS NOT NULL;
                ALTER TABLE organizations ADD COLUMN app_allowance INTEGER;
                """),
        // App Store reviews promoted to community ideas (the reviews themselves live in asod).
        Migration(
            name: "0010_review_promotions",
            sql: """
                CREATE TABLE review_promotions (
                    project_id TEXT NOT NULL REFERENCES projects(id),
                    review_id TEXT NOT NULL,
                    idea_id TEXT NOT NULL REFERENCES ideas(id),
                    created_at TEXT NOT NULL,
                    PRIMARY KEY (project_id, review_id)
                ) STRICT;
                """),
        // People who sign in (docs/accounts.md): a user per email, members with a role, the
        // dashboard's sessions, invitation and setup codes, and API tokens with an author. Each
        // existing member becomes a user of its email (the oldest member's ID and name), with
        // the role `member`; member IDs stay, so assignments and replies keep their people.
        // Sessions, codes and token authors name members without a foreign key: removing a
        // member keeps those rows, and what they named stops working.
        Migration(
            name: "0011_accounts",
            sql: """
                CREATE TABLE users (
                    id TEXT PRIMARY KEY,
                    email TEXT NOT NULL UNIQUE,            -- trimmed and lowercased
                    name TEXT NOT NULL,
                    password_hash TEXT,                    -- scrypt$15$8$1$<salt>$<key>; NULL until set through a setup or invitation link
                    password_changed_at TEXT,
                    created_at TEXT NOT NULL
                ) STRICT;
                INSERT INTO users (id, email, name, created_at)
                    SELECT m.id, m.email, m.name, m.created_at FROM organization_members m
                    WHERE m.id = (SELECT MIN(o.id) FROM organization_members o WHERE o.email = m.email);
                ALTER TABLE organization_members ADD COLUMN user_id TEXT REFERENCES users(id);
                ALTER TABLE organization_members ADD COLUMN role TEXT NOT NULL DEFAULT 'member'
                    CHECK (role IN ('owner', 'admin', 'member'));
                UPDATE organization_members SET user_id = (SELECT u.id FROM users u WHERE u.email = organization_members.email);
                CREATE INDEX organization_members_by_user ON organization_members(user_id);
                CREATE TABLE user_sessions (
                    id TEXT PRIMARY KEY,
                    token_hash TEXT NOT NULL UNIQUE,       -- SHA-256 hex of the cookie value, which is never stored
                    user_id TEXT NOT NULL REFERENCES users(id),
                    member_id TEXT NOT NULL,               -- the membership it acts in
                    organization_id TEXT NOT NULL REFERENCES organizations(id),
                    form_token TEXT NOT NULL,              -- carried by every form of this session
                    created_at TEXT NOT NULL,              -- lives 30 days from here at most
                    last_seen_at TEXT NOT NULL,            -- and 14 days from here; written at most once a minute
                    revoked_at TEXT
                ) STRICT;
                CREATE INDEX user_sessions_by_user ON user_sessions(user_id);
                CREATE INDEX user_sessions_by_member ON user_sessions(member_id);
                CREATE TABLE account_codes (
                    id TEXT PRIMARY KEY,
                    kind TEXT NOT NULL CHECK (kind IN ('invitation', 'setup')),
                    code_hash TEXT NOT NULL UNIQUE,        -- SHA-256 hex of the code in the link, which is never stored
                    organization_id TEXT NOT NULL REFERENCES organizations(id),
                    role TEXT NOT NULL CHECK (role IN ('owner', 'admin', 'member')),
                    email TEXT NOT NULL,                   -- who may accept it
                    user_id TEXT REFERENCES users(id),     -- setup: the user made with it
                    created_by_member_id TEXT,             -- NULL: made by a token without an author, or by `ingest user add`
                    created_by_token_id TEXT,
                    expires_at TEXT NOT NULL,
                    used_at TEXT,
                    revoked_at TEXT,
                    created_at TEXT NOT NULL
                ) STRICT;
                CREATE INDEX account_codes_by_org ON account_codes(organization_id, created_at);
                ALTER TABLE api_tokens ADD COLUMN author_member_id TEXT;   -- NULL: the operator's or an organization's own
                ALTER TABLE api_tokens ADD COLUMN acts_as_owner INTEGER NOT NULL DEFAULT 0;
                CREATE INDEX api_tokens_by_author ON api_tokens(author_member_id) WHERE author_member_id IS NOT NULL;
                """),
        // The dashboard's report and ideas pages: the reports an idea came from, and the
        // moderation queue and its count, read without walking a project's every idea or comment.
        Migration(
            name: "0012_triage_pages",
            sql: """
                CREATE INDEX feedback_by_idea ON feedback(promoted_idea_id, created_at) WHERE promoted_idea_id IS NOT NULL;
                CREATE INDEX ideas_pending ON ideas(project_id, created_at, id) WHERE moderation = 'pending' AND merged_into_id IS NULL;
                CREATE INDEX comments_pending ON comments(project_id, created_at, id) WHERE moderation = 'pending';
                """),
        // The MCP server's counters per organization: monthly credits and daily profile reads
        // (docs/mcp.md, "Plans, credits and daily reads"). Old rows are history, not read again.
        Migration(
            name: "0013_mcp_usage",
            sql: """
                CREATE TABLE mcp_credit_usage (
                    organization_id TEXT NOT NULL REFERENCES organizations(id),
                    period TEXT NOT NULL,               -- YYYY-MM, UTC
                    used INTEGER NOT NULL,
                    updated_at TEXT NOT NULL,
                    PRIMARY KEY (organization_id, period)
                ) STRICT;
                """),
        // The hosted roadmap's sign-in from the app (docs/roadmap.md): single-use handoff codes
        // and the sessions they open. Both keep only hashes; a session remembers a hash of the
        // identity secret it was made under, so a rotation ends it.
        Migration(
            name: "0014_hosted_roadmap",
            sql: """
                CREATE TABLE handoff_codes (
                    code_hash TEXT PRIMARY KEY,            -- SHA-256 hex of the code in the URL's fragment
                    project_id TEXT NOT NULL REFERENCES projects(id),
                    email TEXT NOT NULL,                   -- the verified identity's, as signed
                    idea_id TEXT,
                    expires_at TEXT NOT NULL,
                    used_at TEXT,
                    created_at TEXT NOT NULL
                ) STRICT;
                CREATE INDEX handoff_codes_expiry ON handoff_codes(expires_at);
                CREATE TABLE roadmap_sessions (
                    token_hash TEXT PRIMARY KEY,           -- SHA-256 hex of the cookie value
                    project_id TEXT NOT NULL REFERENCES projects(id),
                    email TEXT NOT NULL,
                    secret_hash TEXT NOT NULL,             -- SHA-256 hex of projects.identity_secret (as stored) when made
                    expires_at TEXT NOT NULL,
                    created_at TEXT NOT NULL
                ) STRICT;
                CREATE INDEX roadmap_sessions_expiry ON roadmap_sessions(expires_at);
                """),
        integrationReplies,
        notificationReads,
        emailAlertPreferences,
        featureRequestAttempts,
        mediaRetention,
        whatsNewSeen,
        erasures,
        accountErasures,
        ideaSearchPerCommit,
        ideaSearchQueuedByTheStore,
        appendedWrites,
        comparedChecks,
        hashedIdempotency,
        boardLists,
        outboxBySeq,
    ]
}
