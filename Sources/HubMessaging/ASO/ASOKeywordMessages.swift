/// `aso.keywords.add`: tracks terms for a project in one country. A term whose normalized form
/// is already tracked there is returned in `existing`, not added again; the organization's
/// allowance is checked for the new ones (409 `KEYWORD_LIMIT`, nothing added). With `dryRun`,
/// the same checks and answer, and nothing saved (previews, e.g. for MCP's `add_keywords`).
public enum ASOKeywordsAdd: RPCMessage {
    public static let type = "aso.keywords.add"
    public struct Request: Codable, Equatable, Sendable {
        public var project: ASOProjectRef
        public var country: String
        /// 1–100 terms of 1–100 characters.
        public var terms: [String]
        public var dryRun: Bool?
        public init(project: ASOProjectRef, country: String, terms: [String], dryRun: Bool? = nil) {
            self.project = project
            self.country = country
            self.terms = terms
            self.dryRun = dryRun
        }
    }
    public struct Response: Codable, Equatable, Sendable {
        public var added: [ASOTrackedKeyword]
        public var existing: [ASOTrackedKeyword]
        public init(added: [ASOTrackedKeyword], existing: [ASOTrackedKeyword]) {
            self.added = added
            self.existing = existing
        }
    }
}

/// `aso.keywords.list`: a project's tracked keywords with their latest ranks, by country then term.
public enum ASOKeywordsList: RPCMessage {
    public static let type = "aso.keywords.list"
    public typealias Request = ASOProjectCountry
    public struct Response: Codable, Equatable, Sendable {
        public var items: [ASOTrackedKeyword]
        /// Tracked keywords across the organization, and its allowance (null: unlimited).
        public var organizationUsed: Int
        public var organizationAllowance: Int?
        public init(items: [ASOTrackedKeyword], organizationUsed: Int, organizationAllowance: Int?) {
            self.items = items
            self.organizationUsed = organizationUsed
            self.organizationAllowance = organizationAllowance
        }
        private enum CodingKeys: String, CodingKey { case items, organizationUsed, organizationAllowance }
        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(items, forKey: .items)
            try c.encode(organizationUsed, forKey: .organizationUsed)
            try c.encode(organizationAllowance, forKey: .organizationAllowance)
        }
    }
}

/// Names one tracked keyword of a project.
public struct ASOKeywordRef: Codable, Equatable, Sendable {
    public var project: ASOProjectRef
    public var keywordId: String
    /// For changes: check and answer, save nothing.
    public var dryRun: Bool?
    public init(project: ASOProjectRef, keywordId: String, dryRun: Bool? = nil) {
        self.project = project
        self.keywordId = keywordId
        self.dryRun = dryRun
    }
}

/// `aso.keywords.remove`: stops tracking; its history goes with it. 404 when not tracked.
/// Answers the keyword as it was (what a preview shows as `diff.before`).
public enum ASOKeywordRemove: RPCMessage {
    public static let type = "aso.keywords.remove"
    public typealias Request = ASOKeywordRef
    public typealias Response = ASOTrackedKeyword
}

/// `aso.keywords.history`: every dated observation of a keyword, newest first.
public enum ASOKeywordHistory: RPCMessage {
    public static let type = "aso.keywords.history"
    public typealias Request = ASOKeywordRef
    public struct Response: Codable, Equatable, Sendable {
        public var keyword: ASOTrackedKeyword
        public var items: [ASORankPoint]
        public init(keyword: ASOTrackedKeyword, items: [ASORankPoint]) {
            self.keyword = keyword
            self.items = items
        }
    }
}
