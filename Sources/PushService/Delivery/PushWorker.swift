import Foundation
import Shared

/// One pass of the `push` job: apply the retention rules, then send every due push in
/// batches — unread state asked of chatd just before, one stream per push on the key's
/// connection, batch after batch without the connection emptying — and record each batch's
/// outcomes in one transaction. A push is pending until
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
    /// Reads the next batch and commits answered ones' outcomes, in the order asked, while
    /// the worker's thread sends. One such thread beside the sender does better than two on a
    /// small machine: the two jobs are short, and each thread running beside the sender slows
    /// it (`bench/RESULTS.md`).
    private let storeQueue = DispatchQueue(label: "push-store")
    private let stopLock = NSLock()
    private var stopping = false

    init(store: PushStore, unread: @escaping UnreadLookup, sender: APNsSender, logger: Logger,
         retryBase: TimeInterval, batchSize: Int) {
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
    /// (`APNsSender.send(_:then:completed:)`): the next group is read, asked about and signed
    /// while the last one's streams are still in flight, so the connection does not empty
    /// between batches. Each group's outcomes commit on `storeQueue` as soon as its answers are
    /// in, while the sending goes on; `PushPassQueue` holds a push back while another to its
    /// device is unanswered.
    public func runPass() throws -> Int {
        counters.add(failed: "Expired", count: try store.cleanUp())
        let started = DispatchTime.now().uptimeNanoseconds
        let queue = PushPassQueue(storeQueue: storeQueue) { [store, batchSize] after in
            let items = try store.duePushes(after: after, limit: batchSize)
            var credentials: [String: PushStoredCredentials?] = [:]
            for projectId in Set(items.map(\.projectId)) { credentials[projectId] = try store.openCredentials(projectId: projectId) }
            return (items, credentials)
        }
        // No read outlives the pass.
        defer { queue.finish() }
        var commits: [PushBatchCommit] = []
        var processed = 0
        // Waits for all but the newest `keeping` commits and counts their outcomes.
        func settle(keeping: Int) throws {
            while commits.count > keeping { processed += try counted(commits.removeFirst()) }
        }
        func commit(_ results: [(item: PushQueueItem, outcome: PushOutcome, badge: Int?)]) {
            commits.append(PushBatchCommit(results: results, on: storeQueue, record: record))
        }
        do {
            while !isStopping, let group = try queue.next(for: nil) {
                guard let credentials = group.credentials, let connection = group.connection else {
                    commit(group.items.map { ($0, .cancelled(reason: "NoCredentials"), nil) })
                    continue
                }
                // The groups handed to the sender, oldest first, with the badges they carry.
                var inFlight: [(items: [PushQueueItem], badges: [Int])] = []
                var failure: Error?
                func batch(_ group: PushPassQueue.Group, _ credentials: PushStoredCredentials) throws -> APNsSender.Batch {
                    let badges = try unreadBadges(group.items, projectId: group.projectId)
                    // Three possible bodies per project, each built once per group.
                    let alert = APNsPayload.alert(appId: credentials.appId)
                    let badgeOnly = [APNsPayload.badge(0, appId: credentials.appId), APNsPayload.badge(1, appId: credentials.appId)]
                    let pushes = zip(group.items, badges).map { item, badge in
                        // An alert the user has already read becomes a badge-only update.
                        APNsSender.Push(token: item.token, apnsId: item.apnsId,
                                        body: item.kind == .alert && badge == 1 ? alert : badgeOnly[badge])
                    }
                    queue.sent(group.items)
                    inFlight.append((group.items, badges))
                    return APNsSender.Batch(pushes: pushes, credentials: credentials, environment: group.environment)
                }
                sender.send(try batch(group, credentials), then: {
                    guard failure == nil, !isStopping else { return nil }
                    do {
                        guard let group = try queue.next(for: connection), let credentials = group.credentials else { return nil }
                        return try batch(group, credentials)
                    } catch {
                        failure = error
                        return nil
                    }
                }, completed: { _, outcomes in
                    let (items, badges) = inFlight.removeFirst()
                    queue.answered(items, outcomes)
                    // A stop during the send is treated as a crash after APNs answered: nothing is recorded.
                    guard !isStopping else { return }
                    commit(zip(zip(items, badges), outcomes).map { ($0.0, $1, $0.1) })
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
            logger.info("push pass", ["attempted": processed, "seconds": (seconds * 1000).rounded() / 1000,
                                      "perSecond": seconds > 0 ? (Double(processed) / seconds).rounded() : 0,
                                      "sentTotal": counts.sent, "retriesTotal": counts.retries, "stopped": isStopping])
        }
        return processed
    }

    private func record(_ results: [(item: PushQueueItem, outcome: PushOutcome, badge: Int?)]) throws -> PushBatchCommit.Summary {
        try store.record(results, retryBase: retryBase)
    }

    /// Waits for the commit, then counts its outcomes; returns how many there were.
    private func counted(_ commit: PushBatchCommit) throws -> Int {
        let summary = try commit.wait()
        for result in commit.results { counters.count(result.outcome) }
        counters.set(providerTokens: sender.tokens.signed)
        counters.add(retries: summary.retries, exhausted: summary.exhausted)
        return commit.results.count
    }

    /// The badge each push carries: 1 when its owner has an unread team reply, asked of chatd
    /// just before the push goes out.
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
