/// One outbox row as its consumers read it; the ID is the deduplication key.
public struct OutboxEvent: Codable, Equatable, Sendable {
    /// Time-sortable, so ID order is delivery order.
    public let id: String
    public let topic: String
    public let projectId: String?
    /// JSON object text.
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
