import Foundation
import HubRuntime

/// Writes an `EmailDraft` as an RFC 5322 message: multipart/alternative with a text/plain and
/// a text/html part, both UTF-8 and quoted-printable; non-ASCII header text as RFC 2047
/// encoded words; CRLF line ends; no line over 998 characters. A header value with a line
/// break is refused, so no caller can inject a header. The same draft, sender and date give
/// the same bytes (the boundary and Message-ID come from the dedupe key), so a retry sends the
/// message that was tried before.
public enum EmailComposer {
    public static func compose(_ draft: EmailDraft, from sender: EmailAddress, date: Date) throws -> [UInt8] {
        let id = try messageId(for: draft.dedupeKey, from: sender)
        let boundary = "=_an_" + id.local.replacingOccurrences(of: ".", with: "_").prefix(60)
        var headers: [(String, String)] = [
            ("From", try EmailHeaderText.mailbox(sender)),
            ("To", try EmailHeaderText.mailbox(draft.to)),
            ("Subject", try EmailHeaderText.unstructured(draft.subject, header: "Subject")),
            ("Date", rfc5322Date(date)),
            ("Message-ID", id.header),
            ("MIME-Version", "1.0"),
            ("Content-Type", "multipart/alternative; boundary=\"\(boundary)\""),
            // Vacation responders and ticket systems do not answer mail marked so (RFC 3834).
            ("Auto-Submitted", "auto-generated"),
        ]
        if let unsubscribe = draft.listUnsubscribe {
            try EmailHeaderText.requireSafe(unsubscribe, header: "List-Unsubscribe")
            headers.append(("List-Unsubscribe", "<\(unsubscribe)>"))
            // RFC 8058: an https target is one POST away from unsubscribing, without a page.
            if unsubscribe.hasPrefix("https://") { headers.append(("List-Unsubscribe-Post", "List-Unsubscribe=One-Click")) }
        }
        var out = ""
        for (name, value) in headers {
            out += try EmailHeaderText.fold(name: name, value: value) + "\r\n"
        }
        out += "\r\n"
        for (type, body) in [("text/plain", draft.text), ("text/html", draft.html)] {
            out += "--\(boundary)\r\nContent-Type: \(type); charset=UTF-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n"
            out += QuotedPrintable.encode(body) + "\r\n"
        }
        out += "--\(boundary)--\r\n"
        return Array(out.utf8)
    }

    /// `<reply.01J…@example.com>` for `reply:01J…`: the key's unsafe characters become `-`.
    public static func messageId(for key: String, from sender: EmailAddress) throws -> (local: String, header: String) {
        guard (1...EmailDraft.maximumKeyLength).contains(key.utf8.count), key.utf8.allSatisfy({ $0 > 32 && $0 < 127 }) else {
            throw EmailCompositionError.invalidDedupeKey
        }
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.".utf8)
        let local = String(
            decoding: key.utf8.map { $0 == UInt8(ascii: ":") ? UInt8(ascii: ".") : allowed.contains($0) ? $0 : 45 }, as: UTF8.self)
        return (local, "<\(local)@\(sender.domain)>")
    }

    /// `Wed, 02 Dec 2026 00:34:09 +0000`.
    static func rfc5322Date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: date)
    }
}
