/// Why a term is suggested: where it was found.
public struct ASOEvidence: Codable, Equatable, Sendable {
    public enum Source: String, Codable, Sendable {
        /// A word or pair in the app's own title (public listing).
        case listingTitle = "listing_title"
        /// Repeated in the app's own description (public listing).
        case listingDescription = "listing_description"
        /// A stored search in which the app was returned.
        case search
        /// The title of another app returned next to the app in a stored search.
        case competitorTitle = "competitor_title"
    }

    public var source: Source
    /// The search term, for `search` and `competitor_title`.
    public var term: String?
    /// The app's rank in that search (`search`), or the competitor's (`competitor_title`).
    public var rank: Int?
    /// The competitor, for `competitor_title`.
    public var adamId: String?
    public var appName: String?
    /// Occurrences in the description, for `listing_description`.
    public var count: Int?
    public var observedAt: String?

    public init(
        source: Source, term: String? = nil, rank: Int? = nil, adamId: String? = nil, appName: String? = nil,
        count: Int? = nil, observedAt: String? = nil
    ) {
        self.source = source
        self.term = term
        self.rank = rank
        self.adamId = adamId
        self.appName = appName
        self.count = count
        self.observedAt = observedAt
    }
}

/// A suggested term with its evidence. Not a search-volume measurement.
public struct ASOCandidate: Codable, Equatable, Sendable {
    public var term: String
    public var evidence: [ASOEvidence]
    public init(term: String, evidence: [ASOEvidence]) {
        self.term = term
        self.evidence = evidence
    }
}

/// `aso.candidates`: terms from the app's public listing (iTunes Lookup) and from stored
/// searches that returned the app, excluding terms the project already tracks in that country.
public enum ASOCandidates: RPCMessage {
    public static let type = "aso.candidates"
    public struct Request: Codable, Equatable, Sendable {
        public var project: ASOProjectRef
        public var country: String
        public init(project: ASOProjectRef, country: String) {
            self.project = project
            self.country = country
        }
    }
    public struct Response: Codable, Equatable, Sendable {
        /// `ok`, `not_found` (the provider does not list the app in that country) or
        /// `unavailable` (the lookup failed; search candidates are still given).
        public var listing: String
        public var items: [ASOCandidate]
        public init(listing: String, items: [ASOCandidate]) {
            self.listing = listing
            self.items = items
        }
    }
}

/// An app observed above the project's app for some of its tracked keywords.
public struct ASOCompetitor: Codable, Equatable, Sendable {
    public struct Keyword: Codable, Equatable, Sendable {
        public var keywordId: String
        public var term: String
        public var country: String
        public var theirRank: Int
        /// nil: the app was observed but not ranked.
        public var yourRank: Int?
        public init(keywordId: String, term: String, country: String, theirRank: Int, yourRank: Int?) {
            self.keywordId = keywordId
            self.term = term
            self.country = country
            self.theirRank = theirRank
            self.yourRank = yourRank
        }

        private enum CodingKeys: String, CodingKey { case keywordId, term, country, theirRank, yourRank }
        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(keywordId, forKey: .keywordId)
            try c.encode(term, forKey: .term)
            try c.encode(country, forKey: .country)
            try c.encode(theirRank, forKey: .theirRank)
            try c.encode(yourRank, forKey: .yourRank)
        }
    }

    public var adamId: String
    public var name: String?
    public var sellerName: String?
    public var keywords: [Keyword]
    public init(adamId: String, name: String?, sellerName: String?, keywords: [Keyword]) {
        self.adamId = adamId
        self.name = name
        self.sellerName = sellerName
        self.keywords = keywords
    }

    private enum CodingKeys: String, CodingKey { case adamId, name, sellerName, keywords }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(adamId, forKey: .adamId)
        try c.encode(name, forKey: .name)
        try c.encode(sellerName, forKey: .sellerName)
        try c.encode(keywords, forKey: .keywords)
    }
}

/// `aso.competitors`: the apps observed above the project's app in the latest observation of
/// each tracked keyword (the top ten when the app was not ranked), most keywords first.
public enum ASOCompetitorsAhead: RPCMessage {
    public static let type = "aso.competitors"
    public typealias Request = ASOProjectCountry
    public struct Response: Codable, Equatable, Sendable {
        public var items: [ASOCompetitor]
        public init(items: [ASOCompetitor]) { self.items = items }
    }
}
