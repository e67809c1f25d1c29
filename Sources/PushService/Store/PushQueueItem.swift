import HubMessaging
import HubStore

/// A pending push as the worker takes it from the queue.
public struct PushQueueItem: Equatable, Sendable {
    public enum Kind: String, Sendable {
        /// A team reply: an alert, unless the user has read it by the time it goes out.
        case alert
        /// A read or a resolution: only the badge changes.
        case badge
    }

    public let id: Int64
    public let projectId: String
    public let environment: PushEnvironment
    /// Lowercase hex.
    public let token: String
    public let owner: ChatUnreadState.Owner
    public let kind: Kind
    /// Sent as `apns-id`; the same on every attempt of this push.
    public let apnsId: String
    public let attempts: Int

    /// The columns `init(columns:)` reads, in this order: the queue reads only these, thousands
    /// of rows a second, by position and straight from the statement.
    static let columns = "id, project_id, environment, token, owner_kind, owner_value, kind, apns_id, attempts"

    init(columns row: ColumnReader) throws {
        id = try row.integer(0)
        projectId = try row.text(1)
        environment = PushEnvironment(rawValue: try row.text(2)) ?? .production
        token = try row.text(3)
        owner = try ChatUnreadState.Owner(kind: ChatOwner.Kind(rawValue: row.text(4)) ?? .token, value: row.text(5))
        kind = Kind(rawValue: try row.text(6)) ?? .badge
        apnsId = try row.text(7)
        attempts = Int(try row.integer(8))
    }
}
