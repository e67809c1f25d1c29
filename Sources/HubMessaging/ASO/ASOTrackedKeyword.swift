/// A tracked keyword with its latest rank. `status` tells the three cases apart: `unobserved`
/// (no measurement collected yet), `unranked` (observed, the app absent from the returned
/// results) and `ranked` (`rank` is its 1-based position).
public struct ASOTrackedKeyword: Codable, Equatable, Sendable {
    public enum Status: String, Codable, Sendable { case unobserved, unranked, ranked }

    public var id: String
    public var projectId: String
    public var term: String
    public var country: String
    public var groupId: String?
    public var createdAt: String
    public var status: Status
    public var rank: Int?
    /// The UTC day of the latest observation, `YYYY-MM-DD`.
    public var rankDate: String?
    public var observedAt: String?
    /// Positions gained since the rank dated seven days before `rankDate`; null unless both ranks exist.
    public var change7d: Int?

    public init(
        id: String, projectId: String, term: String, country: String, groupId: String?, createdAt: String,
        status: Status, rank: Int?, rankDate: String?, observedAt: String?, change7d: Int?
    ) {
        self.id = id
        self.projectId = projectId
        self.term = term
        self.country = country
        self.groupId = groupId
        self.createdAt = createdAt
        self.status = status
        self.rank = rank
        self.rankDate = rankDate
        self.observedAt = observedAt
        self.change7d = change7d
    }

    private enum CodingKeys: String, CodingKey {
        case id, projectId, term, country, groupId, createdAt, status, rank, rankDate, observedAt, change7d
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(projectId, forKey: .projectId)
        try c.encode(term, forKey: .term)
        try c.encode(country, forKey: .country)
        try c.encode(groupId, forKey: .groupId)
        try c.encode(createdAt, forKey: .createdAt)
        try c.encode(status, forKey: .status)
        try c.encode(rank, forKey: .rank)
        try c.encode(rankDate, forKey: .rankDate)
        try c.encode(observedAt, forKey: .observedAt)
        try c.encode(change7d, forKey: .change7d)
    }
}

/// One dated observation of a tracked keyword: `rank` null means observed, not ranked.
public struct ASORankPoint: Codable, Equatable, Sendable {
    public var date: String
    public var observedAt: String
    public var rank: Int?

    public init(date: String, observedAt: String, rank: Int?) {
        self.date = date
        self.observedAt = observedAt
        self.rank = rank
    }

    private enum CodingKeys: String, CodingKey { case date, observedAt, rank }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(date, forKey: .date)
        try c.encode(observedAt, forKey: .observedAt)
        try c.encode(rank, forKey: .rank)
    }
}
