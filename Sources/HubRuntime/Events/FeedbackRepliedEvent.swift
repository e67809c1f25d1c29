/// `feedback.replied`: the team replied to a report (notes write nothing).
public struct FeedbackRepliedEvent: OutboxEventPayload {
    public static let topic = OutboxTopic.feedbackReplied
    /// The report's ID.
    public var id: String
    public var projectId: String
    public var replyId: String

    public init(id: String, projectId: String, replyId: String) {
        self.id = id
        self.projectId = projectId
        self.replyId = replyId
    }
}
