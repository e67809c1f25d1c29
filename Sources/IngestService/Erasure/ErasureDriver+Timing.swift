import Foundation

/// How often the erasure job runs and how it backs off.
extension ErasureDriver {
    /// The scheduled pass looks for due erasures this often; a new erasure wakes the job at once.
    static let scheduleInterval: TimeInterval = 30
    /// A daemon erasing many objects may take a while; this bounds one daemon's part.
    static let callTimeout: TimeInterval = 60
    /// After the `attempts`-th pass that left an erasure pending: 30 s doubling per pass, at
    /// most an hour, so an object store that is down for long is not hammered.
    static func retryDelay(_ attempts: Int) -> TimeInterval {
        min(3_600, 30 * pow(2, Double(min(max(attempts - 1, 0), 7))))
    }
}
