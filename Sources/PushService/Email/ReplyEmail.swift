import HubRuntime

/// The email a reporter gets for a public team reply to their report: the reply's text, the
/// app's name and the report's title, as plain text and HTML (escaped), with nothing that
/// opens anything (no link, no token). Its key is `reply:<replyId>`.
enum ReplyEmail {
    static let kind = "reply"

    static func dedupeKey(replyId: String) -> String { "reply:" + replyId }

    /// The draft for `reply`, nil when it carries no recipient or no text (older rows, or a
    /// report nobody left an address on). `to` is nil when the address cannot take email.
    static func draft(for reply: FeedbackRepliedEvent) -> (draft: EmailDraft?, recipient: String)? {
        guard let recipient = reply.recipient, !recipient.isEmpty, let message = reply.message else { return nil }
        guard let to = EmailAddress(address: recipient) else { return (nil, recipient) }
        let app = oneLine(reply.appName ?? "").isEmpty ? "the app" : oneLine(reply.appName ?? "")
        let title = oneLine(reply.reportTitle ?? "")
        let subject = title.isEmpty ? "\(app) replied to your report" : "\(app) replied to your report: \(title)"
        let about = title.isEmpty ? "your report" : "your report \u{201C}\(title)\u{201D}"
        let footer = "You receive this email because you left this address with your report in \(app). Replies to it are not read."
        let text = "\(app) replied to \(about):\n\n\(message)\n\n-- \n\(footer)\n"
        let paragraphs = message.components(separatedBy: "\n").map(HTMLText.escape).joined(separator: "<br>\n")
        let html = """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"><title>\(HTMLText.escape(subject))</title></head>
            <body style="font-family: -apple-system, Segoe UI, Helvetica, Arial, sans-serif; line-height: 1.5; color: #1d1d1f;">
            <p>\(HTMLText.escape(app)) replied to \(HTMLText.escape(about)):</p>
            <blockquote style="margin: 1em 0; padding: 0.5em 1em; border-left: 3px solid #0a84ff;">\(paragraphs)</blockquote>
            <p style="color: #6e6e73; font-size: 0.9em;">\(HTMLText.escape(footer))</p>
            </body></html>
            """
        return (
            EmailDraft(dedupeKey: dedupeKey(replyId: reply.replyId), kind: kind, to: to, subject: subject, text: text, html: html),
            recipient
        )
    }

    /// Header-safe: line breaks and runs of whitespace become one space.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
    }
}
