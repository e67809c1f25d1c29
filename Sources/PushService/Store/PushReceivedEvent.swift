import HubMessaging

/// A chat event as pushd stored it, with when it first arrived.
public struct PushReceivedEvent: Equatable, Sendable {
    public let event: ChatEvent
    /// When the first delivery committed; redeliveries leave it unchanged.
    public let receivedAt: String
}
