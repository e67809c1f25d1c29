import Shared

/// A pending push as the worker takes it from the queue.
public struct PushQueueItem: Equatable, Sendable {
    public enum Kind: String, Sendable {
        /// A team reply: an alert, unless the user has read it by the time it goes out.
        case alert
        /// A read or a resolution: only the badge changes.
        case badge
    }

    public let id: Int64
    public let eventId: String
    public let projectId: String
    public let environment: PushEnvironment
    /// Lowercase hex.
    public let token: String
    public let owner: ChatUnreadState.Owner
    public let kind: Kind
    /// Sent as `apns-id`; the same on every attempt of this push.
    public let apnsId: String
    public let attempts: Int
    public let createdMs: Int64

    /// The columns `init(row:)` reads, in this order: the queue reads only these, thousands of
    /// rows a second, and by position rather than by name.
    static let columns = "id, event_id, project_id, environment, token, owner_kind, owner_value, kind, apns_id, attempts, created_ms"

    init(row: Row) {
        id = row.int64(0)!
        eventId = row.string(1)!
        projectId = row.string(2)!
        environment = PushEnvironment(rawValue: row.string(3)!) ?? .production
        token = row.string(4)!
        owner = ChatUnreadState.Owner(kind: ChatOwner.Kind(rawValue: row.string(5)!) ?? .token, value: row.string(6)!)
        kind = Kind(rawValue: row.string(7)!) ?? .badge
        apnsId = row.string(8)!
        attempts = row.int(9)!
        createdMs = row.int64(10)!
    }
}
