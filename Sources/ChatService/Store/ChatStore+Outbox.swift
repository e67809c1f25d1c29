import Foundation
import HubMessaging
import HubRuntime
import HubStore

/// chatd's outbox events, each appended inside the transaction of the change it reports.
extension ChatStore {
    /// A public team message (or card) for delivery, with its text, kind and author for the
    /// chat-ops integrations; `source` names the integration that posted it, so it skips it.
    func appendReplied(conversation: Row, message: Row, source: String? = nil) throws {
        let body = try message.text("body")
        try outbox.append(
            ChatRepliedEvent(
                conversationId: conversation.text("id"), ownerKind: conversation.text("owner_kind"),
                ownerValue: conversation.text("owner_value"), messageId: message.text("id"),
                createdAt: message.text("created_at"), body: body.isEmpty ? nil : body,
                kind: message.string("card") == nil ? "text" : "card", author: message.string("author"), source: source),
            projectId: conversation.string("project_id"))
    }

    func appendRead(conversation: Row, readAt: String) throws {
        try outbox.append(
            ChatReadEvent(
                conversationId: conversation.text("id"), ownerKind: conversation.text("owner_kind"),
                ownerValue: conversation.text("owner_value"), readAt: readAt),
            projectId: conversation.string("project_id"))
    }

    func appendResolved(
        conversation: Row, sentiment: ChatConversationSummary.Sentiment, resolvedAt: String, source: String?
    ) throws {
        try outbox.append(
            ChatResolvedEvent(
                conversationId: conversation.text("id"), ownerKind: conversation.text("owner_kind"),
                ownerValue: conversation.text("owner_value"), sentiment: sentiment.rawValue, resolvedAt: resolvedAt,
                source: source),
            projectId: conversation.string("project_id"))
    }

    func appendReopened(conversation: Row, reopenedAt: String) throws {
        try outbox.append(
            ChatReopenedEvent(conversationId: conversation.text("id"), reopenedAt: reopenedAt),
            projectId: conversation.string("project_id"))
    }

    /// The owner goes out as its kind and, when verified, its email; a voter token never does.
    /// Appended once the first message exists, so the integrations open their thread with it.
    /// The app version stays absent: chat sends carry no device context (only locale,
    /// platform and bundle ID).
    func appendConversationCreated(conversation: Row, firstMessageId: String, body: String) throws {
        let email = try conversation.text("owner_kind") == ChatOwner.Kind.email.rawValue
        try outbox.append(
            ChatConversationCreatedEvent(
                conversationId: conversation.text("id"), projectId: conversation.text("project_id"),
                ownerKind: email ? .email : .anonymous, ownerEmail: email ? conversation.text("owner_value") : nil,
                locale: conversation.string("locale"), platform: conversation.string("platform"),
                bundleId: conversation.string("bundle_id"), appVersion: nil, createdAt: conversation.text("created_at"),
                firstMessageId: firstMessageId, body: body),
            projectId: conversation.string("project_id"))
    }

    func appendUserMessage(
        conversationId: String, projectId: String, messageId: String, body: String, createdAt: String, imageCount: Int
    ) throws {
        try outbox.append(
            ChatUserMessageEvent(
                conversationId: conversationId, messageId: messageId, bodyLength: body.count, createdAt: createdAt, body: body,
                imageCount: imageCount),
            projectId: projectId)
    }
}
