/// `aso.notifications`: what asod has to tell a team about several projects since a time, in
/// one call for the notifications feed: reviews written since then, tracked keywords that fell
/// `minimumKeywordDrop` or more positions from one observed day to the next, and price jobs
/// that failed, became uncertain or finished. Each list newest first, at most `limit`.
public enum ASONotifications: RPCMessage {
    public static let type = "aso.notifications"
    public static let maximumProjects = 200
    public static let maximumLimit = 200
    /// Positions a keyword must lose between consecutive observed days to be reported.
    public static let minimumKeywordDrop = 5

    public struct Request: Codable, Equatable, Sendable {
        public var projectIds: [String]
        /// ISO-8601 UTC; a keyword drop counts from this time's UTC day.
        public var since: String
        public var limit: Int
        public init(projectIds: [String], since: String, limit: Int) {
            self.projectIds = projectIds
            self.since = since
            self.limit = limit
        }
    }

    public struct Review: Codable, Equatable, Sendable {
        public var projectId: String
        public var reviewId: String
        public var rating: Int
        public var territory: String?
        public var title: String?
        /// Apple's `createdDate`.
        public var createdAt: String
        public init(projectId: String, reviewId: String, rating: Int, territory: String?, title: String?, createdAt: String) {
            self.projectId = projectId
            self.reviewId = reviewId
            self.rating = rating
            self.territory = territory
            self.title = title
            self.createdAt = createdAt
        }
    }

    public struct KeywordDrop: Codable, Equatable, Sendable {
        public var projectId: String
        public var keywordId: String
        public var term: String
        public var country: String
        /// The UTC day of the lower rank.
        public var day: String
        public var rank: Int
        public var previousRank: Int
        /// When that day's rank was observed.
        public var observedAt: String
        public init(
            projectId: String, keywordId: String, term: String, country: String, day: String, rank: Int, previousRank: Int,
            observedAt: String
        ) {
            self.projectId = projectId
            self.keywordId = keywordId
            self.term = term
            self.country = country
            self.day = day
            self.rank = rank
            self.previousRank = previousRank
            self.observedAt = observedAt
        }
    }

    public struct PriceJobChange: Codable, Equatable, Sendable {
        public enum State: String, Codable, Sendable {
            /// An item failed.
            case failed
            /// None failed, and Apple's answer for an item is not known.
            case uncertain
            /// Every item succeeded or was cancelled.
            case finished
        }
        public var projectId: String
        public var jobId: String
        public var productId: String
        public var state: State
        public var items: Int
        /// The latest change of one of its items.
        public var updatedAt: String
        public init(projectId: String, jobId: String, productId: String, state: State, items: Int, updatedAt: String) {
            self.projectId = projectId
            self.jobId = jobId
            self.productId = productId
            self.state = state
            self.items = items
            self.updatedAt = updatedAt
        }
    }

    public struct Response: Codable, Equatable, Sendable {
        public var reviews: [Review]
        public var keywordDrops: [KeywordDrop]
        public var priceJobs: [PriceJobChange]
        public init(reviews: [Review], keywordDrops: [KeywordDrop], priceJobs: [PriceJobChange]) {
            self.reviews = reviews
            self.keywordDrops = keywordDrops
            self.priceJobs = priceJobs
        }
    }
}
