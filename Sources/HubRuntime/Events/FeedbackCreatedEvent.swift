/// `feedback.created`: a report was submitted.
public struct FeedbackCreatedEvent: OutboxEventPayload {
    public static let topic = OutboxTopic.feedbackCreated
    /// The report's ID.
    public var id: String
    public var projectId: String
    public var type: String
    public var createdAt: String

    public init(id: String, projectId: String, type: String, createdAt: String) {
        self.id = id
        self.projectId = projectId
        self.type = type
        self.createdAt = createdAt
    }
}
