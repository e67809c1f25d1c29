import Foundation
import HubMessaging
import HubRuntime

/// The `email-digest` job (daily, and `POST /api/admin/v1/jobs/email-digest/run`): to each
/// member who wants it, the new conversations and reports per app of the last 24 hours, as
/// pushd received them. Nothing is sent to a member whose apps had nothing; the dedupe key
/// `digest:<memberId>:<UTC day>` makes a second pass the same day send nothing new.
final class EmailDigestJob: @unchecked Sendable {
    static let name = "email-digest"
    /// Passes run hourly; the day's key lets only the first one with news send.
    static let interval: TimeInterval = 3_600
    static let window: TimeInterval = 86_400

    let store: PushStore
    let clock: Clock
    /// `email.digest.recipients` at ingest, a page after the given member ID.
    let recipients: (EmailDigestRecipients.Request) throws -> EmailDigestRecipients.Response
    let enqueue: (EmailDraft) throws -> Bool
    let base: String

    init(
        store: PushStore, clock: Clock,
        recipients: @escaping (EmailDigestRecipients.Request) throws -> EmailDigestRecipients.Response,
        enqueue: @escaping (EmailDraft) throws -> Bool, base: String
    ) {
        self.store = store
        self.clock = clock
        self.recipients = recipients
        self.enqueue = enqueue
        self.base = base
    }

    /// One pass; returns the digests queued. Throws when ingest does not answer (the job's
    /// next pass tries again; digests already queued today stay single).
    func runPass() throws -> Int {
        let now = clock.now()
        let counts = try store.emailDigestCounts(since: now.addingTimeInterval(-Self.window))
        // Nothing came in anywhere: nobody has anything to read, so ingest is not even asked.
        guard !counts.isEmpty else { return 0 }
        let day = String(ISOTime.format(now).prefix(10))
        var queued = 0
        var after: String?
        repeat {
            let page = try recipients(EmailDigestRecipients.Request(after: after))
            for member in page.members {
                guard
                    let content = EmailAlertComposer.digest(
                        apps: member.apps, counts: counts, organization: member.organizationName, day: day, base: base),
                    let to = EmailAddress(address: member.email, name: member.name)
                else { continue }
                let key = EmailAlertComposer.digestKey(memberId: member.memberId, day: day)
                let draft = EmailAlertComposer.draft(
                    content, key: key, alert: .dailyDigest, memberId: member.memberId, to: to, base: base, keyring: store.keyring)
                if try enqueue(draft) { queued += 1 }
            }
            after = page.next
        } while after != nil
        return queued
    }
}
