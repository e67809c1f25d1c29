/// An organization's App Store Connect connection as the operator API shows it: identifiers
/// and state, never the private key.
public struct ASCConnectionView: Codable, Equatable, Sendable {
    public var issuerId: String
    public var keyId: String
    public var connectedAt: String
    /// When Apple last accepted the key (the app-list check on connect).
    public var verifiedAt: String
    /// Apps the key could list at that check.
    public var appCount: Int

    public init(issuerId: String, keyId: String, connectedAt: String, verifiedAt: String, appCount: Int) {
        self.issuerId = issuerId
        self.keyId = keyId
        self.connectedAt = connectedAt
        self.verifiedAt = verifiedAt
        self.appCount = appCount
    }
}

/// One app the connection's key can see.
public struct ASCAppSummary: Codable, Equatable, Sendable {
    public var id: String
    public var name: String
    public var bundleId: String
    public var sku: String?
    public var primaryLocale: String?

    public init(id: String, name: String, bundleId: String, sku: String?, primaryLocale: String?) {
        self.id = id
        self.name = name
        self.bundleId = bundleId
        self.sku = sku
        self.primaryLocale = primaryLocale
    }
}

/// Names the organization a connection call acts for.
public struct ASCOrganizationRef: Codable, Equatable, Sendable {
    public var organizationId: String
    public init(organizationId: String) { self.organizationId = organizationId }
}

/// `asc.connection.put`: checks the key format, lists apps with it, then stores it sealed
/// (replacing an earlier connection). Nothing is stored when any step fails.
public enum ASCConnectionPut: RPCMessage {
    public static let type = "asc.connection.put"
    public struct Request: Codable, Equatable, Sendable {
        public var organizationId: String
        public var issuerId: String
        public var keyId: String
        public var privateKey: String
        public init(organizationId: String, issuerId: String, keyId: String, privateKey: String) {
            self.organizationId = organizationId
            self.issuerId = issuerId
            self.keyId = keyId
            self.privateKey = privateKey
        }
    }
    public typealias Response = ASCConnectionView
}

/// `asc.connection.get`: the connection, or 404 `NOT_CONNECTED`.
public enum ASCConnectionGet: RPCMessage {
    public static let type = "asc.connection.get"
    public typealias Request = ASCOrganizationRef
    public typealias Response = ASCConnectionView
}

/// `asc.connection.delete`: forgets the credentials; imported projects stay.
public enum ASCConnectionDelete: RPCMessage {
    public static let type = "asc.connection.delete"
    public typealias Request = ASCOrganizationRef
    public typealias Response = RPCEmpty
}

/// `asc.apps`: the apps the stored key can see now, from Apple.
public enum ASCApps: RPCMessage {
    public static let type = "asc.apps"
    public typealias Request = ASCOrganizationRef
    public struct Response: Codable, Equatable, Sendable {
        public var apps: [ASCAppSummary]
        public init(apps: [ASCAppSummary]) { self.apps = apps }
    }
}

/// Error codes of the connection (docs/app-store-connect.md, "Connection").
public enum ASCErrorCode {
    public static let notConnected = "NOT_CONNECTED"
    public static let encryptionNotConfigured = "ENCRYPTION_NOT_CONFIGURED"
    public static let unknownApps = "UNKNOWN_APPS"
}
