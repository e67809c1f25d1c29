import Foundation
import HubMessaging
import HubRuntime
import HubStore

/// chatd's outbox events, each appended inside the transaction of the change it reports.
extension ChatStore {
    /// A public team message (or card) for delivery.
    func appendReplied(conversation: Row, message: Row) throws {
        try outbox.append(
            ChatRepliedEvent(
                conversationId: conversation.text("id"), ownerKind: conversation.text("owner_kind"),
                ownerValue: conversation.text("owner_value"), messageId: message.text("id"),
                createdAt: message.text("created_at")),
            projectId: conversation.string("project_id"))
    }

    func appendRead(conversation: Row, readAt: String) throws {
        try outbox.append(
            ChatReadEvent(
                conversationId: conversation.text("id"), ownerKind: conversation.text("owner_kind"),
                ownerValue: conversation.text("owner_value"), readAt: readAt),
            projectId: conversation.string("project_id"))
    }

    func appendResolved(conversation: Row, sentiment: ChatConversationSummary.Sentiment, resolvedAt: String) throws {
        try outbox.append(
            ChatResolvedEvent(
                conversationId: conversation.text("id"), ownerKind: conversation.text("owner_kind"),
                ownerValue: conversation.text("owner_value"), sentiment: sentiment.rawValue, resolvedAt: resolvedAt),
            projectId: conversation.string("project_id"))
    }

    func appendReopened(conversation: Row, reopenedAt: String) throws {
        try outbox.append(
            ChatReopenedEvent(conversationId: conversation.text("id"), reopenedAt: reopenedAt),
            projectId: conversation.string("project_id"))
    }

    /// The owner goes out as its kind and, when verified, its email; a voter token never does.
    func appendConversationCreated(conversation: Row) throws {
        let email = try conversation.text("owner_kind") == ChatOwner.Kind.email.rawValue
        try outbox.append(
            ChatConversationCreatedEvent(
                conversationId: conversation.text("id"), projectId: conversation.text("project_id"),
                ownerKind: email ? .email : .anonymous, ownerEmail: email ? conversation.text("owner_value") : nil,
                locale: conversation.string("locale"), platform: conversation.string("platform"),
                bundleId: conversation.string("bundle_id"), appVersion: nil, createdAt: conversation.text("created_at")),
            projectId: conversation.string("project_id"))
    }

    func appendUserMessage(conversationId: String, message: Row) throws {
        try outbox.append(
            ChatUserMessageEvent(
                conversationId: conversationId, messageId: message.text("id"), bodyLength: message.text("body").count,
                createdAt: message.text("created_at")),
            projectId: message.string("project_id"))
    }
}
