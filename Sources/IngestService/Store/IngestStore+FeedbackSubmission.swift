import Foundation
import HubRuntime
import HubStore

/// A screenshot already written to the object store, to be referenced by the report's row.
struct StoredScreenshot {
    let key: String
    let type: String
    let width: Int
    let height: Int
    let bytes: Int
}

extension IngestStore {
    /// Inserts a report, its `created` timeline event and the `feedback.created` outbox
    /// event. Call inside the write transaction (e.g. `idempotent`'s closure) so the three
    /// commit together. Returns the creation time. `bundleId` is the app's (reports carry none).
    @discardableResult
    func insertFeedback(
        id: String, projectId: String, draft: FeedbackDraft, authorEmail: String?, authorKey: String?,
        screenshot: StoredScreenshot?, correlationId: String, bundleId: String? = nil
    ) throws -> String {
        let createdAt = now()
        try db.run(
            """
            INSERT INTO feedback (id, project_id, type, message, email, author_email, author_key, page_url, page_title, locale,
                viewport_width, viewport_height, user_agent, device_context, diagnostics, screenshot_key, screenshot_type,
                screenshot_width, screenshot_height, screenshot_bytes, correlation_id, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(id), .text(projectId), .text(draft.type), .text(draft.message), SQLValue(draft.email), SQLValue(authorEmail),
                SQLValue(authorKey), .text(draft.pageURL), SQLValue(draft.pageTitle), SQLValue(draft.locale),
                .int(Int64(draft.viewportWidth)), .int(Int64(draft.viewportHeight)), SQLValue(draft.userAgent),
                SQLValue(draft.deviceContext), .text(draft.diagnostics), SQLValue(screenshot?.key), SQLValue(screenshot?.type),
                SQLValue(screenshot?.width), SQLValue(screenshot?.height),
                SQLValue(screenshot?.bytes), .text(correlationId), .text(createdAt), .text(createdAt),
            ])
        try db.run(
            "INSERT INTO feedback_events (id, feedback_id, kind, detail, actor, created_at) VALUES (?, ?, 'created', ?, ?, ?)",
            [
                .text(ids.next()), .text(id), .text("{\"type\":" + JSONText.quoted(draft.type) + "}"), SQLValue(authorKey),
                .text(createdAt),
            ])
        // What a chat-ops integration shows when it opens a thread for the report.
        let device = draft.deviceFields
        let platform = [device["operatingSystem"], device["systemVersion"]].compactMap { $0 }.joined(separator: " ")
        try outbox.append(
            FeedbackCreatedEvent(
                id: id, projectId: projectId, type: draft.type, createdAt: createdAt, email: authorEmail ?? draft.email,
                title: draft.pageTitle, message: draft.message, locale: draft.locale, platform: platform.isEmpty ? nil : platform,
                bundleId: bundleId, appVersion: device["appVersion"], hasScreenshot: screenshot != nil),
            projectId: projectId)
        return createdAt
    }
}
