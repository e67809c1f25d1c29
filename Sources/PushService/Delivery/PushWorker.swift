import Foundation
import HubHTTPClient
import HubMessaging
import HubRuntime

/// One pass of the `push` job: apply the retention rules, then send every due push in
/// batches — unread state asked of chatd as each batch is read, one batch ahead of its send;
/// one stream per push on the key's connection, batch after batch without the connection
/// emptying — and record each batch's outcomes in one transaction. A push is pending until
/// its outcome commits, so a pass cut short (crash, stop) leaves it to the next one.
public final class PushWorker: @unchecked Sendable {
    /// Answers, for owners of one project, whether each has an unread team reply.
    public typealias UnreadLookup = (_ projectId: String, _ owners: [ChatUnreadState.Owner]) throws -> [Bool]

    /// The pass stops when chatd cannot say what is unread; its pushes stay queued.
    static func unreadUnavailable(_ detail: String) -> RPCError {
        RPCError(code: "UNREAD_STATE_UNAVAILABLE", message: "chatd could not give unread state: \(detail)", status: 503)
    }

    private let store: PushStore
    private let unread: UnreadLookup
    private let sender: APNsSender
    private let logger: Logger
    private let retryBase: TimeInterval
    private let batchSize: Int
    let counters = PushCounters()
    /// Reads the next batch (asking chatd for its badges and building its requests) and
    /// commits answered ones' outcomes, in the order asked, while the worker's thread sends. One such thread beside the sender does better than two on a
    /// small machine: the two jobs are short, and each thread running beside the sender slows
    /// it (`bench/RESULTS.md`).
    private let storeQueue = DispatchQueue(label: "push-store")
    private let stopLock = NSLock()
    private var stopping = false

    init(
        store: PushStore, unread: @escaping UnreadLookup, sender: APNsSender, logger: Logger,
        retryBase: TimeInterval, batchSize: Int
    ) {
        self.store = store
        self.unread = unread
        self.sender = sender
        self.logger = logger
        self.retryBase = retryBase
        self.batchSize = batchSize
    }

    /// Makes a running pass end at once without recording what is unrecorded, as a crash
    /// would: streams in flight are given up and their pushes stay pending.
    public func stop() {
        stopLock.withLock { stopping = true }
        sender.cancel()
    }

    private var isStopping: Bool { stopLock.withLock { stopping } }

    /// Closes APNs connections; call once no pass runs.
    func close() { sender.close() }

    /// Returns how many pushes were attempted. The pushes go out as one feed per connection
    /// (`APNsSender.send(_:then:completed:)`): the next group, read (with its badges and
    /// requests) on `storeQueue` a batch ahead, is signed and handed over while the last one's
    /// streams are still in flight, so the connection does not empty between batches. Each
    /// group's outcomes commit on `storeQueue` as soon as its answers are in, while the sending
    /// goes on; `PushPassQueue` holds a push back while another to its device is unanswered.
    public func runPass() throws -> Int {
        counters.add(failed: "Expired", count: try store.cleanUp())
        let started = DispatchTime.now().uptimeNanoseconds
        let queue = PushPassQueue(storeQueue: storeQueue) { [self] after in try read(after: after) }
        // No read outlives the pass.
        defer { queue.finish() }
        var commits: [PushBatchCommit] = []
        var processed = 0
        // Waits for all but the newest `keeping` commits; counts their pushes.
        func settle(keeping: Int) throws {
            while commits.count > keeping {
                let commit = commits.removeFirst()
                try commit.wait()
                processed += commit.count
            }
            counters.set(providerTokens: sender.tokens.signed)
        }
        func commit(_ dues: [PushPassQueue.Due], _ outcomes: [PushOutcome]) {
            commits.append(PushBatchCommit(dues, outcomes: outcomes, on: storeQueue, record: record))
        }
        do {
            while !isStopping, let group = try queue.next(for: nil) {
                guard let credentials = group.credentials, let connection = group.connection else {
                    commit(group.dues, group.dues.map { _ in .cancelled(reason: "NoCredentials") })
                    continue
                }
                // The groups handed to the sender, oldest first.
                var inFlight: [[PushPassQueue.Due]] = []
                var failure: Error?
                func batch(_ group: PushPassQueue.Group, _ credentials: PushStoredCredentials) -> APNsSender.Batch {
                    queue.sent(group.dues)
                    inFlight.append(group.dues)
                    // A request not built with the read (the project had no credentials then,
                    // which is rare) is built now.
                    let requests = group.dues.map {
                        $0.request ?? request($0.item, badge: $0.badge, APNsPayload.Bodies(appId: credentials.appId))
                    }
                    return APNsSender.Batch(requests: requests, credentials: credentials, environment: group.environment)
                }
                sender.send(
                    batch(group, credentials),
                    then: {
                        guard failure == nil, !isStopping else { return nil }
                        do {
                            guard let group = try queue.next(for: connection), let credentials = group.credentials else { return nil }
                            return batch(group, credentials)
                        } catch {
                            failure = error
                            return nil
                        }
                    },
                    completed: { _, outcomes in
                        let dues = inFlight.removeFirst()
                        queue.answered(dues, outcomes)
                        // A stop during the send is treated as a crash after APNs answered: nothing is recorded.
                        guard !isStopping else { return }
                        commit(dues, outcomes)
                        do {
                            try settle(keeping: 2)
                        } catch {
                            failure = failure ?? error
                        }
                    })
                if let failure { throw failure }
            }
        } catch {
            // Outcomes APNs gave are recorded before the pass reports its failure.
            try settle(keeping: 0)
            throw error
        }
        try settle(keeping: 0)
        if processed > 0 {
            let counts = counters.snapshot
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            logger.info(
                "push pass",
                [
                    "attempted": processed, "seconds": (seconds * 1000).rounded() / 1000,
                    "perSecond": seconds > 0 ? (Double(processed) / seconds).rounded() : 0,
                    "sentTotal": counts.sent, "retriesTotal": counts.retries, "stopped": isStopping,
                ])
        }
        return processed
    }

    /// Due pushes after `after`, each with its badge (unread state asked of chatd now, a batch
    /// ahead of the send, so the sending thread does not wait for chatd) and its request.
    private func read(after: Int64) throws -> PushPassQueue.Read {
        let items = try store.duePushes(after: after, limit: batchSize)
        var credentials: [String: PushStoredCredentials?] = [:]
        var badges: [Int64: Int] = [:]
        for (projectId, group) in Dictionary(grouping: items, by: \.projectId) {
            credentials[projectId] = try store.openCredentials(projectId: projectId)
            for (item, badge) in zip(group, try unreadBadges(group, projectId: projectId)) { badges[item.id] = badge }
        }
        // The bodies are built once per project and read.
        var bodies: [String: APNsPayload.Bodies] = [:]
        for case (let projectId, let found?) in credentials { bodies[projectId] = APNsPayload.Bodies(appId: found.appId) }
        let dues = items.map { item in
            let badge = badges[item.id] ?? 0
            return PushPassQueue.Due(
                item: item, badge: badge, device: PushPassQueue.deviceKey(item),
                request: bodies[item.projectId].map { request(item, badge: badge, $0) })
        }
        return (dues, credentials)
    }

    private func request(_ item: PushQueueItem, badge: Int, _ bodies: APNsPayload.Bodies) -> HTTPStreamRequest {
        sender.request(
            token: item.token, apnsId: item.apnsId, body: bodies.body(for: item.kind, badge: badge),
            environment: item.environment)
    }

    /// Records a batch's outcomes in one transaction, then counts them; on the store queue.
    private func record(_ results: PushBatchCommit.Results) throws {
        let summary = try store.record(results, retryBase: retryBase)
        counters.count(results)
        counters.add(retries: summary.retries, exhausted: summary.exhausted)
    }

    /// The badge each push carries: 1 when its owner has an unread team reply, asked of chatd
    /// as the push is read, a batch ahead of its send.
    private func unreadBadges(_ items: [PushQueueItem], projectId: String) throws -> [Int] {
        let owners = Array(Set(items.map(\.owner)))
        var unreadByOwner: [ChatUnreadState.Owner: Bool] = [:]
        for start in stride(from: 0, to: owners.count, by: ChatUnreadState.maximumOwners) {
            let chunk = Array(owners[start..<min(owners.count, start + ChatUnreadState.maximumOwners)])
            let flags: [Bool]
            do {
                flags = try unread(projectId, chunk)
            } catch {
                throw PushWorker.unreadUnavailable("\(error)")
            }
            guard flags.count == chunk.count else { throw PushWorker.unreadUnavailable("\(flags.count) answers for \(chunk.count) owners") }
            for (owner, flag) in zip(chunk, flags) { unreadByOwner[owner] = flag }
        }
        return items.map { unreadByOwner[$0.owner] == true ? 1 : 0 }
    }
}
