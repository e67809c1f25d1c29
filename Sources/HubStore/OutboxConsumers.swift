import HubRuntime

/// Which outbox topics have a consumer, for every daemon that writes an outbox: the one place
/// that says so. A consumed topic's pending events are kept until the consumer acknowledges
/// them; a topic listed nowhere has no consumer yet, and its pending events expire
/// (`OutboxRetention.unconsumed`) instead of piling up. Add a topic here when its consumer ships.
public enum OutboxConsumers {
    /// chatd's topics pushd reads: chatd's `OutboxRelay` hands their pending events to pushd
    /// (`events.deliver`), which acknowledges them once stored. Replies, reads and resolutions
    /// lead to pushes; conversation starts, user messages, replies and status changes feed the
    /// chat-ops integrations' delivery queues.
    public static let chatd: Set<OutboxTopic> = [
        .chatReplied, .chatRead, .chatResolved, .chatConversationCreated, .chatUserMessage, .chatReopened,
    ]
    /// ingest's topics pushd reads, through ingest's own `OutboxRelay`: reports, replies to them
    /// and status changes, for the chat-ops integrations; invitations, for their emails.
    public static let ingest: Set<OutboxTopic> = [
        .feedbackCreated, .feedbackReplied, .feedbackStatus, .invitationCreated, .invitationRevoked,
    ]
}
