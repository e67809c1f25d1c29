import HubMessaging
import HubRuntime

/// A new conversation or report whose recipients are still to be looked up at ingest, with
/// the event it came from.
struct PendingEmailAlert: Sendable {
    let eventId: String
    let kind: EmailAlertKind
    let projectId: String
    let attempts: Int
    let body: OutboxEventBody
}
