/// An outbox row's payload decoded by its topic (`OutboxEvent.decoded()`), so readers switch
/// over cases instead of matching topic strings and digging in dictionaries.
public enum OutboxEventBody: Equatable, Sendable {
    case chatReplied(ChatRepliedEvent)
    case chatRead(ChatReadEvent)
    case chatResolved(ChatResolvedEvent)
    case chatReopened(ChatReopenedEvent)
    case chatConversationCreated(ChatConversationCreatedEvent)
    case chatUserMessage(ChatUserMessageEvent)
    case feedbackCreated(FeedbackCreatedEvent)
    case feedbackReplied(FeedbackRepliedEvent)
    case feedbackStatus(FeedbackStatusEvent)
    case invitationCreated(InvitationCreatedEvent)
    case invitationRevoked(InvitationRevokedEvent)
    /// A topic this build does not know (a newer daemon wrote it, or an older one that has
    /// since been removed); readers skip it instead of failing the batch.
    case unknown(topic: String)
}
