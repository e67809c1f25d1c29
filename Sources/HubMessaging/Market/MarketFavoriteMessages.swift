/// What a favorite bookmarks; folders and limits are per kind.
public enum MarketFavoriteKind: String, Codable, CaseIterable, Sendable {
    case app, ad
    case socialPost = "social_post"
    case paywall, onboarding
    case keywordSearch = "keyword_search"
}

/// A folder of one kind of favorites.
public struct MarketFavoriteFolder: Codable, Equatable, Sendable {
    public var id: String
    public var kind: MarketFavoriteKind
    public var name: String
    public var itemCount: Int
    public var createdAt: String
    public init(id: String, kind: MarketFavoriteKind, name: String, itemCount: Int, createdAt: String) {
        self.id = id
        self.kind = kind
        self.name = name
        self.itemCount = itemCount
        self.createdAt = createdAt
    }
}

/// A bookmarked item; `folderId` null means it is only in All.
public struct MarketFavorite: Codable, Equatable, Sendable {
    public var id: String
    public var kind: MarketFavoriteKind
    public var itemId: String
    public var storefront: String?
    public var folderId: String?
    public var createdAt: String
    /// An app's name in the market catalog when listed; null for other kinds and for apps the
    /// catalog does not hold (yet).
    public var name: String?
    public init(
        id: String, kind: MarketFavoriteKind, itemId: String, storefront: String?, folderId: String?, createdAt: String,
        name: String? = nil
    ) {
        self.id = id
        self.kind = kind
        self.itemId = itemId
        self.storefront = storefront
        self.folderId = folderId
        self.createdAt = createdAt
        self.name = name
    }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(kind, forKey: .kind)
        try c.encode(itemId, forKey: .itemId)
        try c.encode(storefront, forKey: .storefront)
        try c.encode(folderId, forKey: .folderId)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(name, forKey: .name)
    }
}

/// Limits of favorites, per organization and kind.
public enum MarketFavoriteLimits {
    public static let folders = 50
    public static let favorites = 1_000
    public static let folderName = 1...60
}

/// `market.favorites.list`: one kind's favorites, newest first, optionally of one folder.
public enum MarketFavoritesList: RPCMessage {
    public static let type = "market.favorites.list"
    public struct Request: Codable, Equatable, Sendable {
        public var organizationId: String
        public var kind: MarketFavoriteKind
        public var folderId: String?
        public init(organizationId: String, kind: MarketFavoriteKind, folderId: String?) {
            self.organizationId = organizationId
            self.kind = kind
            self.folderId = folderId
        }
    }
    public struct Response: Codable, Equatable, Sendable {
        public var items: [MarketFavorite]
        public init(items: [MarketFavorite]) { self.items = items }
    }
}

/// `market.favorites.save`: bookmarks an item (or moves an existing bookmark to `folderId`;
/// null: All only). At most 1,000 per kind.
public enum MarketFavoriteSave: RPCMessage {
    public static let type = "market.favorites.save"
    public struct Request: Codable, Equatable, Sendable {
        public var organizationId: String
        public var kind: MarketFavoriteKind
        public var itemId: String
        public var storefront: String?
        public var folderId: String?
        public init(organizationId: String, kind: MarketFavoriteKind, itemId: String, storefront: String?, folderId: String?) {
            self.organizationId = organizationId
            self.kind = kind
            self.itemId = itemId
            self.storefront = storefront
            self.folderId = folderId
        }
    }
    public struct Response: Codable, Equatable, Sendable {
        public var favorite: MarketFavorite
        public var created: Bool
        public init(favorite: MarketFavorite, created: Bool) {
            self.favorite = favorite
            self.created = created
        }
    }
}

/// Names one favorite or folder of an organization.
public struct MarketOwnedRef: Codable, Equatable, Sendable {
    public var organizationId: String
    public var id: String
    public init(organizationId: String, id: String) {
        self.organizationId = organizationId
        self.id = id
    }
}

/// `market.favorites.remove`: removes a bookmark (only the bookmark).
public enum MarketFavoriteRemove: RPCMessage {
    public static let type = "market.favorites.remove"
    public typealias Request = MarketOwnedRef
    public typealias Response = MarketWatchlistRemove.Response
}

/// `market.folders.list`: one kind's folders by name.
public enum MarketFoldersList: RPCMessage {
    public static let type = "market.folders.list"
    public struct Request: Codable, Equatable, Sendable {
        public var organizationId: String
        public var kind: MarketFavoriteKind
        public init(organizationId: String, kind: MarketFavoriteKind) {
            self.organizationId = organizationId
            self.kind = kind
        }
    }
    public struct Response: Codable, Equatable, Sendable {
        public var items: [MarketFavoriteFolder]
        public init(items: [MarketFavoriteFolder]) { self.items = items }
    }
}

/// `market.folders.create`: a folder; names are 1–60 trimmed characters, unique within the
/// kind ignoring case; at most 50 per kind.
public enum MarketFolderCreate: RPCMessage {
    public static let type = "market.folders.create"
    public struct Request: Codable, Equatable, Sendable {
        public var organizationId: String
        public var kind: MarketFavoriteKind
        public var name: String
        public init(organizationId: String, kind: MarketFavoriteKind, name: String) {
            self.organizationId = organizationId
            self.kind = kind
            self.name = name
        }
    }
    public typealias Response = MarketFavoriteFolder
}

/// `market.folders.rename`.
public enum MarketFolderRename: RPCMessage {
    public static let type = "market.folders.rename"
    public struct Request: Codable, Equatable, Sendable {
        public var organizationId: String
        public var id: String
        public var name: String
        public init(organizationId: String, id: String, name: String) {
            self.organizationId = organizationId
            self.id = id
            self.name = name
        }
    }
    public typealias Response = MarketFavoriteFolder
}

/// `market.folders.delete`: its favorites stay in All.
public enum MarketFolderDelete: RPCMessage {
    public static let type = "market.folders.delete"
    public typealias Request = MarketOwnedRef
    public typealias Response = MarketWatchlistRemove.Response
}
