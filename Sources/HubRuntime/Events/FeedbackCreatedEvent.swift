/// `feedback.created`: a report was submitted, with what a chat-ops integration shows when it
/// opens a thread for it (every added field is absent in rows written before it was carried).
public struct FeedbackCreatedEvent: OutboxEventPayload {
    public static let topic = OutboxTopic.feedbackCreated
    /// The report's ID.
    public var id: String
    public var projectId: String
    public var type: String
    public var createdAt: String
    /// The reporter's verified email, else the contact email they typed; absent: anonymous.
    public var email: String?
    public var title: String?
    public var message: String?
    public var locale: String?
    public var platform: String?
    public var bundleId: String?
    public var appVersion: String?
    /// Whether a screenshot came with it (integrations say so instead of forwarding it).
    public var hasScreenshot: Bool?

    public init(
        id: String, projectId: String, type: String, createdAt: String, email: String? = nil, title: String? = nil,
        message: String? = nil, locale: String? = nil, platform: String? = nil, bundleId: String? = nil,
        appVersion: String? = nil, hasScreenshot: Bool? = nil
    ) {
        self.id = id
        self.projectId = projectId
        self.type = type
        self.createdAt = createdAt
        self.email = email
        self.title = title
        self.message = message
        self.locale = locale
        self.platform = platform
        self.bundleId = bundleId
        self.appVersion = appVersion
        self.hasScreenshot = hasScreenshot
    }
}
