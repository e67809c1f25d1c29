import Foundation

/// How long outbox rows are kept, so no outbox grows without bound. An event a consumer
/// reads stays pending until it acknowledges it, however long that takes: losing it would
/// lose the push or message it stands for. Only what nobody will read again expires.
public struct OutboxRetention: Sendable {
    /// Acknowledged events are deleted this long after their acknowledgement.
    public var acknowledged: TimeInterval
    /// Pending events of a topic without a consumer (`OutboxConsumers`) are deleted this long
    /// after their creation.
    public var unconsumed: TimeInterval

    public init(acknowledged: TimeInterval, unconsumed: TimeInterval) {
        self.acknowledged = acknowledged
        self.unconsumed = unconsumed
    }

    /// Seven days for both: as long as idempotency keys and pushd's queue rows are kept, so an
    /// operator looking into a week-old incident still finds its events.
    public static let standard = OutboxRetention(acknowledged: 7 * 86_400, unconsumed: 7 * 86_400)
}
