import Foundation
import HubHTTPServer
import HubRuntime

/// `/api/v1/feedback`: private reports (creation with an optional screenshot) and the
/// verified author's read of one report with its public staff replies.
struct FeedbackHandler {
    let store: IngestStore
    let requestGuard: PublicRequestGuard
    let objects: ObjectStore
    /// Report creation per (project, client IP).
    let creations: RateLimiter
    /// Thread reads per (project, client IP).
    let reads: RateLimiter

    static let createRoute = "POST /api/v1/feedback"
    static let maxIdLength = 200

    func create(_ request: HTTPRequest) throws -> HTTPResponse {
        let context = try requestGuard.resolve(request, write: true, origin: .required)
        try creations.consume(context.project.id + "|" + context.clientAddress)
        let body = try request.decodeJSON(FeedbackRequestBody.self)
        if let appId = body.appId, appId != context.project.appId { throw APIError.appIdMismatch }
        let draft = try FeedbackDraft.validate(body)
        let identity = context.participant.identity
        if let identity, let email = draft.email, email.lowercased() != identity.email.lowercased() {
            throw APIError.identityEmailMismatch
        }
        let screenshot = try body.screenshot.flatMap { $0.isEmpty ? nil : try FeedbackScreenshot.parse(dataURL: $0) }

        let id = store.ids.next()
        var stored: StoredScreenshot?
        if let screenshot {
            let key = "screenshots/\(context.project.id.lowercased())/\(id.lowercased()).\(screenshot.format.fileExtension)"
            // A failed write loses only the attachment: the receipt says so with screenshotStored false.
            if (try? objects.put(key: key, bytes: screenshot.bytes, contentType: screenshot.format.mimeType)) != nil {
                stored = StoredScreenshot(
                    key: key, type: screenshot.format.mimeType, width: screenshot.width,
                    height: screenshot.height, bytes: screenshot.bytes.count)
            }
        }
        let key = CommunityHTTP.idempotencyKey(request)
        let result: (status: Int, body: [UInt8], replayed: Bool)
        do {
            result = try store.idempotent(
                projectId: context.project.id, route: FeedbackHandler.createRoute,
                scope: context.participant.idempotencyScope, key: key,
                payload: key == nil ? [] : try body.canonicalPayload()
            ) {
                try store.insertFeedback(
                    id: id, projectId: context.project.id, draft: draft, authorEmail: identity?.email,
                    authorKey: context.participant.key, screenshot: stored,
                    correlationId: request.correlationId, bundleId: context.project.bundleId)
                return (201, FeedbackHandler.receipt(id: id, correlationId: request.correlationId, screenshotStored: stored != nil))
            }
        } catch {
            if let stored { try? objects.delete(key: stored.key) }
            throw error
        }
        guard result.replayed else { return CommunityHTTP.written(result) }
        // The replay never wrote a row: its own file goes, the original's stays.
        if let stored { try? objects.delete(key: stored.key) }
        return CommunityHTTP.written((result.status, FeedbackHandler.markDeduplicated(result.body), true))
    }

    func thread(_ request: HTTPRequest) throws -> HTTPResponse {
        let context = try requestGuard.resolve(request, write: false)
        try reads.consume(context.project.id + "|" + context.clientAddress)
        guard let identity = context.participant.identity else { throw APIError.identityRequired }
        guard let id = request.pathParameters["id"], id.utf8.count <= FeedbackHandler.maxIdLength,
            let thread = try store.feedbackThread(projectId: context.project.id, id: id, authorEmail: identity.email)
        else {
            throw APIError.feedbackNotFound
        }
        return .jsonBytes(thread.json())
    }

    /// AppNorthFeedbackReceipt as first answered; `deduplicated` is last so a replay can flip it.
    static func receipt(id: String, correlationId: String, screenshotStored: Bool) -> [UInt8] {
        Array(
            ("{\"id\":" + JSONText.quoted(id) + ",\"correlationId\":" + JSONText.quoted(correlationId)
                + ",\"screenshotStored\":\(screenshotStored),\"deduplicated\":false}").utf8)
    }

    static let firstTime = Array(",\"deduplicated\":false}".utf8)
    static let replayed = Array(",\"deduplicated\":true}".utf8)

    static func markDeduplicated(_ body: [UInt8]) -> [UInt8] {
        guard body.count >= firstTime.count, body.suffix(firstTime.count).elementsEqual(firstTime) else { return body }
        return Array(body.dropLast(firstTime.count)) + replayed
    }
}
