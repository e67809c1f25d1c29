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

    /// The columns `init(row:)` reads: the queue reads only these, thousands of rows a second.
    static let columns = "id, event_id, project_id, environment, token, owner_kind, owner_value, kind, apns_id, attempts, created_ms"

    init(row: Row) {
        id = row.int64("id")!
        eventId = row.string("event_id")!
        projectId = row.string("project_id")!
        environment = PushEnvironment(rawValue: row.string("environment")!) ?? .production
        token = row.string("token")!
        owner = ChatUnreadState.Owner(kind: ChatOwner.Kind(rawValue: row.string("owner_kind")!) ?? .token,
                                      value: row.string("owner_value")!)
        kind = Kind(rawValue: row.string("kind")!) ?? .badge
        apnsId = row.string("apns_id")!
        attempts = row.int("attempts")!
        createdMs = row.int64("created_ms")!
    }
}
