import Foundation
import HubCrypto
import HubMessaging
import HubRuntime
import HubStore

/// pushd's store: the one owner of `pushd.sqlite`.
public final class PushStore: @unchecked Sendable {
    public let db: SQLiteDatabase
    let clock: Clock
    /// Seals APNs keys at rest; without it credentials cannot be stored.
    let keyring: Keyring?
    /// Whether the hub sends email (`APPNORTH_SMTP_URL` set); when off nothing is queued.
    public let emailEnabled: Bool

    public init(db: SQLiteDatabase, clock: Clock, keyring: Keyring? = nil, emailEnabled: Bool = false) {
        self.db = db
        self.clock = clock
        self.keyring = keyring
        self.emailEnabled = emailEnabled
    }

    /// Stores a batch in one transaction, queueing the pushes each new event calls for in the
    /// same transaction; an ID already held is left as it is (and queues nothing again).
    /// Returns every ID of the batch once the commit is done, since each is then held durably,
    /// how many pushes the batch queued, how many integration posts, and how many emails it
    /// queued or team alerts it held for their recipients (`PushStore+EmailAlerts.swift`).
    public func receive(_ events: [ChatEvent]) throws -> (acknowledged: [String], queued: Int, posts: Int, emails: Int) {
        let receivedAt = ISOTime.format(clock.now())
        let (queued, posts, emails) = try db.transaction {
            var queued = 0
            var integrationPosts = 0
            var emails = 0
            for event in events {
                try db.run(
                    """
                    INSERT OR IGNORE INTO chat_events (id, topic, project_id, payload, created_at, received_at)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                    [
                        .text(event.id), .text(event.topic), SQLValue(event.projectId), .text(PushStore.storedPayload(of: event)),
                        .text(event.createdAt), .text(receivedAt),
                    ])
                if db.changes == 1 {
                    // A payload that does not decode queues nothing; the event is still stored
                    // and acknowledged, so one bad row cannot stall an outbox.
                    guard let body = try? event.decoded() else { continue }
                    queued += try enqueue(for: event, body: body)
                    integrationPosts += try enqueueIntegrations(for: event, body: body)
                    integrationPosts += try enqueueDiscord(for: event, body: body)
                    emails += try enqueueEmails(for: body)
                    emails += try holdEmailAlert(for: event, body: body)
                    emails += try queueInvitationEmail(for: body)
                }
            }
            return (queued, integrationPosts, emails)
        }
        return (events.map(\.id), queued, posts, emails)
    }

    /// Every stored chat event, oldest first (by chatd's time-sortable ID).
    public func receivedEvents() throws -> [PushReceivedEvent] {
        try db.query("SELECT * FROM chat_events ORDER BY id").map {
            try PushReceivedEvent(
                event: ChatEvent(
                    id: $0.text("id"), topic: $0.text("topic"), projectId: $0.string("project_id"),
                    payload: $0.text("payload"), createdAt: $0.text("created_at")),
                receivedAt: $0.text("received_at"))
        }
    }
}
