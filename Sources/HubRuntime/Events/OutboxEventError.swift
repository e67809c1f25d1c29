/// An outbox row that does not decode into its topic's payload type.
public enum OutboxEventError: Error, Equatable, CustomStringConvertible {
    /// The payload is not the JSON its topic defines.
    case invalidPayload(topic: String, eventId: String)

    /// Stable, for logs and RPC errors.
    public var code: String {
        switch self {
        case .invalidPayload: return "OUTBOX_PAYLOAD_INVALID"
        }
    }

    public var description: String {
        switch self {
        case .invalidPayload(let topic, let eventId): return "\(code): event \(eventId) is not a valid \(topic) payload"
        }
    }
}
