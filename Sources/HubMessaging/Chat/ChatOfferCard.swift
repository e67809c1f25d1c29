/// `chat.team.offerCard`: sends an offer card for a paywall of the conversation owner's latest
/// snapshot (400 `UNKNOWN_PAYWALL` otherwise); a public team reply like any other.
public enum ChatOfferCard: RPCMessage {
    public static let type = "chat.team.offerCard"
    /// The card kind, as `ChatActionCardDTO.kind` and `ChatMessageDTO.kind` carry it.
    public static let kind = "offer"
    public static let maximumButtonLabelLength = 40
    public static let maximumBodyLength = 500

    public struct Request: Codable, Equatable, Sendable {
        public var projectId: String
        public var conversationId: String
        public var paywallId: String
        /// 1–40 characters.
        public var buttonLabel: String
        /// At most 500 characters.
        public var body: String?
        /// Who sent it, for the team's timeline.
        public var author: String?
        public init(
            projectId: String, conversationId: String, paywallId: String, buttonLabel: String, body: String? = nil,
            author: String? = nil
        ) {
            self.projectId = projectId
            self.conversationId = conversationId
            self.paywallId = paywallId
            self.buttonLabel = buttonLabel
            self.body = body
            self.author = author
        }
    }
    public typealias Response = ChatMessageDTO
}

extension ChatOfferCard.Request {
    /// Throws 400 `INVALID_PAYLOAD` for a blank or long button label or body.
    public func validate() throws {
        if ChatPaywallSnapshot.isBlank(buttonLabel) || buttonLabel.count > ChatOfferCard.maximumButtonLabelLength {
            throw RPCError.invalidPayload(field: "buttonLabel", "must be 1-\(ChatOfferCard.maximumButtonLabelLength) characters")
        }
        if let body, ChatPaywallSnapshot.isBlank(body) || body.count > ChatOfferCard.maximumBodyLength {
            throw RPCError.invalidPayload(field: "body", "must be 1-\(ChatOfferCard.maximumBodyLength) characters when given")
        }
    }
}
