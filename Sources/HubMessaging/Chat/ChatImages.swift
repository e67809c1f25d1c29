import Foundation

/// The photo limits of support chat (docs/chat.md, "Photos"), shared by ingest and chatd.
public enum ChatImageLimits {
    /// Photos per message.
    public static let perMessage = 3
    /// Bytes per uploaded image.
    public static let maximumUploadBytes = 5 << 20
    /// Longest edge of a sanitized image.
    public static let maximumEdge = 2048
    /// Content types an upload may declare.
    public static let contentTypes: Set<String> = ["image/jpeg", "image/png", "image/webp"]
    /// Lifetime of an upload URL and of the upload token that completes it.
    public static let uploadLifetime: TimeInterval = 600
    /// Lifetime of an image token (from completion until it is sent).
    public static let tokenLifetime: TimeInterval = 24 * 3600
    /// Lifetime of a private read URL.
    public static let readURLLifetime: TimeInterval = 600
    /// Raw uploads and sanitized previews are removed from staging after this long.
    public static let stagingRetention: TimeInterval = 2 * 24 * 3600
    /// Object-key prefix of raw uploads and previews.
    public static let stagingPrefix = "chat-image-staging/"
    /// Object-key prefix of sent photos.
    public static let sentPrefix = "chat-images/"
}

/// Who uploaded a photo: a participant (`owner`), or a team member (`member`, e.g.
/// `token:<ID>`) for one conversation. Exactly one of `owner` and `member` is set.
public struct ChatImageUploader: Codable, Equatable, Sendable {
    public var projectId: String
    public var owner: ChatOwner?
    public var member: String?
    public var conversationId: String?

    public static func participant(_ owner: ChatOwner) -> ChatImageUploader {
        ChatImageUploader(projectId: owner.projectId, owner: owner, member: nil, conversationId: nil)
    }

    public static func team(projectId: String, member: String, conversationId: String) -> ChatImageUploader {
        ChatImageUploader(projectId: projectId, owner: nil, member: member, conversationId: conversationId)
    }
}

/// `chat.images.stage`: records a sanitized upload, already stored under `stagingKey`, as an
/// image its uploader may send within 24 hours with the token whose SHA-256 is `tokenHash`.
/// Repeating it for the same image ID returns the same record.
public enum ChatImageStage: RPCMessage {
    public static let type = "chat.images.stage"
    public struct Request: Codable, Equatable, Sendable {
        public var uploader: ChatImageUploader
        public var imageId: String
        public var tokenHash: String
        public var width: Int
        public var height: Int
        public var byteSize: Int
        public var stagingKey: String
        public init(
            uploader: ChatImageUploader, imageId: String, tokenHash: String, width: Int, height: Int,
            byteSize: Int, stagingKey: String
        ) {
            self.uploader = uploader
            self.imageId = imageId
            self.tokenHash = tokenHash
            self.width = width
            self.height = height
            self.byteSize = byteSize
            self.stagingKey = stagingKey
        }
    }
    public struct Response: Codable, Equatable, Sendable {
        /// The preview, with its staging key.
        public var image: ChatImageDTO
        public var expiresAt: String
        public init(image: ChatImageDTO, expiresAt: String) {
            self.image = image
            self.expiresAt = expiresAt
        }
    }
}

/// `chat.images.expire`: a workspace's media-retention pass (docs/chat.md, "Retention"). chatd
/// removes the sent photos of `projectIds` uploaded before `before`, at most `limit` of them:
/// each object is deleted first, then the photo is marked expired, so clients get `url: null`
/// and `expired: true` instead of a broken image. A store that cannot delete answers
/// `IMAGE_STORAGE_UNAVAILABLE` and leaves the photos it did not reach unchanged.
public enum ChatImageExpire: RPCMessage {
    public static let type = "chat.images.expire"
    /// Photos per call; a workspace with more is finished by the next passes.
    public static let maximumLimit = 500
    /// Project IDs per call (every project of one organization).
    public static let maximumProjects = 1_000
    public struct Request: Codable, Equatable, Sendable {
        public var projectIds: [String]
        /// ISO-8601 time; photos uploaded before it go.
        public var before: String
        public var limit: Int
        public init(projectIds: [String], before: String, limit: Int = ChatImageExpire.maximumLimit) {
            self.projectIds = projectIds
            self.before = before
            self.limit = limit
        }
    }
    public struct Response: Codable, Equatable, Sendable {
        /// Photos removed by this call.
        public var expired: Int
        public init(expired: Int) { self.expired = expired }
    }
}
