/// Which outbox topics have a consumer, for every daemon that writes an outbox: the one place
/// that says so. A consumed topic's pending events are kept until the consumer acknowledges
/// them; a topic listed nowhere has no consumer yet, and its pending events expire
/// (`OutboxRetention.unconsumed`) instead of piling up. Add a topic here when its consumer ships.
public enum OutboxConsumers {
    /// chatd's topics (`ChatOutboxTopic`): `ChatEventRelay` hands every pending event to pushd
    /// (`events.deliver`), which acknowledges it once stored.
    public static let chatd: Set<String> = ["chat.replied", "chat.read", "chat.resolved"]
    /// ingest's topics (`feedback.created`, `feedback.replied`, `feedback.status`) have no
    /// consumer yet; the chat-ops integrations will read them.
    public static let ingest: Set<String> = []
}
