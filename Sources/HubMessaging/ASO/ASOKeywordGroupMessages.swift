/// A localized group: one concept with its term per country.
public struct ASOKeywordGroup: Codable, Equatable, Sendable {
    public var id: String
    public var concept: String
    public var keywords: [ASOTrackedKeyword]
    public init(id: String, concept: String, keywords: [ASOTrackedKeyword]) {
        self.id = id
        self.concept = concept
        self.keywords = keywords
    }
}

/// `aso.groups.create`: a localized group; each country's term becomes (or joins, when already
/// tracked) a tracked keyword of the project, within the organization's allowance. With
/// `dryRun`, the same checks and answer, and nothing saved.
public enum ASOGroupCreate: RPCMessage {
    public static let type = "aso.groups.create"
    public struct Request: Codable, Equatable, Sendable {
        public var project: ASOProjectRef
        /// 1–100 characters.
        public var concept: String
        /// Country code → term; 1–50 countries.
        public var terms: [String: String]
        public var dryRun: Bool?
        public init(project: ASOProjectRef, concept: String, terms: [String: String], dryRun: Bool? = nil) {
            self.project = project
            self.concept = concept
            self.terms = terms
            self.dryRun = dryRun
        }
    }
    public typealias Response = ASOKeywordGroup
}

/// One row of the country grid: a localized group, or one term tracked in several countries.
public struct ASOGridRow: Codable, Equatable, Sendable {
    public var groupId: String?
    public var concept: String
    /// Country code → that country's tracked keyword with its latest rank.
    public var cells: [String: ASOTrackedKeyword]
    public init(groupId: String?, concept: String, cells: [String: ASOTrackedKeyword]) {
        self.groupId = groupId
        self.concept = concept
        self.cells = cells
    }

    private enum CodingKeys: String, CodingKey { case groupId, concept, cells }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(groupId, forKey: .groupId)
        try c.encode(concept, forKey: .concept)
        try c.encode(cells, forKey: .cells)
    }
}

/// `aso.grid`: the project's tracked keywords as concept rows by country columns.
public enum ASOGrid: RPCMessage {
    public static let type = "aso.grid"
    public struct Request: Codable, Equatable, Sendable {
        public var project: ASOProjectRef
        public init(project: ASOProjectRef) { self.project = project }
    }
    public struct Response: Codable, Equatable, Sendable {
        public var countries: [String]
        public var rows: [ASOGridRow]
        public init(countries: [String], rows: [ASOGridRow]) {
            self.countries = countries
            self.rows = rows
        }
    }
}
