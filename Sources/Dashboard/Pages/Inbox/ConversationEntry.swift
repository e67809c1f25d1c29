/// One message of a conversation as the team sees it: the user's, a public team reply (cards
/// included) or an internal note.
public struct ConversationEntry: Sendable, Equatable {
    public enum Sender: Sendable, Equatable {
        case user
        case team
    }

    /// A photo of the message; `url` is the private, expiring read URL, nil when storage is unavailable.
    public struct Photo: Sendable, Equatable {
        public var url: String?
        public var width: Int
        public var height: Int
        /// The workspace's retention removed it: shown as expired, not as a storage problem.
        public var expired: Bool

        public init(url: String?, width: Int, height: Int, expired: Bool = false) {
            self.url = url
            self.width = width
            self.height = height
            self.expired = expired
        }
    }

    /// An action card the team sent, with what the user's app reported doing with it.
    public struct Card: Sendable, Equatable {
        public enum Kind: String, Sendable {
            case offer
            case reviewRequest = "review_request"
        }

        public var kind: Kind
        /// Offers: the paywall's title when the card was sent (a team label the user never sees).
        public var title: String
        public var paywallId: String?
        public var buttonLabel: String
        public var body: String?
        /// Offers: still in the user's latest snapshot and reported available there.
        public var available: Bool
        /// ISO-8601 times of the first display and the first tap, nil until they happen.
        public var openedAt: String?
        public var tappedAt: String?

        public init(
            kind: Kind, title: String, paywallId: String? = nil, buttonLabel: String, body: String? = nil, available: Bool = true,
            openedAt: String? = nil, tappedAt: String? = nil
        ) {
            self.kind = kind
            self.title = title
            self.paywallId = paywallId
            self.buttonLabel = buttonLabel
            self.body = body
            self.available = available
            self.openedAt = openedAt
            self.tappedAt = tappedAt
        }
    }

    public var id: String
    public var sender: Sender
    /// Notes are the team's alone: never shown to the user, no push, no photos.
    public var isInternal: Bool
    /// Team messages: the member who wrote it, by name; nil for the hub's own (an automatic review request).
    public var author: String?
    public var body: String
    /// ISO-8601.
    public var createdAt: String
    public var photos: [Photo]
    public var card: Card?

    public init(
        id: String, sender: Sender, isInternal: Bool = false, author: String? = nil, body: String, createdAt: String,
        photos: [Photo] = [], card: Card? = nil
    ) {
        self.id = id
        self.sender = sender
        self.isInternal = isInternal
        self.author = author
        self.body = body
        self.createdAt = createdAt
        self.photos = photos
        self.card = card
    }
}
