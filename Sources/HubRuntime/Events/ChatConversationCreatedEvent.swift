/// `chat.conversation_created`: what an integration shows when it opens a thread for the
/// conversation. An anonymous owner is named by kind only: the voter token identifies the
/// user's device and must not leave chatd beyond pushd.
public struct ChatConversationCreatedEvent: OutboxEventPayload {
    public static let topic = OutboxTopic.chatConversationCreated

    public enum OwnerKind: String, Codable, Sendable {
        case email
        case anonymous
    }

    public var conversationId: String
    public var projectId: String
    public var ownerKind: OwnerKind
    /// The verified email; absent for an anonymous owner.
    public var ownerEmail: String?
    public var locale: String?
    public var platform: String?
    public var bundleId: String?
    /// Absent while the SDK does not send it.
    public var appVersion: String?
    public var createdAt: String
    /// The message that opened the conversation; its own `chat.user_message` follows, and a
    /// consumer that shows `body` here skips that one.
    public var firstMessageId: String?
    /// The first message's text, for the integrations' thread opener (absent in rows written
    /// before it was carried).
    public var body: String?

    public init(
        conversationId: String, projectId: String, ownerKind: OwnerKind, ownerEmail: String?, locale: String?,
        platform: String?, bundleId: String?, appVersion: String?, createdAt: String, firstMessageId: String? = nil,
        body: String? = nil
    ) {
        self.firstMessageId = firstMessageId
        self.body = body
        self.conversationId = conversationId
        self.projectId = projectId
        self.ownerKind = ownerKind
        self.ownerEmail = ownerEmail
        self.locale = locale
        self.platform = platform
        self.bundleId = bundleId
        self.appVersion = appVersion
        self.createdAt = createdAt
    }
}
