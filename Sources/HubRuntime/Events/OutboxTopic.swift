/// Every topic a daemon's outbox writes, so writers and readers name them one way. The raw
/// value is the `topic` column; rows written before a topic existed here decode to
/// `OutboxEventBody.unknown` rather than failing the reader.
public enum OutboxTopic: String, CaseIterable, Codable, Sendable {
    /// chatd: a public team reply (or card) the user has not seen yet.
    case chatReplied = "chat.replied"
    /// chatd: the user read the team's replies.
    case chatRead = "chat.read"
    /// chatd: the team resolved a conversation.
    case chatResolved = "chat.resolved"
    /// chatd: the team reopened a resolved conversation.
    case chatReopened = "chat.reopened"
    /// chatd: a user's first message (or first after a resolution) opened a conversation.
    case chatConversationCreated = "chat.conversation_created"
    /// chatd: a user message.
    case chatUserMessage = "chat.user_message"
    /// ingest: a report was submitted.
    case feedbackCreated = "feedback.created"
    /// ingest: the team replied to a report.
    case feedbackReplied = "feedback.replied"
    /// ingest: a report's status changed.
    case feedbackStatus = "feedback.status"
    /// ingest: someone was invited to an organization (the email carries the sealed link).
    case invitationCreated = "invitation.created"
    /// ingest: an invitation was revoked or replaced before it was used.
    case invitationRevoked = "invitation.revoked"
}
