import Foundation

/// Spaces provider calls to at most `callsPerMinute` (0: no pacing), and says how long to back
/// off after a failure. Time and sleeping are injected so tests run instantly.
final class ASOPacer: @unchecked Sendable {
    let callsPerMinute: Int
    private let now: () -> TimeInterval
    private let sleep: (TimeInterval) -> Void
    private var lastCall: TimeInterval?

    /// Longest single back-off, whatever the provider asks.
    static let maximumBackoff: TimeInterval = 300

    init(
        callsPerMinute: Int, now: @escaping () -> TimeInterval = { ProcessInfo.processInfo.systemUptime },
        sleep: @escaping (TimeInterval) -> Void = { Thread.sleep(forTimeInterval: $0) }
    ) {
        self.callsPerMinute = callsPerMinute
        self.now = now
        self.sleep = sleep
    }

    /// Waits until the next call is allowed, then counts it.
    func beforeCall() {
        if callsPerMinute > 0, let lastCall {
            let wait = lastCall + 60 / Double(callsPerMinute) - now()
            if wait > 0 { sleep(wait) }
        }
        lastCall = now()
    }

    /// Waits before retry `attempt` (1-based): the provider's delay when it gave one, else
    /// 2, 4, 8 … seconds; never more than `maximumBackoff`.
    func backOff(attempt: Int, retryAfter: Int?) {
        let delay = retryAfter.map(Double.init) ?? pow(2, Double(attempt))
        sleep(min(delay, ASOPacer.maximumBackoff))
    }
}
