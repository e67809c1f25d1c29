/// `feedback.replied`: the team replied to a report (notes write nothing).
public struct FeedbackRepliedEvent: OutboxEventPayload {
    public static let topic = OutboxTopic.feedbackReplied
    /// The report's ID.
    public var id: String
    public var projectId: String
    public var replyId: String
    /// The reply's text (absent in older rows).
    public var message: String?
    /// Who wrote it (`member:<id>`, `token:<id>`, `telegram:<user id>`).
    public var author: String?
    /// The integration that posted it (`telegram:<integration id>`), so it is not echoed back.
    public var source: String?
    /// Who is emailed the reply: the reporter's verified email, else their contact email
    /// (absent in older rows, and when the report has neither).
    public var recipient: String?
    /// What the reply email names the report by, and the app's name (absent in older rows).
    public var reportTitle: String?
    public var appName: String?

    public init(
        id: String, projectId: String, replyId: String, message: String? = nil, author: String? = nil,
        source: String? = nil, recipient: String? = nil, reportTitle: String? = nil, appName: String? = nil
    ) {
        self.id = id
        self.projectId = projectId
        self.replyId = replyId
        self.message = message
        self.author = author
        self.source = source
        self.recipient = recipient
        self.reportTitle = reportTitle
        self.appName = appName
    }
}
