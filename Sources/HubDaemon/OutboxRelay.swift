import Foundation
import HubMessaging
import HubRuntime
import HubStore

/// The delivery loop of a daemon's outbox (chatd's and ingest's): on its own thread and with its
/// own client to pushd, it sends pending events of the topics pushd consumes
/// (`Outbox.consumedTopics`, from `OutboxConsumers`) in ID order with `events.deliver` and
/// acknowledges exactly the IDs pushd answers, after pushd's commit. Anything unanswered stays
/// pending and is sent again (at-least-once; pushd deduplicates by ID), so neither a pushd
/// outage nor a restart of the writing daemon loses an event. Memory stays bounded by one batch.
public final class OutboxRelay: @unchecked Sendable {
    /// How often and how hard the loop tries.
    public struct Timing: Sendable {
        /// Pause between rounds while pushd answers.
        public var interval: TimeInterval = 0.2
        /// Deadline of one `events.deliver` call.
        public var callTimeout: TimeInterval = 2
        /// Longest pause between attempts while pushd fails; the pause doubles up to it.
        public var maximumBackoff: TimeInterval = 3
        /// Events per call.
        public var batchSize = 100

        public init() {}
    }

    enum Round: Equatable {
        /// Nothing pending.
        case idle
        /// A batch was acknowledged; `more` when it was full, so the next one is sent at once.
        case delivered(more: Bool)
        case failed
    }

    private let outbox: Outbox
    /// Names the relay in its logs and its thread (`chat`, `feedback`).
    private let name: String
    private let client: RPCClient
    private let logger: Logger
    private let timing: Timing
    private let condition = NSCondition()
    private var stopping = false
    private var running = false
    private let finished = DispatchSemaphore(value: 0)
    /// Read and written by the loop thread only.
    private var failingSince: Date?
    private var failedRounds = 0

    public init(
        outbox: Outbox, name: String, endpoint: String, curve: CurveClientKeys? = nil, clock: Clock, logger: Logger,
        timing: Timing = Timing()
    ) throws {
        self.outbox = outbox
        self.name = name
        self.logger = logger
        self.timing = timing
        client = try RPCClient(
            peer: DaemonName.pushd.rawValue, endpoint: endpoint, clock: clock, logger: logger,
            defaultTimeout: timing.callTimeout, curve: curve)
    }

    /// Starts a relay to the configured pushd and stops it at shutdown, before the store closes
    /// (call it from the daemon's spec, whose shutdown steps run before the store's).
    @discardableResult
    public static func install(on context: DaemonContext, outbox: Outbox, name: String) throws -> OutboxRelay {
        let relay = try OutboxRelay(
            outbox: outbox, name: name, endpoint: context.config.endpoint(for: .pushd),
            curve: context.config.curveClient(for: .pushd), clock: context.clock, logger: context.logger)
        relay.start()
        context.lifecycle.onShutdown("\(name) event relay") { relay.stop() }
        return relay
    }

    /// Starts the loop thread; later calls do nothing.
    public func start() {
        let begin: Bool = condition.withLock {
            guard !running, !stopping else { return false }
            running = true
            return true
        }
        guard begin else { return }
        let thread = Thread.named(name + "-event-relay") { [self] in
            run()
            finished.signal()
        }
        thread.start()
    }

    /// Ends the loop promptly (an in-flight call is cut short and its events stay pending)
    /// and waits for the thread. Idempotent.
    public func stop() {
        let wasRunning: Bool = condition.withLock {
            let wasRunning = running && !stopping
            stopping = true
            condition.broadcast()
            return wasRunning
        }
        client.close()
        if wasRunning { finished.wait() }
    }

    private var isStopping: Bool { condition.withLock { stopping } }

    private func run() {
        var backoff = timing.interval
        while !isStopping {
            switch deliverOnce() {
            case .delivered(more: true):
                backoff = timing.interval
            case .delivered(more: false), .idle:
                backoff = timing.interval
                pause(timing.interval)
            case .failed:
                pause(backoff)
                backoff = min(backoff * 2, timing.maximumBackoff)
            }
        }
    }

    /// Sleeps up to `seconds`, waking at once on `stop()`.
    private func pause(_ seconds: TimeInterval) {
        let until = Date().addingTimeInterval(seconds)
        condition.withLock {
            while !stopping && condition.wait(until: until) {}
        }
    }

    /// Sends one batch and acknowledges what pushd committed.
    func deliverOnce() -> Round {
        let batch: [OutboxEvent]
        do {
            batch = try outbox.pending(limit: timing.batchSize, topics: outbox.consumedTopics)
        } catch {
            return failed(code: "STORE_ERROR", detail: String(describing: error), pending: nil)
        }
        guard !batch.isEmpty else {
            recovered()
            return .idle
        }
        switch client.call(ChatEventDeliver.self, ChatEventDeliver.Request(events: batch), timeout: timing.callTimeout) {
        case .failure(let error):
            if isStopping { return .failed }
            return failed(code: error.code, detail: error.message, pending: batch.count)
        case .success(let response):
            let sent = Set(batch.map(\.id))
            let acknowledged = response.acknowledged.filter { sent.contains($0) }
            do {
                try outbox.acknowledge(ids: acknowledged)
            } catch {
                return failed(code: "STORE_ERROR", detail: String(describing: error), pending: batch.count)
            }
            guard !acknowledged.isEmpty else {
                return failed(code: "NOTHING_ACKNOWLEDGED", detail: "pushd acknowledged none of the batch", pending: batch.count)
            }
            recovered()
            return .delivered(more: acknowledged.count == sent.count && batch.count == timing.batchSize)
        }
    }

    /// Logs the first failure of an outage only; the loop keeps retrying quietly.
    private func failed(code: String, detail: String, pending: Int?) -> Round {
        failedRounds += 1
        if failingSince == nil {
            failingSince = Date()
            logger.warn(
                "\(name) event delivery failing; events stay in the outbox",
                ["peer": DaemonName.pushd.rawValue, "code": code, "detail": detail, "batch": pending ?? 0])
        }
        return .failed
    }

    private func recovered() {
        guard let since = failingSince else { return }
        logger.info(
            "\(name) event delivery resumed",
            ["failedRounds": failedRounds, "seconds": (Date().timeIntervalSince(since) * 10).rounded() / 10])
        failingSince = nil
        failedRounds = 0
    }
}
