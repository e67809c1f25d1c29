/// A project (one iOS app). `id` is the internal project ID that identity signatures use;
/// `appId` is the public App ID the SDK sends.
public struct Project: Codable, Equatable, Sendable {
    public enum ChatMode: String, Codable, Sendable, CaseIterable {
        case disabled, identified, anyone
    }

    public let id: String
    public let organizationId: String
    public let appId: String
    public var name: String
    public var allowedOrigins: [String]
    public var chatMode: ChatMode
    public var watermark: Bool
    public var languages: [String]
    public var automaticReviewRequests: Bool
    public var appStoreId: String?
    /// The bundle ID of an app imported from App Store Connect.
    public var bundleId: String? = nil
    public var identityConfigured: Bool
    public let createdAt: String
    public var updatedAt: String
}
