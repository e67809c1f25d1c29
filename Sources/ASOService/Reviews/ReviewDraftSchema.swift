import HubStore

/// Review drafts spent per organization and UTC month (`YYYY-MM`).
enum ReviewDraftSchema {
    static let usage = Migration(
        name: "0013_review_draft_usage",
        sql: """
            CREATE TABLE review_draft_usage (
                organization_id TEXT NOT NULL,
                month TEXT NOT NULL,
                used INTEGER NOT NULL CHECK (used >= 0),
                PRIMARY KEY (organization_id, month)
            ) STRICT;
            """)
}
