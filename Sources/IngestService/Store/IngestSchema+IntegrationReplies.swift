import HubStore

extension IngestSchema {
    /// Replies from a chat-ops integration: the provider's message ID is the reply's
    /// idempotency key (one reply per report and key, so a webhook delivered again adds none),
    /// and an author who is no member is kept by their ID there and the name they go by.
    static let integrationReplies = Migration(
        name: "0015_integration_replies",
        sql: """
            ALTER TABLE feedback_replies ADD COLUMN idempotency_key TEXT;
            ALTER TABLE feedback_replies ADD COLUMN author_external_id TEXT;     -- e.g. telegram:<user id>
            ALTER TABLE feedback_replies ADD COLUMN author_external_name TEXT;
            CREATE UNIQUE INDEX feedback_replies_idempotency ON feedback_replies(feedback_id, idempotency_key)
                WHERE idempotency_key IS NOT NULL;
            """)
}
