import Foundation

@testable import HubRuntime
@testable import HubStore
@testable import IngestService

extension AdminClient {
    /// A report written straight to the store, as the public feedback route would store it.
    @discardableResult
    func insertFeedback(
        projectId: String, type: String = "problem", message: String, email: String? = nil,
        authorEmail: String? = nil, pageTitle: String? = nil, screenshot: Bool = false
    ) throws -> String {
        let id = TimeSortableID.shared.next()
        let at = ISOTime.format(Date())
        try store.db.run(
            """
            INSERT INTO feedback (id, project_id, type, message, email, author_email, page_url, page_title, viewport_width,
                                  viewport_height, screenshot_key, screenshot_type, screenshot_width, screenshot_height,
                                  screenshot_bytes, correlation_id, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, 'https://example.com/app', ?, 390, 844, ?, ?, ?, ?, ?, 'corr-1', ?, ?)
            """,
            [
                .text(id), .text(projectId), .text(type), .text(message), SQLValue(email), SQLValue(authorEmail),
                SQLValue(pageTitle), screenshot ? .text("screens/\(id).png") : .null, screenshot ? .text("image/png") : .null,
                screenshot ? .int(390) : .null, screenshot ? .int(844) : .null, screenshot ? .int(1_234) : .null,
                .text(at), .text(at),
            ])
        return id
    }

    /// Topics of the pending outbox events, oldest first.
    func outboxTopics() throws -> [String] { try store.outbox.pending(limit: 1_000).map(\.topic) }
}
