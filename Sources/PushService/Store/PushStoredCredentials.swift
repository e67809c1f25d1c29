import HubMessaging

/// A project's credentials opened for sending: the key is only ever held in memory.
public struct PushStoredCredentials: Sendable {
    public let projectId: String
    public let appId: String
    public let keyId: String
    public let teamId: String
    public let bundleId: String
    public let environment: PushEnvironment
    /// The sealed text as stored; identifies this version of the key for caches.
    public let sealedKey: String
    public let privateKeyPEM: String
}
