/// Where one email stands in pushd's queue.
public struct EmailDeliveryStatus: Codable, Equatable, Sendable {
    /// `queued` (waiting or between retries), `sent` (the server took it), `failed` (given up).
    public var state: String
    /// Submissions tried so far.
    public var attempts: Int
    /// The server's reply line or the connection problem of the last failed attempt.
    public var lastError: String?

    public init(state: String, attempts: Int, lastError: String? = nil) {
        self.state = state
        self.attempts = attempts
        self.lastError = lastError
    }
}
