import HubRuntime
import HubStore

/// One queued email as the sender takes it from the queue.
struct EmailQueueItem: Sendable, Equatable {
    var id: Int64
    var attempts: Int
    var createdMs: Int64
    /// Nil when the stored recipient is not a usable address (the row then fails).
    var draft: EmailDraft?

    init(row: Row) throws {
        id = try row.integer("id")
        attempts = Int(try row.integer("attempts"))
        createdMs = try row.integer("created_ms")
        draft = EmailAddress(address: try row.text("recipient"), name: row.string("recipient_name")).map {
            EmailDraft(
                dedupeKey: (try? row.text("dedupe_key")) ?? "", kind: (try? row.text("kind")) ?? "", to: $0,
                subject: (try? row.text("subject")) ?? "", text: (try? row.text("text_body")) ?? "",
                html: (try? row.text("html_body")) ?? "", listUnsubscribe: row.string("list_unsubscribe"))
        }
    }
}
