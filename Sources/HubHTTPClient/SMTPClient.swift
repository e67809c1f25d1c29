import CCurl
import Foundation

/// Submits one message per call through libcurl's SMTP: `MAIL FROM`, one `RCPT TO`, `DATA`
/// with the message read from memory (libcurl dot-stuffs it). Each call opens its own
/// connection: mail is sent a message at a time, and a fresh handle carries nothing over from
/// a failed exchange. An instance belongs to one owner; the lock only serialises misuse.
public final class SMTPClient: @unchecked Sendable {
    public let options: SMTPClientOptions
    private let lock = NSLock()

    public init(options: SMTPClientOptions) {
        self.options = options
    }

    /// Sends `message` (RFC 5322, CRLF line ends) from `sender` to `recipient` (bare addresses).
    public func send(from sender: String, to recipient: String, message: [UInt8]) -> Result<Void, SMTPClientError> {
        lock.lock()
        defer { lock.unlock() }
        do {
            let easy = try CurlEasy()
            let submission = SMTPSubmission(message: message, password: options.password)
            return try withExtendedLifetime(submission) {
                try configure(easy, submission: submission, sender: sender, recipient: recipient)
                let code = curl_easy_perform(easy.handle)
                return submission.outcome(code, easy: easy)
            }
        } catch {
            return .failure(SMTPClientError(kind: .transient, code: 0, message: "\(error)"))
        }
    }

    private func configure(_ easy: CurlEasy, submission: SMTPSubmission, sender: String, recipient: String) throws {
        try easy.prepareErrorBuffer()
        try easy.set(CURLOPT_URL, options.url)
        try easy.set(CURLOPT_PROTOCOLS_STR, "smtp,smtps")
        try easy.set(CURLOPT_NOSIGNAL, 1)
        try easy.set(CURLOPT_CONNECTTIMEOUT_MS, max(1, Int(options.connectTimeout * 1000)))
        try easy.set(CURLOPT_TIMEOUT_MS, max(1, Int(options.totalTimeout * 1000)))
        switch options.security {
        case .startTLS, .implicitTLS: try easy.set(CURLOPT_USE_SSL, an_curl_usessl_all())
        case .none: try easy.set(CURLOPT_USE_SSL, an_curl_usessl_none())
        }
        if let caFile = options.extraCAFile {
            try easy.set(CURLOPT_CAINFO, caFile)
            try easy.set(CURLOPT_CAPATH, options.systemCAPath)
        }
        if let user = options.user {
            try easy.set(CURLOPT_USERNAME, user)
            try easy.set(CURLOPT_PASSWORD, options.password ?? "")
        }
        try easy.set(CURLOPT_MAIL_FROM, "<\(sender)>")
        try submission.setRecipient(recipient, on: easy)
        try easy.set(CURLOPT_UPLOAD, 1)
        try easy.set(CURLOPT_INFILESIZE_LARGE, offset: Int64(submission.message.count))
        let context = Unmanaged.passUnretained(submission).toOpaque()
        try easy.set(
            CURLOPT_READFUNCTION,
            callback: { buffer, size, count, context in
                guard let buffer, let context else { return 0 }
                let submission = Unmanaged<SMTPSubmission>.fromOpaque(context).takeUnretainedValue()
                return submission.read(into: buffer, capacity: size * count)
            })
        try easy.set(CURLOPT_READDATA, pointer: context)
        // libcurl hands the server's replies to the header callback; the last one explains a failure.
        try easy.set(
            CURLOPT_HEADERFUNCTION,
            callback: { data, size, count, context in
                guard let data, let context else { return 0 }
                let submission = Unmanaged<SMTPSubmission>.fromOpaque(context).takeUnretainedValue()
                submission.receiveReply(UnsafeRawBufferPointer(start: data, count: size * count))
                return size * count
            })
        try easy.set(CURLOPT_HEADERDATA, pointer: context)
    }
}
