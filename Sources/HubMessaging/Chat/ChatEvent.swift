import HubRuntime

/// One chat outbox event as chatd hands it to its consumers (`events.deliver`): the row as its
/// outbox stores it, so nothing is copied field by field on the way. The ID (chatd's outbox ID,
/// time-sortable, stable across redeliveries) is the deduplication key; topics are
/// those of `OutboxConsumers.chatd`; `decoded()` gives the typed payload.
public typealias ChatEvent = OutboxEvent
