/// A workspace's media retention (docs/feedback.md, "Retention"): off unless an owner or admin
/// sets a whole number of days; the cleanup job then removes report screenshots and sent chat
/// photos older than that. Chat photo staging keeps its own two-day rule either way.
public enum MediaRetention {
    /// The days an organization may keep media for: one day to ten years.
    public static let days: ClosedRange<Int> = 1...3_650
    /// Screenshots removed per organization per pass, and the photos asked of chatd per call,
    /// so one pass stays short; the rest go on the next passes.
    public static let batch = 500

    /// What the setting's field errors say, on the operator API and the settings page alike.
    public static let rangeProblem = "must be a whole number of days from 1 to 3650, or null for off"

    /// The organization's policy as the cleanup job applies it.
    public struct Policy: Equatable, Sendable {
        public let organizationId: String
        public let days: Int
        public let projectIds: [String]
    }
}
