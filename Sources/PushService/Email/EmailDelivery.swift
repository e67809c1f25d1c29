import Foundation
import HubHTTPClient
import HubRuntime

/// One delivery pass over the email queue: each due email is composed and submitted. The
/// server taking it is `sent`; a 5xx reply is `failed` at once; anything else is tried again
/// after a doubling backoff (capped at an hour) until the 8th attempt, which is the last.
/// Passes run on the `email` job's serial queue, so they never overlap.
final class EmailDelivery: @unchecked Sendable {
    static let maximumAttempts = 8
    static let maximumBackoff: TimeInterval = 3_600
    /// Emails taken per pass; another pass follows at once after a full one.
    static let batch = 50

    private let store: PushStore
    private let client: SMTPClient
    private let sender: EmailAddress
    private let retryBase: TimeInterval
    private let logger: Logger

    init(store: PushStore, client: SMTPClient, sender: EmailAddress, retryBase: TimeInterval, logger: Logger) {
        self.store = store
        self.client = client
        self.sender = sender
        self.retryBase = retryBase
        self.logger = logger
    }

    /// Returns how many emails were attempted.
    @discardableResult
    func runPass() throws -> Int {
        try store.pruneEmails()
        let due = try store.dueEmails(limit: Self.batch)
        for item in due { try deliver(item) }
        return due.count
    }

    static func backoff(afterAttempt attempt: Int, base: TimeInterval) -> TimeInterval {
        min(maximumBackoff, base * pow(2, Double(max(0, attempt - 1))))
    }

    private func deliver(_ item: EmailQueueItem) throws {
        guard let draft = item.draft else {
            try store.recordEmailFailed(item, error: "the recipient is not an address email can be sent to")
            return
        }
        let message: [UInt8]
        do {
            message = try EmailComposer.compose(draft, from: sender, date: Date(timeIntervalSince1970: Double(item.createdMs) / 1000))
        } catch {
            try store.recordEmailFailed(item, error: "\(error)")
            logger.warn("email not composed", ["key": draft.dedupeKey, "error": "\(error)"])
            return
        }
        try store.markEmailStarted(item)
        let attempt = item.attempts + 1
        switch client.send(from: sender.address, to: draft.to.address, message: message) {
        case .success:
            try store.recordEmailSent(item)
            logger.info("email sent", ["key": draft.dedupeKey, "kind": draft.kind, "attempt": "\(attempt)"])
        case .failure(let failure) where failure.kind == .permanent || attempt >= Self.maximumAttempts:
            try store.recordEmailFailed(item, error: failure.message)
            logger.warn("email failed", ["key": draft.dedupeKey, "attempt": "\(attempt)", "error": failure.message])
        case .failure(let failure):
            let delay = Self.backoff(afterAttempt: attempt, base: retryBase)
            try store.recordEmailRetry(item, error: failure.message, delay: delay)
            logger.info("email retried later", ["key": draft.dedupeKey, "attempt": "\(attempt)", "error": failure.message])
        }
    }
}
