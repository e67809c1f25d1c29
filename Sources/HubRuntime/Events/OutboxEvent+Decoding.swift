import Foundation

extension OutboxEvent {
    /// The payload as its topic's type; `.unknown` for a topic this build does not know.
    /// Throws `OutboxEventError.invalidPayload` when a known topic's payload does not decode.
    public func decoded() throws -> OutboxEventBody {
        guard let known = OutboxTopic(rawValue: topic) else { return .unknown(topic: topic) }
        switch known {
        case .chatReplied: return .chatReplied(try payload(as: ChatRepliedEvent.self))
        case .chatRead: return .chatRead(try payload(as: ChatReadEvent.self))
        case .chatResolved: return .chatResolved(try payload(as: ChatResolvedEvent.self))
        case .chatReopened: return .chatReopened(try payload(as: ChatReopenedEvent.self))
        case .chatConversationCreated: return .chatConversationCreated(try payload(as: ChatConversationCreatedEvent.self))
        case .chatUserMessage: return .chatUserMessage(try payload(as: ChatUserMessageEvent.self))
        case .feedbackCreated: return .feedbackCreated(try payload(as: FeedbackCreatedEvent.self))
        case .feedbackReplied: return .feedbackReplied(try payload(as: FeedbackRepliedEvent.self))
        case .feedbackStatus: return .feedbackStatus(try payload(as: FeedbackStatusEvent.self))
        case .invitationCreated: return .invitationCreated(try payload(as: InvitationCreatedEvent.self))
        case .invitationRevoked: return .invitationRevoked(try payload(as: InvitationRevokedEvent.self))
        }
    }

    /// The payload as `type`, which must be this event's topic's type.
    public func payload<Payload: OutboxEventPayload>(as type: Payload.Type) throws -> Payload {
        guard topic == Payload.topic.rawValue,
            let value = try? JSONDecoder().decode(Payload.self, from: Data(payload.utf8))
        else { throw OutboxEventError.invalidPayload(topic: topic, eventId: id) }
        return value
    }

    /// The JSON an outbox stores for `payload`: sorted keys and unescaped slashes, the form
    /// the outbox has always written, so consumers see the same text for the same event. An
    /// event on a write path writes it itself (`SortedJSONWritable`).
    public static func encode<Payload: OutboxEventPayload>(_ payload: Payload) throws -> String {
        if let own = payload as? SortedJSONWritable {
            var out = JSONBuffer()
            own.writeSortedJSON(to: &out)
            return out.text
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(payload), as: UTF8.self)
    }
}
