import Foundation
import HubHTTPServer
import HubMessaging
import HubStore

/// The inbox's JSON shapes, built from store rows. Stored JSON (device context, diagnostics,
/// timeline details) is embedded as JSON, not as text.
enum AdminFeedbackJSON {
    /// Messages in lists are cut to this many characters; the detail has the full text.
    static let previewLength = 280

    static func response(_ object: [String: Any], status: Int = 200) -> HTTPResponse {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.withoutEscapingSlashes]) else {
            return .json(["error": "encoding"], status: 500)
        }
        return .jsonBytes(Array(data), status: status)
    }

    static func labels(_ row: Row) -> [String] {
        (row.string("label_list") ?? "").split(separator: "\u{1F}").map(String.init)
    }

    static func assignee(_ row: Row) -> Any {
        guard let id = row.string("assignee_id") else { return NSNull() }
        return ["id": id, "name": row.string("assignee_name") ?? "", "email": row.string("assignee_email") ?? ""]
    }

    /// `{id, type, status, priority, read, message, email, pageURL, pageTitle, labels, assignee,
    /// screenshotStored, promotedIdeaId, replyCount, createdAt, updatedAt}`.
    static func item(_ row: Row, fullMessage: Bool = false) throws -> [String: Any] {
        let message = row.string("message") ?? ""
        return try [
            "id": row.text("id"), "type": row.text("type"), "status": row.text("status"),
            "priority": row.text("priority"), "read": row.string("read_at") != nil,
            "message": fullMessage ? message : String(message.prefix(previewLength)),
            "email": optional(row.string("email")), "pageURL": row.string("page_url") ?? "",
            "pageTitle": optional(row.string("page_title")), "labels": labels(row), "assignee": assignee(row),
            "screenshotStored": row.string("screenshot_key") != nil, "promotedIdeaId": optional(row.string("promoted_idea_id")),
            "replyCount": row.int("reply_count") ?? 0, "createdAt": row.text("created_at"), "updatedAt": row.text("updated_at"),
        ]
    }

    /// The item with the full message, its context, replies (notes included) and timeline.
    /// `deliveries` (by reply ID) adds each public reply's email `delivery`.
    static func detail(_ row: Row, replies: [Row], events: [Row], deliveries: [String: EmailDeliveryStatus] = [:]) throws -> [String: Any] {
        var out = try item(row, fullMessage: true)
        out["authorEmail"] = optional(row.string("author_email"))
        out["readAt"] = optional(row.string("read_at"))
        out["locale"] = optional(row.string("locale"))
        out["viewport"] = ["width": row.int("viewport_width") ?? 0, "height": row.int("viewport_height") ?? 0]
        out["userAgent"] = optional(row.string("user_agent"))
        out["deviceContext"] = parsed(row.string("device_context")) ?? NSNull()
        out["diagnostics"] = parsed(row.string("diagnostics")) ?? []
        if row.string("screenshot_key") != nil {
            out["screenshot"] = [
                "type": optional(row.string("screenshot_type")), "width": optional(row.int("screenshot_width")),
                "height": optional(row.int("screenshot_height")), "bytes": optional(row.int("screenshot_bytes")),
            ]
        } else {
            out["screenshot"] = NSNull()
        }
        // The report outlives a screenshot the workspace's retention removed, and says so.
        out["screenshotRemoved"] =
            row.string("screenshot_removed_at").map { ["reason": "retention", "removedAt": $0] as [String: Any] } ?? NSNull()
        out["correlationId"] = row.string("correlation_id") ?? ""
        out["replies"] = try replies.map { reply -> [String: Any] in
            var out: [String: Any] = try [
                "id": reply.text("id"), "message": reply.text("message"), "internal": reply.bool("internal") ?? true,
                "createdAt": reply.text("created_at"),
            ]
            if let author = externalAuthor(reply) { out["authorName"] = author }
            if let delivery = reply.string("id").flatMap({ deliveries[$0] }) { out["delivery"] = ReplyDeliveries.json(delivery) }
            return out
        }
        out["timeline"] = try events.map { event -> [String: Any] in
            try [
                "kind": event.text("kind"), "detail": parsed(event.string("detail")) ?? [String: Any](),
                "actor": optional(event.string("actor")), "createdAt": event.text("created_at"),
            ]
        }
        return out
    }

    /// A reply's outside author as shown ("Ana (Telegram)"), nil for a member's or a token's.
    static func externalAuthor(_ reply: Row) -> String? {
        reply.string("author_external_id").map { AccountActor.externalLabel(id: $0, name: reply.string("author_external_name")) }
    }

    static func reply(_ reply: InboxReply) -> [String: Any] {
        var out: [String: Any] = ["id": reply.id, "message": reply.message, "internal": reply.isInternal, "createdAt": reply.createdAt]
        if reply.convertedToNote { out["convertedToNote"] = true }
        return out
    }

    static func optional<T>(_ value: T?) -> Any { value.map { $0 as Any } ?? NSNull() }

    static func parsed(_ text: String?) -> Any? {
        guard let text else { return nil }
        return try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }
}
