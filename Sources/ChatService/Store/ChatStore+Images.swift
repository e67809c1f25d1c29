import Foundation
import HubCrypto
import HubMessaging
import HubRuntime
import HubStore

/// Photos: staging a sanitized upload for its uploader, claiming staged images for a message
/// (which copies their pixels out of staging), reading a message's images, and forgetting
/// images never sent.
extension ChatStore {
    /// Records a staged image; the same image ID again returns the existing record, so a
    /// retried completion hands back the same image.
    public func stageImage(_ request: ChatImageStage.Request) throws -> ChatImageStage.Response {
        let (kind, value) = try ChatStore.uploaderKey(request.uploader)
        guard !request.imageId.isEmpty, request.imageId.utf8.count <= 64 else {
            throw RPCError.invalidPayload(field: "imageId", "must be 1-64 characters")
        }
        guard request.tokenHash.utf8.count == 64 else { throw RPCError.invalidPayload(field: "tokenHash", "must be SHA-256 hex") }
        guard request.stagingKey.hasPrefix(ChatImageLimits.stagingPrefix), ObjectKey.isValid(request.stagingKey) else {
            throw RPCError.invalidPayload(field: "stagingKey", "must be a staging object key")
        }
        guard (1...ChatImageLimits.maximumEdge).contains(request.width), (1...ChatImageLimits.maximumEdge).contains(request.height) else {
            throw RPCError.invalidPayload(field: "width", "must be 1-\(ChatImageLimits.maximumEdge) pixels on each side")
        }
        return try db.transaction {
            if let conversationId = request.uploader.conversationId {
                // A team upload belongs to a conversation of the same project.
                _ = try conversation(projectId: request.uploader.projectId, id: conversationId)
            }
            if let existing = try db.queryOne("SELECT * FROM images WHERE id = ?", [.text(request.imageId)]) {
                guard existing.string("project_id") == request.uploader.projectId, existing.string("uploader_kind") == kind,
                    existing.string("uploader_value") == value, existing.string("token_hash") == request.tokenHash
                else {
                    throw RPCError.invalidPayload(field: "imageId", "belongs to another upload")
                }
                return try ChatImageStage.Response(image: ChatStore.imageDTO(existing), expiresAt: existing.text("expires_at"))
            }
            let createdAt = clock.now()
            let expiresAt = ISOTime.format(createdAt.addingTimeInterval(ChatImageLimits.tokenLifetime))
            try db.run(
                """
                INSERT INTO images (id, project_id, token_hash, uploader_kind, uploader_value, conversation_id, width, height,
                                    byte_size, staging_key, created_at, expires_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(request.imageId), .text(request.uploader.projectId), .text(request.tokenHash), .text(kind), .text(value),
                    SQLValue(request.uploader.conversationId), .int(Int64(request.width)), .int(Int64(request.height)),
                    .int(Int64(request.byteSize)), .text(request.stagingKey), .text(ISOTime.format(createdAt)), .text(expiresAt),
                ])
            let row = try db.queryOne("SELECT * FROM images WHERE id = ?", [.text(request.imageId)])!
            return try ChatImageStage.Response(image: ChatStore.imageDTO(row), expiresAt: expiresAt)
        }
    }

    /// The staged images the tokens name, in order, when every token is the uploader's own,
    /// unexpired and unsent; otherwise 400 naming the token. Call inside the send transaction.
    func claimableImages(_ tokens: [String], uploader: ChatImageUploader) throws -> [Row] {
        guard !tokens.isEmpty else { return [] }
        let (kind, value) = try ChatStore.uploaderKey(uploader)
        let now = self.now()
        var rows: [Row] = []
        for (index, token) in tokens.enumerated() {
            let field = "imageTokens[\(index)]"
            guard !token.isEmpty, token.utf8.count <= 256,
                let row = try db.queryOne("SELECT * FROM images WHERE token_hash = ?", [.text(SHA256.hex(token))]),
                row.string("project_id") == uploader.projectId, row.string("uploader_kind") == kind,
                row.string("uploader_value") == value,
                uploader.conversationId == nil || row.string("conversation_id") == uploader.conversationId
            else {
                throw RPCError.invalidImageToken(field: field, "is not an image token of this sender")
            }
            guard row.int64("message_seq") == nil, !rows.contains(where: { $0.int64("seq") == row.int64("seq") }) else {
                throw RPCError.invalidImageToken(field: field, "was already sent")
            }
            guard try row.text("expires_at") > now else { throw RPCError.invalidImageToken(field: field, "has expired") }
            rows.append(row)
        }
        return rows
    }

    /// Copies each image's sanitized pixels from staging to the sent path and binds it to the
    /// message. Call inside the send transaction: a failed copy rolls the message back, and a
    /// copy left by a rolled-back transaction is overwritten by the next attempt.
    func attach(_ images: [Row], messageSeq: Int64) throws {
        guard !images.isEmpty else { return }
        guard let objects else {
            throw RPCError(code: "IMAGE_STORAGE_UNAVAILABLE", message: "photo storage is not configured", status: 503)
        }
        for (position, image) in images.enumerated() {
            let id = try image.text("id")
            guard let bytes = try objects.get(key: image.text("staging_key")) else {
                throw RPCError.invalidImageToken(field: "imageTokens[\(position)]", "has expired")
            }
            let sentKey = try ChatImageLimits.sentPrefix + image.text("project_id").lowercased() + "/" + id + ".jpg"
            try objects.put(key: sentKey, bytes: bytes, contentType: "image/jpeg")
            try db.run(
                "UPDATE images SET message_seq = ?, position = ?, sent_key = ? WHERE seq = ?",
                [.int(messageSeq), .int(Int64(position)), .text(sentKey), .int(try image.integer("seq"))])
        }
    }

    /// A message's photos in the order sent, each with the key ingest signs a URL for.
    func images(messageSeq: Int64) throws -> [ChatImageDTO] {
        try db.query("SELECT * FROM images WHERE message_seq = ? ORDER BY position", [.int(messageSeq)]).map(ChatStore.imageDTO)
    }

    /// Forgets staged images never sent once their staging copy is gone (after
    /// `ChatImageLimits.stagingRetention`); returns how many.
    public func removeUnsentImages() throws -> Int {
        let cutoff = ISOTime.format(clock.now().addingTimeInterval(-ChatImageLimits.stagingRetention))
        return try db.transaction {
            try db.run("DELETE FROM images WHERE message_seq IS NULL AND created_at < ?", [.text(cutoff)])
            return db.changes
        }
    }

    static func imageDTO(_ row: Row) throws -> ChatImageDTO {
        let expired = row.string("expired_at") != nil
        return try ChatImageDTO(
            id: row.text("id"), url: nil, width: Int(row.integer("width")), height: Int(row.integer("height")),
            key: expired ? nil : row.string("sent_key") ?? row.string("staging_key"), expired: expired ? true : nil)
    }

    /// The stored uploader: the participant's identity, or `team` and the member.
    static func uploaderKey(_ uploader: ChatImageUploader) throws -> (kind: String, value: String) {
        if let owner = uploader.owner, uploader.member == nil {
            try validate(owner)
            guard owner.projectId == uploader.projectId else { throw RPCError.invalidPayload(field: "uploader", "project mismatch") }
            return (owner.kind.rawValue, owner.value)
        }
        guard let member = uploader.member, !member.isEmpty, uploader.owner == nil, uploader.conversationId != nil else {
            throw RPCError.invalidPayload(field: "uploader", "must be a participant, or a team member with a conversation")
        }
        return ("team", member)
    }
}

extension RPCError {
    /// 400 `INVALID_IMAGE_TOKEN` for one token of a message.
    static func invalidImageToken(field: String, _ problem: String) -> RPCError {
        RPCError(code: "INVALID_IMAGE_TOKEN", message: "\(field): \(problem)", status: 400, fields: [field: [problem]])
    }
}
