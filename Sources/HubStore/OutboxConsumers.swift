import HubRuntime

/// Which outbox topics have a consumer, for every daemon that writes an outbox: the one place
/// that says so. A consumed topic's pending events are kept until the consumer acknowledges
/// them; a topic listed nowhere has no consumer yet, and its pending events expire
/// (`OutboxRetention.unconsumed`) instead of piling up. Add a topic here when its consumer ships.
public enum OutboxConsumers {
    /// chatd's topics pushd reads: `ChatEventRelay` hands their pending events to pushd
    /// (`events.deliver`), which acknowledges them once stored. `chat.conversation_created`,
    /// `chat.user_message` and `chat.reopened` have no consumer yet.
    public static let chatd: Set<OutboxTopic> = [.chatReplied, .chatRead, .chatResolved]
    /// ingest's topics (`feedback.created`, `feedback.replied`, `feedback.status`) have no
    /// consumer yet; the chat-ops integrations will read them.
    public static let ingest: Set<OutboxTopic> = []
}
