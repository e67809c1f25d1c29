import Foundation

/// The conversation page (`GET /dashboard/conversations/{id}`).
public struct ConversationView: Sendable {
    public var id: String
    /// The project the conversation belongs to.
    public var app: InboxChoice
    public var status: InboxQuery.State
    /// Set while resolved: `positive`, `neutral` or `negative`.
    public var sentiment: String?
    /// ISO-8601.
    public var createdAt: String
    public var customer: ConversationCustomer
    /// Oldest first, notes included.
    public var messages: [ConversationEntry]
    /// The project's setting: a positive resolution also sends the review request.
    public var automaticReviewRequests: Bool
    /// The reply form's idempotency key, fresh for each page view, so a double submit posts once.
    public var replyKey: String
    /// Text to put back in the composer after a reply was refused.
    public var draft: String
    public var now: Date

    public init(
        id: String, app: InboxChoice, status: InboxQuery.State, sentiment: String? = nil, createdAt: String, customer: ConversationCustomer,
        messages: [ConversationEntry], automaticReviewRequests: Bool = false, replyKey: String, draft: String = "", now: Date
    ) {
        self.id = id
        self.app = app
        self.status = status
        self.sentiment = sentiment
        self.createdAt = createdAt
        self.customer = customer
        self.messages = messages
        self.automaticReviewRequests = automaticReviewRequests
        self.replyKey = replyKey
        self.draft = draft
        self.now = now
    }

    /// The conversation's one review request, once sent.
    public var reviewRequest: ConversationEntry? { messages.first { $0.card?.kind == .reviewRequest } }
}
