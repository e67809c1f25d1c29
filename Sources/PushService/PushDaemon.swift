import HubCrypto
import HubDaemon
import HubHTTPClient
import HubMessaging
import HubStore

/// `pushd`: owns `pushd.sqlite` — device registrations, sealed APNs credentials and the push queue.
public enum PushDaemon {
    /// Shipped steps are never edited; new ones are appended.
    public static let migrations: [Migration] = [
        .daemonMeta(.pushd),
        PushSchema.chatEvents,
        PushSchema.delivery,
        PushSchema.tokenIndex,
        PushSchema.statusCheck,
        PushSchema.integrations,
        PushSchema.discord,
        PushSchema.email,
        PushSchema.emailAlerts,
    ]

    /// The scheduled job's public name (`POST /api/admin/v1/jobs/push/run`).
    public static let jobName = "push"

    public static var spec: DaemonSpec {
        DaemonSpec(name: .pushd, migrations: migrations) { context in
            let config = context.config
            let keyring = try HubKeyring.resolve(
                credentialsKey: config.credentialsKey, dataDirectory: config.dataDirectory,
                logger: context.logger)
            let store = PushStore(db: context.store, clock: context.clock, keyring: keyring, emailEnabled: config.smtp != nil)
            let jobs = context.jobs
            let email = EmailWiring(store: store, config: config, jobs: jobs, logger: context.logger)
            // A scheduled push job is woken by every commit that queues pushes, so a reply's push
            // leaves at once and the interval only paces retries and cleanup; `0` keeps the job
            // on demand only (each pass asked for, as tests do).
            let wakes = config.pushInterval > 0
            let chatd = try RPCClient(
                peer: .chatd, config: config, clock: context.clock, logger: context.logger,
                defaultTimeout: config.rpcTimeout)
            let ingest = try RPCClient(
                peer: .ingest, config: config, clock: context.clock, logger: context.logger,
                defaultTimeout: config.rpcTimeout)
            var http = HTTPClientOptions()
            http.extraCAFile = config.tlsCAFile
            let telegram = TelegramWiring(store: store, config: config, http: http, chatd: chatd, ingest: ingest, logger: context.logger)
            let alerts = EmailAlertWiring(
                store: store, outbox: email.outbox, ingest: ingest, config: config, clock: context.clock, logger: context.logger)
            PushEventHandlers.install(on: context.rpc, store: store) {
                if wakes { jobs.trigger(jobName) }
            } posted: {
                telegram.loops.wake()
            } emailed: {
                email.outbox.queued()
                jobs.trigger(EmailAlertWiring.alertsJob)
            }
            PushDeviceHandlers.install(on: context.rpc, store: store)
            PushCredentialHandlers.install(on: context.rpc, store: store)
            PushAccountErasureHandlers.install(on: context.rpc, store: store)
            PushErasureHandlers.install(on: context.rpc, store: store)
            telegram.handlers.install(on: context.rpc)
            let discord = DiscordWiring(store: store, config: config, http: http, chatd: chatd, ingest: ingest, logger: context.logger)
            discord.rpcService.install(on: context.rpc, workers: discord.workers)
            let sender = APNsSender(
                baseURLs: [.sandbox: config.apnsSandboxURL, .production: config.apnsProductionURL],
                options: http, clock: context.clock)
            let worker = PushWorker(
                store: store,
                unread: { projectId, owners in
                    try chatd.call(ChatUnreadState.self, ChatUnreadState.Request(projectId: projectId, owners: owners)).get().unread
                }, sender: sender, logger: context.logger, retryBase: config.pushRetryBase, batchSize: config.pushBatchSize)
            context.rpc.register(PushMetricsSnapshot.self) { _, _ in try metrics(worker: worker, store: store) }

            // Shutdown steps run in reverse: the worker gives up its pass first (as on a crash,
            // its unrecorded pushes stay pending), then the job's queue drains, then
            // connections and the chatd client close.
            context.lifecycle.onShutdown("push connections") {
                sender.close()
                chatd.close()
                ingest.close()
            }
            telegram.loops.start()
            context.lifecycle.onShutdown("telegram") {
                telegram.handlers.stop()
                telegram.loops.stop()
            }
            jobs.add(name: jobName, interval: config.pushInterval > 0 ? config.pushInterval : nil) { try worker.runPass() }
            jobs.add(name: DiscordWiring.jobName, interval: config.discordSyncInterval > 0 ? config.discordSyncInterval : nil) {
                try discord.service.runPass()
            }
            context.lifecycle.onShutdown("discord") { discord.workers.stop() }
            email.install(on: context.rpc, jobs: jobs)
            alerts.install(jobs: jobs, enabled: store.emailEnabled)
            context.lifecycle.onShutdown("push worker") { worker.stop() }
        }
    }

    static func metrics(worker: PushWorker, store: PushStore) throws -> PushMetricsSnapshot.Response {
        let counters = worker.counters.snapshot
        let queue = try store.queueFigures()
        return PushMetricsSnapshot.Response(
            sent: counters.sent, failedByReason: counters.failed, retries: counters.retries,
            providerTokens: counters.providerTokens, queueDepth: queue.depth,
            oldestPendingSeconds: queue.oldestSeconds)
    }
}
