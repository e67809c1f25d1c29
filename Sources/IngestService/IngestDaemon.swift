import HubDaemon
import HubStore

/// `ingest`: owns `ingest.sqlite` (organizations, tokens, projects, boards, ideas, votes,
/// comments, feedback, changelog, idempotency records) and serves all HTTP.
public enum IngestDaemon {
    /// Shipped steps are never edited; new ones are appended.
    public static var migrations: [Migration] { IngestSchema.migrations }

    /// `onStart` hands the running app to tests.
    public static func spec(onStart: ((IngestApp) -> Void)? = nil) -> DaemonSpec {
        DaemonSpec(name: .ingest, migrations: migrations) { context in
            let app = try IngestApp(context: context)
            // Registered before "http", so it stops after the last request's events are written;
            // whatever is still pending then stays in the outbox for the next start.
            try OutboxRelay.install(on: context, outbox: app.store.outbox, name: "feedback")
            FeedbackTeamRPCHandlers.install(on: context.rpc, store: app.store)
            EmailAlertRPCHandlers.install(on: context.rpc, store: app.store)
            try app.start()
            context.lifecycle.onShutdown("http") { app.stop() }
            onStart?(app)
        }
    }
}
