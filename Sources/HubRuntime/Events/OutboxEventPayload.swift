/// The payload of one outbox topic: encoded as the row's `payload` JSON when appended, decoded
/// from it by `OutboxEvent.decoded()`. Property names are the JSON keys consumers read.
public protocol OutboxEventPayload: Codable, Equatable, Sendable {
    static var topic: OutboxTopic { get }
}
