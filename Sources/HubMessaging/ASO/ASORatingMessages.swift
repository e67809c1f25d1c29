/// One UTC day's public rating of an app in one App Store country, as the Lookup API answered
/// it the first time that day. A value the provider did not give stays nil, never zero.
public struct ASORatingObservation: Codable, Equatable, Sendable {
    /// `YYYY-MM-DD` (UTC).
    public var day: String
    public var observedAt: String
    public var ratingCount: Int?
    public var averageRating: Double?

    public init(day: String, observedAt: String, ratingCount: Int?, averageRating: Double?) {
        self.day = day
        self.observedAt = observedAt
        self.ratingCount = ratingCount
        self.averageRating = averageRating
    }

    private enum CodingKeys: String, CodingKey { case day, observedAt, ratingCount, averageRating }

    // Every key is present; a missing value is null.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(day, forKey: .day)
        try c.encode(observedAt, forKey: .observedAt)
        try c.encode(ratingCount, forKey: .ratingCount)
        try c.encode(averageRating, forKey: .averageRating)
    }
}

/// `aso.ratings`: an app's rating count and average per App Store country, today's from the
/// Lookup API (once per app, country and UTC day; later calls that day read what was stored),
/// with the days observed before.
public enum ASORatingsGet: RPCMessage {
    public static let type = "aso.ratings"
    /// Countries per call: each may cost one provider call.
    public static let maximumCountries = 10
    public static let maximumDays = 365
    /// Where the values come from.
    public static let source = "itunes-lookup"

    public struct Request: Codable, Equatable, Sendable {
        public var appStoreId: String
        /// Two-letter App Store countries; empty: those the app's keywords are tracked in and
        /// those it was observed in before, else `us`.
        public var countries: [String]
        /// Days of history, today included.
        public var days: Int

        public init(appStoreId: String, countries: [String], days: Int) {
            self.appStoreId = appStoreId
            self.countries = countries
            self.days = days
        }
    }

    public struct Territory: Codable, Equatable, Sendable {
        public enum Status: String, Codable, Sendable {
            /// Today's observation is stored.
            case ok
            /// The provider does not list the app in this country today.
            case notFound = "not_found"
            /// The provider could not be read; only earlier days are known.
            case unavailable
        }

        public var country: String
        public var status: Status
        /// Today's observation; nil unless `status` is `ok`.
        public var current: ASORatingObservation?
        /// Stored observations of the period, newest first (today's included).
        public var history: [ASORatingObservation]

        public init(country: String, status: Status, current: ASORatingObservation?, history: [ASORatingObservation]) {
            self.country = country
            self.status = status
            self.current = current
            self.history = history
        }

        private enum CodingKeys: String, CodingKey { case country, status, current, history }

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(country, forKey: .country)
            try c.encode(status, forKey: .status)
            try c.encode(current, forKey: .current)
            try c.encode(history, forKey: .history)
        }
    }

    public struct Response: Codable, Equatable, Sendable {
        public var items: [Territory]
        public init(items: [Territory]) { self.items = items }
    }
}
