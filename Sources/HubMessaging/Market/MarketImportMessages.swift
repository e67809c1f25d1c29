/// `market.records.import`: market records the collector cannot see (estimates, ads, social
/// posts, captured flows), one JSON object per line. The batch is validated as a whole and
/// written in one transaction, or not at all; a record ID seen before with the same content
/// is left as it is, with other content it is a conflict.
public enum MarketRecordsImport: RPCMessage {
    public static let type = "market.records.import"
    /// Lines per batch at most.
    public static let maximumLines = 10_000
    public struct Request: Codable, Equatable, Sendable {
        public var lines: [String]
        public init(lines: [String]) { self.lines = lines }
    }
    public struct Response: Codable, Equatable, Sendable {
        /// Records written by this batch.
        public var imported: Int
        /// Records already present with the same content.
        public var unchanged: Int
        public init(imported: Int, unchanged: Int) {
            self.imported = imported
            self.unchanged = unchanged
        }
    }
}
