/// What one attempt of a push came to, as the queue records it.
public enum PushOutcome: Equatable, Sendable {
    /// APNs accepted it (200).
    case sent
    /// Transport error, 429 or 5xx: tried again after a backoff while attempts remain.
    case retry(reason: String, status: Int?)
    /// The provider token was refused: a new one is signed and the push stays due without
    /// spending an attempt.
    case providerToken(reason: String)
    /// Will never succeed as is; `removeDevice` for an invalid token.
    case permanent(reason: String, status: Int, removeDevice: Bool)
    /// 410: the token is no longer valid since `timestamp` (Unix ms), if APNs gave one.
    case unregistered(reason: String, timestamp: Int64?)
    /// Nothing to send with: the project has no usable credentials any more.
    case cancelled(reason: String)
}
