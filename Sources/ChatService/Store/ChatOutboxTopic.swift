/// Outbox topics chatd writes. pushd consumes every one (`OutboxConsumers.chatd`), so their
/// pending events are kept until it acknowledges them.
public enum ChatOutboxTopic {
    /// A public team reply (or card) the user has not seen yet.
    public static let replied = "chat.replied"
    /// The user read the team's replies.
    public static let read = "chat.read"
    /// The team resolved a conversation.
    public static let resolved = "chat.resolved"
}
