/// A chart answer marketd may skip: the caller sends the `etag` it holds in `ifNoneMatch`,
/// and when nothing was written since, the reply has the same `etag` and no `body`.
public struct MarketChartReply<Body: Codable & Equatable & Sendable>: Codable, Equatable, Sendable {
    public var etag: String
    public var body: Body?
    public init(etag: String, body: Body?) {
        self.etag = etag
        self.body = body
    }
}

/// `market.trending`: the latest complete snapshot of a chart, with its real date.
public enum MarketTrending: RPCMessage {
    public static let type = "market.trending"
    public struct Request: Codable, Equatable, Sendable {
        public var chart: MarketChartQuery
        /// 1–200.
        public var limit: Int
        public var ifNoneMatch: String?
        public init(chart: MarketChartQuery, limit: Int = 200, ifNoneMatch: String? = nil) {
            self.chart = chart
            self.limit = limit
            self.ifNoneMatch = ifNoneMatch
        }
    }
    /// `snapshotDate` is null and `items` empty when no complete snapshot exists.
    public struct Body: Codable, Equatable, Sendable {
        public var snapshotDate: String?
        public var items: [MarketChartItem]
        public init(snapshotDate: String?, items: [MarketChartItem]) {
            self.snapshotDate = snapshotDate
            self.items = items
        }
        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(snapshotDate, forKey: .snapshotDate)
            try c.encode(items, forKey: .items)
        }
    }
    public typealias Response = MarketChartReply<Body>
}

/// `market.rising`: risers, fallers or new entries between the two latest consecutive
/// complete daily snapshots of a chart.
public enum MarketRising: RPCMessage {
    public static let type = "market.rising"
    public enum Kind: String, Codable, CaseIterable, Sendable {
        case riser, faller, new
    }
    public struct Request: Codable, Equatable, Sendable {
        public var chart: MarketChartQuery
        public var kind: Kind
        /// 1–200.
        public var limit: Int
        public var ifNoneMatch: String?
        public init(chart: MarketChartQuery, kind: Kind, limit: Int = 200, ifNoneMatch: String? = nil) {
            self.chart = chart
            self.kind = kind
            self.limit = limit
            self.ifNoneMatch = ifNoneMatch
        }
    }
    /// Dates null and `items` empty without a pair of consecutive complete daily snapshots.
    public struct Body: Codable, Equatable, Sendable {
        public var fromDate: String?
        public var toDate: String?
        public var items: [MarketRisingItem]
        public init(fromDate: String?, toDate: String?, items: [MarketRisingItem]) {
            self.fromDate = fromDate
            self.toDate = toDate
            self.items = items
        }
        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(fromDate, forKey: .fromDate)
            try c.encode(toDate, forKey: .toDate)
            try c.encode(items, forKey: .items)
        }
    }
    public typealias Response = MarketChartReply<Body>
}
