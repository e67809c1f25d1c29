import Foundation
import HubRuntime

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

    /// The HTTP shape (docs/aso-difficulty.md, "The answer"): `source`, `observedAt`, `cached`,
    /// `results`, `difficulty`, `related`, `quota`.
    /// The results travel as their JSON text (`ASOSearchResult.jsonArray`): encoding a hundred
    /// results field by field twice per cache hit cost more than everything else together.
    public struct Response: Codable, Equatable, Sendable {
        public var source: String
        public var observedAt: String
        public var cached: Bool
        /// `results` as a JSON array, ready to be spliced into the HTTP answer.
        public var resultsJSON: String
        public var difficulty: ASODifficulty
        public var related: [String]
        public var quota: ASOQuota

        public init(
            source: String, observedAt: String, cached: Bool, results: [ASOSearchResult], difficulty: ASODifficulty,
            related: [String], quota: ASOQuota
        ) {
            self.source = source
            self.observedAt = observedAt
            self.cached = cached
            resultsJSON = ASOSearchResult.jsonArray(results)
            self.difficulty = difficulty
            self.related = related
            self.quota = quota
        }

        /// With the results already rendered by `ASOSearchResult.jsonArray`.
        public init(
            source: String, observedAt: String, cached: Bool, resultsJSON: String, difficulty: ASODifficulty,
            related: [String], quota: ASOQuota
        ) {
            self.source = source
            self.observedAt = observedAt
            self.cached = cached
            self.resultsJSON = resultsJSON
            self.difficulty = difficulty
            self.related = related
            self.quota = quota
        }

        private enum CodingKeys: String, CodingKey { case source, observedAt, cached, results64, difficulty, related, quota }

        // The results text goes as base64: as a JSON string, every quote in it would be escaped
        // and unescaped again, which was most of the caller's decoding time.
        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(source, forKey: .source)
            try c.encode(observedAt, forKey: .observedAt)
            try c.encode(cached, forKey: .cached)
            try c.encode(Data(resultsJSON.utf8).base64EncodedString(), forKey: .results64)
            try c.encode(difficulty, forKey: .difficulty)
            try c.encode(related, forKey: .related)
            try c.encode(quota, forKey: .quota)
        }

        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            source = try c.decode(String.self, forKey: .source)
            observedAt = try c.decode(String.self, forKey: .observedAt)
            cached = try c.decode(Bool.self, forKey: .cached)
            guard let bytes = Data(base64Encoded: try c.decode(String.self, forKey: .results64)) else {
                throw DecodingError.dataCorruptedError(forKey: .results64, in: c, debugDescription: "not base64")
            }
            resultsJSON = String(decoding: bytes, as: UTF8.self)
            difficulty = try c.decode(ASODifficulty.self, forKey: .difficulty)
            related = try c.decode([String].self, forKey: .related)
            quota = try c.decode(ASOQuota.self, forKey: .quota)
        }

        /// The results decoded (for callers that need them typed; the HTTP path splices the text).
        public var results: [ASOSearchResult] {
            (try? JSONDecoder().decode([ASOSearchResult].self, from: Data(resultsJSON.utf8))) ?? []
        }
    }
}
