/// An app's RevenueCat connection as the operator API and the dashboard show it: the chosen
/// RevenueCat project and the connection's state, never the secret key.
public struct RevenueCatConnectionView: Codable, Equatable, Sendable {
    public var connected: Bool
    /// The RevenueCat project (`proj…`) whose overview is collected.
    public var revenueCatProjectId: String?
    public var revenueCatProjectName: String?
    public var connectedAt: String?
    /// When RevenueCat last accepted the key (the overview check on connect or a key change).
    public var verifiedAt: String?
    /// When the last snapshot was stored.
    public var lastSyncedAt: String?
    /// The last failed synchronization's code and message; cleared by the next good one.
    public var lastError: String?
    public var lastErrorAt: String?

    public init(
        connected: Bool, revenueCatProjectId: String? = nil, revenueCatProjectName: String? = nil, connectedAt: String? = nil,
        verifiedAt: String? = nil, lastSyncedAt: String? = nil, lastError: String? = nil, lastErrorAt: String? = nil
    ) {
        self.connected = connected
        self.revenueCatProjectId = revenueCatProjectId
        self.revenueCatProjectName = revenueCatProjectName
        self.connectedAt = connectedAt
        self.verifiedAt = verifiedAt
        self.lastSyncedAt = lastSyncedAt
        self.lastError = lastError
        self.lastErrorAt = lastErrorAt
    }

    public static let notConnected = RevenueCatConnectionView(connected: false)

    private enum CodingKeys: String, CodingKey {
        case connected, revenueCatProjectId, revenueCatProjectName, connectedAt, verifiedAt, lastSyncedAt, lastError, lastErrorAt
    }

    /// Unknown values are `null` in the answer rather than left out, so a cleared error reads as cleared.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(connected, forKey: .connected)
        try c.encode(revenueCatProjectId, forKey: .revenueCatProjectId)
        try c.encode(revenueCatProjectName, forKey: .revenueCatProjectName)
        try c.encode(connectedAt, forKey: .connectedAt)
        try c.encode(verifiedAt, forKey: .verifiedAt)
        try c.encode(lastSyncedAt, forKey: .lastSyncedAt)
        try c.encode(lastError, forKey: .lastError)
        try c.encode(lastErrorAt, forKey: .lastErrorAt)
    }
}

/// A RevenueCat project a key can see, offered when the operator must choose one.
public struct RevenueCatProjectChoice: Codable, Equatable, Sendable {
    public var id: String
    public var name: String
    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

/// Names the AppNorth project (app) a connection call acts for.
public struct RevenueProjectRef: Codable, Equatable, Sendable {
    public var projectId: String
    public init(projectId: String) { self.projectId = projectId }
}

/// `revenue.connection.put`: checks the key's kind, lists the projects it sees, checks the
/// chosen project's overview, then stores the key sealed with the first snapshot (replacing an
/// earlier connection of the app). Nothing is stored when any step fails. When the key sees
/// several projects and none (or an unknown one) was chosen, the answer lists them instead
/// (`PROJECT_REQUIRED`).
public enum RevenueCatConnect: RPCMessage {
    public static let type = "revenue.connection.put"
    public struct Request: Codable, Equatable, Sendable {
        public var organizationId: String
        public var projectId: String
        public var secretKey: String
        public var revenueCatProjectId: String?
        public init(organizationId: String, projectId: String, secretKey: String, revenueCatProjectId: String?) {
            self.organizationId = organizationId
            self.projectId = projectId
            self.secretKey = secretKey
            self.revenueCatProjectId = revenueCatProjectId
        }
    }
    public struct Response: Codable, Equatable, Sendable {
        /// The stored connection; nil when a project must be chosen first.
        public var connection: RevenueCatConnectionView?
        /// The projects to choose from when `connection` is nil.
        public var projectRequired: [RevenueCatProjectChoice]?
        public init(connection: RevenueCatConnectionView?, projectRequired: [RevenueCatProjectChoice]? = nil) {
            self.connection = connection
            self.projectRequired = projectRequired
        }
    }
}

/// `revenue.connection.get`: the app's connection, or `connected: false`.
public enum RevenueCatConnectionGet: RPCMessage {
    public static let type = "revenue.connection.get"
    public typealias Request = RevenueProjectRef
    public typealias Response = RevenueCatConnectionView
}

/// `revenue.connection.delete`: forgets the key; the snapshots stay as history.
public enum RevenueCatDisconnect: RPCMessage {
    public static let type = "revenue.connection.delete"
    public typealias Request = RevenueProjectRef
    public typealias Response = RPCEmpty
}

/// Error codes of the RevenueCat connection (docs/revenuecat.md).
public enum RevenueErrorCode {
    public static let projectRequired = "PROJECT_REQUIRED"
    public static let missingPermission = "MISSING_PERMISSION"
    public static let credentialsRejected = "CREDENTIALS_REJECTED"
    public static let credentialsUnreadable = "CREDENTIALS_UNREADABLE"
    public static let encryptionNotConfigured = "ENCRYPTION_NOT_CONFIGURED"
    /// The provider being down or answering nonsense, as for App Store Connect.
    public static let storeUnavailable = "STORE_UNAVAILABLE"
    public static let rateLimited = "PROVIDER_RATE_LIMITED"
    public static let notConnected = "NOT_CONNECTED"
}
