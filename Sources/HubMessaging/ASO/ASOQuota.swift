/// An organization's live-search quota for the current UTC day.
public struct ASOQuota: Codable, Equatable, Sendable {
    public var limit: Int
    public var used: Int
    public var remaining: Int
    /// The next 00:00 UTC, ISO-8601.
    public var resetsAt: String

    public init(limit: Int, used: Int, resetsAt: String) {
        self.limit = limit
        self.used = used
        remaining = max(0, limit - used)
        self.resetsAt = resetsAt
    }
}
