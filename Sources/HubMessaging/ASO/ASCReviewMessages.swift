/// A customer review as the operator API shows it, with Apple's developer-response state kept
/// apart from the team's own open/done status.
public struct ASCReviewDTO: Codable, Equatable, Sendable {
    public struct Response: Codable, Equatable, Sendable {
        public var id: String
        public var body: String
        /// Apple's state, as Apple reports it (`PENDING_PUBLISH`, `PUBLISHED`).
        public var state: String?
        public var updatedAt: String?
        public init(id: String, body: String, state: String?, updatedAt: String?) {
            self.id = id
            self.body = body
            self.state = state
            self.updatedAt = updatedAt
        }
    }

    public enum Status: String, Codable, Sendable {
        case open
        case done
    }

    public var id: String
    public var rating: Int
    public var title: String?
    public var body: String?
    public var reviewerNickname: String?
    public var territory: String?
    public var createdAt: String
    public var response: Response?
    public var status: Status
    /// The community idea this review was promoted to (filled in by ingest, which owns ideas).
    public var ideaId: String?
    public var syncedAt: String

    public init(
        id: String, rating: Int, title: String?, body: String?, reviewerNickname: String?, territory: String?,
        createdAt: String, response: Response?, status: Status, ideaId: String? = nil, syncedAt: String
    ) {
        self.id = id
        self.rating = rating
        self.title = title
        self.body = body
        self.reviewerNickname = reviewerNickname
        self.territory = territory
        self.createdAt = createdAt
        self.response = response
        self.status = status
        self.ideaId = ideaId
        self.syncedAt = syncedAt
    }

    private enum CodingKeys: String, CodingKey {
        case id, rating, title, body, reviewerNickname, territory, createdAt, response, status, ideaId, syncedAt
    }

    // Every key is present; absent values are null.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(rating, forKey: .rating)
        try c.encode(title, forKey: .title)
        try c.encode(body, forKey: .body)
        try c.encode(reviewerNickname, forKey: .reviewerNickname)
        try c.encode(territory, forKey: .territory)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(response, forKey: .response)
        try c.encode(status, forKey: .status)
        try c.encode(ideaId, forKey: .ideaId)
        try c.encode(syncedAt, forKey: .syncedAt)
    }
}

/// Names one imported app of an organization.
public struct ASCAppRef: Codable, Equatable, Sendable {
    public var organizationId: String
    public var projectId: String
    /// Apple's app ID (the project's `appStoreId`).
    public var appStoreId: String
    public init(organizationId: String, projectId: String, appStoreId: String) {
        self.organizationId = organizationId
        self.projectId = projectId
        self.appStoreId = appStoreId
    }
}

/// `reviews.sync`: reads the app's newest reviews and their responses from Apple into asod.
public enum ASCReviewsSync: RPCMessage {
    public static let type = "reviews.sync"
    public typealias Request = ASCAppRef
    public struct Response: Codable, Equatable, Sendable {
        public var fetched: Int
        public init(fetched: Int) { self.fetched = fetched }
    }
}

/// `reviews.list`: up to 200 newest stored reviews of a project, filtered.
public enum ASCReviewsList: RPCMessage {
    public static let type = "reviews.list"
    public static let maximumLimit = 200
    public struct Request: Codable, Equatable, Sendable {
        public var projectId: String
        public var rating: Int?
        public var territory: String?
        public var answered: Bool?
        public var status: ASCReviewDTO.Status?
        public var limit: Int
        public init(
            projectId: String, rating: Int? = nil, territory: String? = nil, answered: Bool? = nil,
            status: ASCReviewDTO.Status? = nil, limit: Int = ASCReviewsList.maximumLimit
        ) {
            self.projectId = projectId
            self.rating = rating
            self.territory = territory
            self.answered = answered
            self.status = status
            self.limit = limit
        }
    }
    public struct Response: Codable, Equatable, Sendable {
        public var items: [ASCReviewDTO]
        public init(items: [ASCReviewDTO]) { self.items = items }
    }
}

/// Names one stored review.
public struct ASCReviewRef: Codable, Equatable, Sendable {
    public var app: ASCAppRef
    public var reviewId: String
    public init(app: ASCAppRef, reviewId: String) {
        self.app = app
        self.reviewId = reviewId
    }
}

/// `reviews.respond`: publishes (creates or replaces) the developer response with Apple, then
/// records Apple's answer.
public enum ASCReviewRespond: RPCMessage {
    public static let type = "reviews.respond"
    /// Apple's limit on a developer response.
    public static let maximumBodyLength = 5_970
    public struct Request: Codable, Equatable, Sendable {
        public var review: ASCReviewRef
        public var body: String
        public init(review: ASCReviewRef, body: String) {
            self.review = review
            self.body = body
        }
    }
    public typealias Response = ASCReviewDTO
}

/// `reviews.deleteResponse`: deletes the developer response with Apple.
public enum ASCReviewDeleteResponse: RPCMessage {
    public static let type = "reviews.deleteResponse"
    public typealias Request = ASCReviewRef
    public typealias Response = ASCReviewDTO
}

/// `reviews.get`: one stored review.
public enum ASCReviewGet: RPCMessage {
    public static let type = "reviews.get"
    public typealias Request = ASCReviewRef
    public typealias Response = ASCReviewDTO
}

/// `reviews.status`: the team's open/done mark, separate from Apple's response state.
public enum ASCReviewSetStatus: RPCMessage {
    public static let type = "reviews.status"
    public struct Request: Codable, Equatable, Sendable {
        public var review: ASCReviewRef
        public var status: ASCReviewDTO.Status
        public init(review: ASCReviewRef, status: ASCReviewDTO.Status) {
            self.review = review
            self.status = status
        }
    }
    public typealias Response = ASCReviewDTO
}
