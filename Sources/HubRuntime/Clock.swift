import Foundation

/// The source of "now" for everything in the hub. Injected so tests (and, for tests only,
/// `APPNORTH_FAKE_NOW`) can set the time without touching the host clock.
public protocol Clock: AnyObject, Sendable {
    func now() -> Date
}

extension Clock {
    /// Milliseconds since the Unix epoch, the unit of RPC deadlines.
    public func nowMillis() -> Int64 { Int64((now().timeIntervalSince1970 * 1000).rounded(.down)) }
}

/// The host's wall clock.
public final class SystemClock: Clock {
    public init() {}
    public func now() -> Date { Date() }
}

/// A clock that starts at a chosen instant and then advances with real time, so timeouts
/// and uptime still behave while dates are predictable.
public final class OffsetClock: Clock {
    private let offset: TimeInterval
    public init(startingAt start: Date) { offset = start.timeIntervalSinceNow }
    public func now() -> Date { Date().addingTimeInterval(offset) }
}

/// A clock that only moves when told to.
public final class ManualClock: Clock, @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date
    public init(_ start: Date) { current = start }
    public func now() -> Date { lock.withLock { current } }
    public func set(_ date: Date) { lock.withLock { current = date } }
    public func advance(by seconds: TimeInterval) { lock.withLock { current += seconds } }
}

public enum ClockFactory {
    /// The clock a daemon runs on: the system clock, or an offset clock starting at
    /// `APPNORTH_FAKE_NOW` when that variable holds an ISO-8601 timestamp.
    public static func fromEnvironment(_ env: [String: String] = ProcessInfo.processInfo.environment) throws -> Clock {
        guard let raw = env["APPNORTH_FAKE_NOW"], !raw.isEmpty else { return SystemClock() }
        guard let start = ISOTime.parse(raw) else {
            throw ConfigError.invalid(name: "APPNORTH_FAKE_NOW", value: raw, reason: "not an ISO-8601 timestamp")
        }
        return OffsetClock(startingAt: start)
    }
}
