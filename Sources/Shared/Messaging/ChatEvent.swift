/// One chat outbox event as chatd hands it to its consumers; the ID is the deduplication key.
public struct ChatEvent: Codable, Equatable, Sendable {
    /// chatd's outbox ID (time-sortable), unique per event and stable across redeliveries.
    public let id: String
    /// `chat.replied`, `chat.read` or `chat.resolved`.
    public let topic: String
    public let projectId: String?
    /// JSON object text, as chatd stored it.
    public let payload: String
    public let createdAt: String

    public init(id: String, topic: String, projectId: String?, payload: String, createdAt: String) {
        self.id = id
        self.topic = topic
        self.projectId = projectId
        self.payload = payload
        self.createdAt = createdAt
    }
}
