import Foundation
import HubMessaging
import HubRuntime

/// The `email-alerts` job: for each held new conversation or report, asks ingest who wants
/// it and queues one email per recipient (`alert:<eventId>:<memberId>`), then lets the row
/// go. Runs on its job's queue, never on the thread that receives events. When ingest does
/// not answer, the row stays and is tried again later; a crash after queueing some emails
/// queues the rest on the next pass and the dedupe key keeps the first ones single.
final class EmailAlertWorker: @unchecked Sendable {
    /// Rows per pass.
    static let batch = 50
    /// First wait after a failed lookup; it doubles per attempt up to `maximumDelay`.
    static let retryBase: TimeInterval = 5
    static let maximumDelay: TimeInterval = 600

    let store: PushStore
    /// `email.alert.recipients` at ingest.
    let recipients: (EmailAlertRecipients.Request) throws -> EmailAlertRecipients.Response
    /// Queues one email; false when its key was queued before (or email is off).
    let enqueue: (EmailDraft) throws -> Bool
    /// The hub's public base, for links.
    let base: String
    let logger: Logger

    init(
        store: PushStore, recipients: @escaping (EmailAlertRecipients.Request) throws -> EmailAlertRecipients.Response,
        enqueue: @escaping (EmailDraft) throws -> Bool, base: String, logger: Logger
    ) {
        self.store = store
        self.recipients = recipients
        self.enqueue = enqueue
        self.base = base
        self.logger = logger
    }

    /// One pass; returns the emails queued.
    func runPass() throws -> Int {
        var queued = 0
        for alert in try store.dueEmailAlerts(limit: Self.batch) {
            let answer: EmailAlertRecipients.Response
            do {
                answer = try recipients(EmailAlertRecipients.Request(projectId: alert.projectId, kind: alert.kind))
            } catch {
                let delay = min(Self.retryBase * pow(2, Double(min(alert.attempts, 16))), Self.maximumDelay)
                try store.deferEmailAlert(eventId: alert.eventId, error: String(describing: error), delay: delay)
                logger.warn("email alert lookup failed", ["eventId": alert.eventId, "error": String(describing: error)])
                // Ingest is unreachable for the rest of the batch too; the next pass tries again.
                break
            }
            if answer.found, let content = content(for: alert, app: answer.appName, organization: answer.organizationName) {
                for recipient in answer.recipients {
                    guard let to = EmailAddress(address: recipient.email, name: recipient.name) else { continue }
                    let key = EmailAlertComposer.alertKey(eventId: alert.eventId, memberId: recipient.memberId)
                    let draft = EmailAlertComposer.draft(
                        content, key: key, alert: alert.kind, memberId: recipient.memberId, to: to, base: base, keyring: store.keyring)
                    if try enqueue(draft) { queued += 1 }
                }
            }
            try store.dropEmailAlert(eventId: alert.eventId)
        }
        return queued
    }

    func content(for alert: PendingEmailAlert, app: String, organization: String) -> EmailAlertContent? {
        switch alert.body {
        case .chatConversationCreated(let created):
            return EmailAlertComposer.conversation(created, app: app, organization: organization, base: base)
        case .feedbackCreated(let created):
            return EmailAlertComposer.report(created, app: app, organization: organization, base: base)
        default:
            return nil
        }
    }
}
