import Foundation
import HubCrypto
import HubMessaging
import HubRuntime

/// Signs what the photo flow hands out: upload tokens, the upload URL the client PUTs to, image
/// tokens, and private read URLs. One HMAC-SHA-256 key, kept in ingest's store; URLs carry their
/// expiry (Unix seconds) inside what is signed, so nothing is stored per URL.
struct ChatImageSigner: Sendable {
    /// What an upload token carries: who may complete it and what was promised.
    struct Upload: Codable, Equatable {
        /// Upload ID, also the image ID.
        var u: String
        /// Participant uploads: the project. Team uploads: the organization (the project is
        /// found with the conversation at completion).
        var p: String?
        var o: String?
        /// Uploader kind (`email`, `token`, `team`) and value (identity, token hash, or member).
        var k: String
        var v: String
        /// Team uploads: the conversation.
        var c: String?
        /// Declared content type and byte size.
        var t: String
        var n: Int
        /// Expiry, Unix seconds.
        var e: Int64
    }

    static let keyName = "chat-images"
    static let mediaPath = "/api/v1/chat/media"
    static let uploadPathPrefix = "/api/v1/chat/uploads/"

    let key: [UInt8]
    let clock: Clock

    private func mac(_ text: String) -> String { Base64URL.encode(HMACSHA256.mac(key: key, message: text)) }

    private func matches(_ signature: String, _ text: String) -> Bool {
        guard let given = Base64URL.decode(signature) else { return false }
        return HMACSHA256.verify(given, key: key, message: Array(text.utf8))
    }

    var nowSeconds: Int64 { Int64(clock.now().timeIntervalSince1970) }

    // MARK: Upload tokens

    func uploadToken(_ upload: Upload) throws -> String {
        let payload = Base64URL.encode(Array(try JSONEncoder().encode(upload)))
        return payload + "." + mac("upload-token|" + payload)
    }

    /// The upload a token names, when its signature holds; expiry is the caller's to check.
    func openUploadToken(_ token: String) -> Upload? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, matches(String(parts[1]), "upload-token|" + parts[0]),
            let json = Base64URL.decode(String(parts[0]))
        else { return nil }
        return try? JSONDecoder().decode(Upload.self, from: Data(json))
    }

    // MARK: Upload URL

    private func uploadSignedText(_ upload: Upload) -> String {
        "put|\(upload.u)|\(upload.t)|\(upload.n)|\(upload.e)"
    }

    /// The path and query of the PUT URL for `upload`.
    func uploadPath(_ upload: Upload) -> String {
        ChatImageSigner.uploadPathPrefix + upload.u + "?contentType=" + Self.percentEncoded(upload.t) + "&byteSize=\(upload.n)"
            + "&expires=\(upload.e)&sig=" + mac(uploadSignedText(upload))
    }

    func verifyUpload(id: String, contentType: String, byteSize: Int, expires: Int64, signature: String) -> Bool {
        matches(signature, uploadSignedText(Upload(u: id, p: nil, o: nil, k: "", v: "", c: nil, t: contentType, n: byteSize, e: expires)))
    }

    // MARK: Image tokens

    /// Derived from the image ID, so a retried completion returns the same token.
    func imageToken(imageId: String) -> String { "cit_" + mac("image-token|" + imageId) }

    // MARK: Read URLs

    /// The path and query of a private read URL for an object, valid `ChatImageLimits.readURLLifetime`.
    func readPath(key objectKey: String) -> String {
        let expires = nowSeconds + Int64(ChatImageLimits.readURLLifetime)
        return ChatImageSigner.mediaPath + "?key=" + Self.percentEncoded(objectKey) + "&expires=\(expires)&sig="
            + mac("get|\(objectKey)|\(expires)")
    }

    func verifyRead(key objectKey: String, expires: Int64, signature: String) -> Bool {
        matches(signature, "get|\(objectKey)|\(expires)")
    }

    /// `message` as clients see it: each image's key replaced by a signed URL on `base`.
    func signed(_ message: ChatMessageDTO, base: String) -> ChatMessageDTO {
        guard !message.images.isEmpty else { return message }
        var copy = message
        copy.images = message.images.map { signed($0, base: base) }
        return copy
    }

    func signed(_ image: ChatImageDTO, base: String) -> ChatImageDTO {
        ChatImageDTO(
            id: image.id, url: image.key.map { base + readPath(key: $0) }, width: image.width, height: image.height,
            expired: image.expired)
    }

    static func percentEncoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
