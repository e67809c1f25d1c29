/// One stored search: the apps a source returned for a normalized term in a country on a UTC day.
public struct ASOObservation: Equatable, Sendable {
    public let id: Int64
    public let term: String
    public let country: String
    /// `YYYY-MM-DD`, UTC.
    public let day: String
    public let source: String
    public let observedAt: String
    public let apps: [ITunesApp]
}
