/// `chat.status`: whether the owner's conversation has a team reply they have not read.
/// Never marks anything read.
public enum ChatStatus: RPCMessage {
    public static let type = "chat.status"
    public struct Request: Codable, Equatable, Sendable {
        public var owner: ChatOwner
        public init(owner: ChatOwner) { self.owner = owner }
    }
    public struct Response: Codable, Equatable, Sendable {
        public var hasUnread: Bool
        public var conversationId: String?
        public init(hasUnread: Bool, conversationId: String?) {
            self.hasUnread = hasUnread
            self.conversationId = conversationId
        }
    }
}

/// `chat.messages.list`: the owner's latest conversation without internal notes, oldest
/// first (only messages newer than `after` when given); marks the team's replies read.
public enum ChatMessagesList: RPCMessage {
    public static let type = "chat.messages.list"
    public struct Request: Codable, Equatable, Sendable {
        public var owner: ChatOwner
        /// A message ID the caller already has.
        public var after: String?
        public init(owner: ChatOwner, after: String? = nil) {
            self.owner = owner
            self.after = after
        }
    }
    public struct Response: Codable, Equatable, Sendable {
        public var messages: [ChatMessageDTO]
        public init(messages: [ChatMessageDTO]) { self.messages = messages }
    }
}

/// `chat.send`: a user message; the first one (or the first after a resolution) opens a
/// conversation. With an idempotency key, a retry with the same `payloadHash` returns the
/// stored message (`replayed`), another hash is 409 `IDEMPOTENCY_CONFLICT`.
public enum ChatSend: RPCMessage {
    public static let type = "chat.send"
    public struct Request: Codable, Equatable, Sendable {
        public var owner: ChatOwner
        public var body: String
        public var imageTokens: [String]
        public var locale: String?
        public var platform: String?
        public var bundleId: String?
        public var idempotencyKey: String?
        /// Hash of the canonical request body, computed by the caller.
        public var payloadHash: String
        public init(
            owner: ChatOwner, body: String, imageTokens: [String] = [], locale: String? = nil,
            platform: String? = nil, bundleId: String? = nil, idempotencyKey: String? = nil, payloadHash: String
        ) {
            self.owner = owner
            self.body = body
            self.imageTokens = imageTokens
            self.locale = locale
            self.platform = platform
            self.bundleId = bundleId
            self.idempotencyKey = idempotencyKey
            self.payloadHash = payloadHash
        }
    }
    public struct Response: Codable, Equatable, Sendable {
        public var message: ChatMessageDTO
        public var replayed: Bool
        public init(message: ChatMessageDTO, replayed: Bool) {
            self.message = message
            self.replayed = replayed
        }
    }
}

/// `chat.cards.activity`: the first display or tap of a card in the owner's conversations;
/// repeats change nothing.
public enum ChatCardsActivity: RPCMessage {
    public static let type = "chat.cards.activity"
    public enum Event: String, Codable, Sendable {
        case opened
        case tapped
    }
    public struct Request: Codable, Equatable, Sendable {
        public var owner: ChatOwner
        public var messageId: String
        public var event: Event
        public init(owner: ChatOwner, messageId: String, event: Event) {
            self.owner = owner
            self.messageId = messageId
            self.event = event
        }
    }
    public typealias Response = RPCEmpty
}
