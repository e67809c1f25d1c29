import CCurl
import Foundation

/// One message on its way through a libcurl SMTP handle: the bytes the read callback hands
/// out, the recipient list, the server's last reply line and its last refusal, and how the
/// result is judged.
/// Kept alive (`withExtendedLifetime`) while the handle runs: callbacks reach it unretained.
final class SMTPSubmission {
    /// A reply line kept for an error is cut here (a server may say a lot).
    static let replyLimit = 300

    let message: [UInt8]
    private let password: String?
    private var offset = 0
    private var recipients: UnsafeMutablePointer<curl_slist>?
    private(set) var lastReply = ""
    /// The last 4xx or 5xx line: libcurl may go on to `QUIT` after a refused command (7.88
    /// does), and the `221` that answers it must not hide the refusal.
    private(set) var lastRefusal = ""

    init(message: [UInt8], password: String?) {
        self.message = message
        self.password = password
    }

    deinit {
        curl_slist_free_all(recipients)
    }

    func setRecipient(_ recipient: String, on easy: CurlEasy) throws {
        guard let list = curl_slist_append(nil, "<\(recipient)>") else {
            throw SMTPClientError(kind: .transient, code: 0, message: "curl_slist_append failed")
        }
        recipients = list
        try easy.set(CURLOPT_MAIL_RCPT, list: list)
    }

    func read(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
        let count = min(capacity, message.count - offset)
        guard count > 0 else { return 0 }
        message.withUnsafeBytes { bytes in
            UnsafeMutableRawPointer(buffer).copyMemory(from: bytes.baseAddress! + offset, byteCount: count)
        }
        offset += count
        return count
    }

    func receiveReply(_ bytes: UnsafeRawBufferPointer) {
        let line = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !line.isEmpty else { return }
        lastReply = String(line.prefix(Self.replyLimit))
        if let first = line.utf8.first, first == UInt8(ascii: "4") || first == UInt8(ascii: "5") { lastRefusal = lastReply }
    }

    /// 2xx at the end is the message taken; a 5xx reply to a command is permanent; anything else
    /// (4xx, no connection, TLS, STARTTLS missing, a refused login) may pass later.
    func outcome(_ code: CURLcode, easy: CurlEasy) -> Result<Void, SMTPClientError> {
        let reply = easy.info(long: CURLINFO_RESPONSE_CODE)
        if code == CURLE_OK { return .success(()) }
        let commandFailed = code != CURLE_LOGIN_DENIED && code != CURLE_USE_SSL_FAILED
        if commandFailed, (400...599).contains(reply), lastRefusal.hasPrefix(String(reply)) {
            return .failure(SMTPClientError(kind: reply >= 500 ? .permanent : .transient, code: reply, message: redacted(lastRefusal)))
        }
        var message = easy.message(for: code)
        if code == CURLE_LOGIN_DENIED {
            let explanation = lastRefusal.isEmpty ? lastReply : lastRefusal
            if !explanation.isEmpty { message += " (\(explanation))" }
        }
        return .failure(SMTPClientError(kind: .transient, code: (400...599).contains(reply) ? reply : 0, message: redacted(message)))
    }

    /// Servers never echo the password, but a reply line is stored and shown: make sure.
    private func redacted(_ text: String) -> String {
        guard let password, !password.isEmpty else { return text }
        return text.replacingOccurrences(of: password, with: "[redacted]")
    }
}
