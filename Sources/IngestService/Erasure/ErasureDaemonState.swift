/// One daemon's progress on an erasure, stored in `erasures.daemons` and shown by the API:
/// `done` once the daemon confirmed, with what it erased; while `pending`, the last error and
/// how many times it was asked.
public struct ErasureDaemonState: Codable, Equatable, Sendable {
    public enum State: String, Codable, Sendable {
        case pending, done
    }

    public var state: State
    public var erased: [String: Int]
    public var lastError: String?
    public var attempts: Int

    public init(state: State = .pending, erased: [String: Int] = [:], lastError: String? = nil, attempts: Int = 0) {
        self.state = state
        self.erased = erased
        self.lastError = lastError
        self.attempts = attempts
    }
}
