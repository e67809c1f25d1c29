/// `aso.explorer`: search results, difficulty and related terms for one term and country,
/// from the shared observation cache or, on a miss, from the provider after reserving one of
/// the organization's daily live searches.
public enum ASOExplorer: RPCMessage {
    public static let type = "aso.explorer"

    public struct Request: Codable, Equatable, Sendable {
        public var organizationId: String
        public var plan: OrganizationPlan
        public var term: String
        public var country: String
        /// The `appStoreId`s of the organization's projects, to mark its own apps.
        public var ownAppStoreIds: [String]

        public init(organizationId: String, plan: OrganizationPlan, term: String, country: String, ownAppStoreIds: [String]) {
            self.organizationId = organizationId
            self.plan = plan
            self.term = term
            self.country = country
            self.ownAppStoreIds = ownAppStoreIds
        }
    }

    /// The CONTRACT's shape: `source`, `observedAt`, `cached`, `results`, `difficulty`, `related`, `quota`.
    public struct Response: Codable, Equatable, Sendable {
        public var source: String
        public var observedAt: String
        public var cached: Bool
        public var results: [ASOSearchResult]
        public var difficulty: ASODifficulty
        public var related: [String]
        public var quota: ASOQuota

        public init(source: String, observedAt: String, cached: Bool, results: [ASOSearchResult], difficulty: ASODifficulty,
                    related: [String], quota: ASOQuota) {
            self.source = source
            self.observedAt = observedAt
            self.cached = cached
            self.results = results
            self.difficulty = difficulty
            self.related = related
            self.quota = quota
        }
    }
}
