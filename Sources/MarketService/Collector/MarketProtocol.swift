import Foundation

/// marketd's provider-politeness constants in one place.
enum MarketProtocol {
    /// Attempts per provider call, the first included, before the call is given up for this pass.
    static let maxAttempts = 4
    /// Wait before the second attempt when the provider gave no `Retry-After`; doubles each time.
    static let baseBackoff: TimeInterval = 2
    /// Longest wait honoured from `Retry-After` or the backoff, so one pass cannot stall for hours.
    static let maxBackoff: TimeInterval = 300
    /// App IDs per `/lookup` call.
    static let lookupBatch = 100
    /// Apps looked up per pass at most, so a first pass over many storefronts stays bounded.
    static let lookupsPerPass = 50_000
    /// Statuses after which a call is retried later: the provider asks to slow down or failed.
    static func isRetryable(_ status: Int) -> Bool { status == 403 || status == 429 || (500...599).contains(status) }
}
