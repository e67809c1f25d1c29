import Foundation
import HubMessaging
import HubRuntime
import HubStore

extension PushStore {
    /// Keeps a new conversation or report for the alerts; call inside the transaction that
    /// stores the event. Returns the rows written (0 or 1).
    func holdEmailAlert(for event: ChatEvent, body: OutboxEventBody) throws -> Int {
        guard emailEnabled, let projectId = event.projectId else { return 0 }
        let kind: EmailAlertKind
        switch body {
        case .chatConversationCreated: kind = .newConversation
        case .feedbackCreated: kind = .newReport
        default: return 0
        }
        let now = nowMillis
        try db.run(
            """
            INSERT OR IGNORE INTO email_alerts_pending (event_id, kind, project_id, next_attempt_ms, created_ms)
            VALUES (?, ?, ?, ?, ?)
            """, [.text(event.id), .text(kind.rawValue), .text(projectId), .int(now), .int(now)])
        return db.changes
    }

    /// Alerts whose lookup is due, oldest first. One whose event is gone (past retention)
    /// or no longer decodes is dropped: there is nothing left to tell.
    func dueEmailAlerts(limit: Int) throws -> [PendingEmailAlert] {
        let rows = try db.query(
            """
            SELECT a.event_id, a.kind, a.project_id, a.attempts, e.topic, e.payload, e.created_at
            FROM email_alerts_pending a LEFT JOIN chat_events e ON e.id = a.event_id
            WHERE a.next_attempt_ms <= ? ORDER BY a.event_id LIMIT ?
            """, [.int(nowMillis), .int(Int64(limit))])
        var due: [PendingEmailAlert] = []
        for row in rows {
            let eventId = try row.text("event_id")
            guard let kind = row.string("kind").flatMap(EmailAlertKind.init(rawValue:)), let topic = row.string("topic"),
                let payload = row.string("payload"),
                let body = try? ChatEvent(
                    id: eventId, topic: topic, projectId: row.string("project_id"), payload: payload,
                    createdAt: row.string("created_at") ?? ""
                ).decoded()
            else {
                try dropEmailAlert(eventId: eventId)
                continue
            }
            due.append(
                PendingEmailAlert(
                    eventId: eventId, kind: kind, projectId: try row.text("project_id"), attempts: row.int("attempts") ?? 0,
                    body: body))
        }
        return due
    }

    /// The lookup failed: try again after `delay`.
    func deferEmailAlert(eventId: String, error: String, delay: TimeInterval) throws {
        try db.run(
            "UPDATE email_alerts_pending SET attempts = attempts + 1, next_attempt_ms = ?, last_error = ? WHERE event_id = ?",
            [.int(nowMillis + Int64(delay * 1000)), .text(String(error.prefix(300))), .text(eventId)])
    }

    func dropEmailAlert(eventId: String) throws {
        try db.run("DELETE FROM email_alerts_pending WHERE event_id = ?", [.text(eventId)])
    }

    /// New conversations and reports per project that arrived since `since`, from the events
    /// pushd received (a redelivery is one row, so it counts once).
    func emailDigestCounts(since: Date) throws -> [String: EmailDigestCounts] {
        var counts: [String: EmailDigestCounts] = [:]
        for row in try db.query(
            """
            SELECT project_id, topic, COUNT(*) AS n FROM chat_events
            WHERE received_at >= ? AND topic IN (?, ?) AND project_id IS NOT NULL GROUP BY project_id, topic
            """,
            [
                .text(ISOTime.format(since)), .text(OutboxTopic.chatConversationCreated.rawValue),
                .text(OutboxTopic.feedbackCreated.rawValue),
            ])
        {
            let projectId = try row.text("project_id")
            let n = row.int("n") ?? 0
            if try row.text("topic") == OutboxTopic.feedbackCreated.rawValue {
                counts[projectId, default: EmailDigestCounts()].reports += n
            } else {
                counts[projectId, default: EmailDigestCounts()].conversations += n
            }
        }
        return counts
    }
}

extension PushStore {
    /// The payload as `chat_events` keeps it: an invitation's sealed link is left out, so
    /// the only copy pushd holds is the queued email's, which is cleared once sent.
    static func storedPayload(of event: ChatEvent) -> String {
        guard event.topic == OutboxTopic.invitationCreated.rawValue, var invitation = try? event.payload(as: InvitationCreatedEvent.self)
        else { return event.payload }
        invitation.sealedLink = ""
        return (try? OutboxEvent.encode(invitation)) ?? "{}"
    }

    /// An invitation's email queued (its bodies sealed, `invite:<invitationId>`), or a revoked
    /// one's dropped if it has not gone out; inside the transaction that stores the event.
    /// Returns the emails queued.
    func queueInvitationEmail(for body: OutboxEventBody) throws -> Int {
        switch body {
        case .invitationCreated(let invitation):
            guard emailEnabled, let keyring,
                let link = try? keyring.openString(
                    invitation.sealedLink, associatedData: InvitationCreatedEvent.associatedData(invitationId: invitation.invitationId)),
                let to = EmailAddress(address: invitation.email)
            else { return 0 }
            let content = EmailAlertComposer.invitation(invitation, link: link)
            let draft = EmailDraft(
                dedupeKey: EmailAlertComposer.invitationKey(invitation.invitationId), kind: "invitation", to: to,
                subject: content.subject, text: content.text, html: content.html, sealed: true)
            return try enqueueEmail(draft) ? 1 : 0
        case .invitationRevoked(let revoked):
            try cancelEmail(dedupeKey: EmailAlertComposer.invitationKey(revoked.invitationId), reason: "revoked")
            return 0
        default:
            return 0
        }
    }
}
