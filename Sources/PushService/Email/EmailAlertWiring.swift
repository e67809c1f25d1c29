import Foundation
import HubDaemon
import HubMessaging
import HubRuntime

/// The team's emails in pushd (docs/email.md, "Team alerts"): the `email-alerts` job that
/// turns held new conversations and reports into emails, and the `email-digest` job. Both
/// ask ingest over RPC on their job's queue; with email off their passes do nothing.
struct EmailAlertWiring {
    static let alertsJob = "email-alerts"
    /// Retries of lookups that failed (ingest down) are paced by this; a commit that holds an
    /// alert wakes the job at once.
    static let alertsInterval: TimeInterval = 60

    let alerts: EmailAlertWorker
    let digest: EmailDigestJob

    init(store: PushStore, outbox: EmailOutbox, ingest: RPCClient, config: HubConfig, clock: Clock, logger: Logger) {
        let base = config.publicBase
        let enqueue: (EmailDraft) throws -> Bool = { try outbox.enqueue($0) }
        alerts = EmailAlertWorker(
            store: store, recipients: { try ingest.call(EmailAlertRecipients.self, $0).get() }, enqueue: enqueue, base: base,
            logger: logger)
        digest = EmailDigestJob(
            store: store, clock: clock, recipients: { try ingest.call(EmailDigestRecipients.self, $0).get() }, enqueue: enqueue,
            base: base)
    }

    func install(jobs: DaemonJobs, enabled: Bool) {
        jobs.add(name: Self.alertsJob, interval: enabled ? Self.alertsInterval : nil) { [alerts] in try alerts.runPass() }
        jobs.add(name: EmailDigestJob.name, interval: enabled ? EmailDigestJob.interval : nil) { [digest] in
            enabled ? try digest.runPass() : 0
        }
    }
}
