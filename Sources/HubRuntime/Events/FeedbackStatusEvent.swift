/// `feedback.status`: a report's status changed.
public struct FeedbackStatusEvent: OutboxEventPayload {
    public static let topic = OutboxTopic.feedbackStatus
    /// The report's ID.
    public var id: String
    public var projectId: String
    /// The new status.
    public var status: String
    /// The integration that changed it (`telegram:<integration id>`), absent otherwise.
    public var source: String?

    public init(id: String, projectId: String, status: String, source: String? = nil) {
        self.source = source
        self.id = id
        self.projectId = projectId
        self.status = status
    }
}
