/// `events.deliver`: a daemon's `OutboxRelay` (chatd's, ingest's) hands a batch of outbox events
/// to pushd, which stores them durably and answers the IDs it now holds (including ones it
/// already had), so the sender may acknowledge exactly those. Delivery is at-least-once; pushd
/// deduplicates by event ID.
public enum ChatEventDeliver: RPCMessage {
    public static let type = "events.deliver"
    /// Largest batch a consumer accepts.
    public static let maximumBatch = 500

    public struct Request: Codable, Equatable, Sendable {
        public let events: [ChatEvent]

        public init(events: [ChatEvent]) { self.events = events }
    }

    public struct Response: Codable, Equatable, Sendable {
        /// IDs committed by the consumer; the sender may mark these delivered.
        public let acknowledged: [String]

        public init(acknowledged: [String]) { self.acknowledged = acknowledged }
    }
}
