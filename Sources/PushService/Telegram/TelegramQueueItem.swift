import HubStore

/// One pending post of an integration's delivery queue, with its thread as it stands.
struct TelegramQueueItem: Sendable, Equatable {
    var id: Int64
    var integrationId: String
    var subjectKind: String
    var subjectId: String
    var text: String
    /// Chunks of `text` already delivered and recorded.
    var chunksSent: Int
    var attempts: Int
    var nextAttemptMs: Int64

    init(row: Row) throws {
        id = try row.integer("id")
        integrationId = try row.text("integration_id")
        subjectKind = try row.text("subject_kind")
        subjectId = try row.text("subject_id")
        text = try row.text("text")
        chunksSent = Int(try row.integer("chunks_sent"))
        attempts = Int(try row.integer("attempts"))
        nextAttemptMs = try row.integer("next_attempt_ms")
    }
}

/// A conversation's or report's place in the group: its topic (none in a group without
/// Topics), or still to be opened.
struct TelegramThread: Sendable, Equatable {
    var chatId: String
    var opening: Bool
    var topicName: String
    var threadId: Int64?
    /// Set while a topic creation's outcome is unknown (sent, not recorded).
    var openStartedMs: Int64?

    init(row: Row) throws {
        chatId = try row.text("chat_id")
        opening = try row.text("state") == "opening"
        topicName = try row.text("topic_name")
        threadId = row.int64("thread_id")
        openStartedMs = row.int64("open_started_ms")
    }
}
