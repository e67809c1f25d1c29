import Foundation
import Shared

/// One pass of the `push` job: apply the retention rules, then send every due push in
/// batches — unread state asked of chatd just before, one stream per push on the key's
/// connection — and record each batch's outcomes in one transaction. A push is pending until
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
    /// Reads the next batch and commits the last one's outcomes, one after the other, while
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

    /// Makes a running pass end after its current batch without recording that batch, as a
    /// crash would; its pushes stay pending.
    public func stop() {
        stopLock.withLock { stopping = true }
    }

    private var isStopping: Bool { stopLock.withLock { stopping } }

    /// Closes APNs connections; call once no pass runs.
    func close() { sender.close() }

    /// Returns how many pushes were attempted. While batch N is sent on this thread, batch N+1
    /// is read (with its credentials) and then batch N-1's outcomes commit, on `storeQueue`. A
    /// batch whose outcomes remove a registration commits before the next batch is read again
    /// (its other pending pushes are then cancelled), and the read made ahead of that commit is
    /// dropped.
    public func runPass() throws -> Int {
        counters.add(failed: "Expired", count: try store.cleanUp())
        let started = DispatchTime.now().uptimeNanoseconds
        var processed = 0
        var unrecorded: [(item: PushQueueItem, outcome: PushOutcome, badge: Int?)]?
        var readAhead: BackgroundResult<DueBatch>?
        // No read outlives the pass.
        defer { _ = try? readAhead?.wait() }
        var batch = try readBatch(after: 0)
        while !isStopping {
            if let last = batch.items.last {
                readAhead = BackgroundResult(on: storeQueue) { [self] in try readBatch(after: last.id) }
            }
            let commit = unrecorded.map { PushBatchCommit(results: $0, on: storeQueue, record: record) }
            unrecorded = nil
            var results: [(item: PushQueueItem, outcome: PushOutcome, badge: Int?)] = []
            do {
                for ((projectId, items), credentials) in zip(batch.groups, batch.credentials) {
                    results += try deliver(items, projectId: projectId, credentials: credentials)
                }
            } catch {
                if let commit { processed += try counted(commit) }
                throw error
            }
            if let commit { processed += try counted(commit) }
            guard let last = batch.items.last else { break }
            // A stop during the send is treated as a crash after APNs answered: nothing is recorded.
            if isStopping { break }
            if PushBatchCommit.touchesOtherRows(results) {
                processed += try counted(PushBatchCommit(results: results, on: storeQueue, record: record))
                _ = try? readAhead?.wait()
                readAhead = nil
                batch = try readBatch(after: last.id)
                continue
            }
            do {
                batch = try readAhead?.wait() ?? readBatch(after: last.id)
                readAhead = nil
            } catch {
                processed += try counted(PushBatchCommit(results: results, on: storeQueue, record: record))
                throw error
            }
            unrecorded = results
        }
        if let unrecorded {
            processed += try counted(PushBatchCommit(results: unrecorded, on: storeQueue, record: record))
        }
        if processed > 0 {
            let counts = counters.snapshot
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            logger.info("push pass", ["attempted": processed, "seconds": (seconds * 1000).rounded() / 1000,
                                      "perSecond": seconds > 0 ? (Double(processed) / seconds).rounded() : 0,
                                      "sentTotal": counts.sent, "retriesTotal": counts.retries, "stopped": isStopping])
        }
        return processed
    }

    /// Due pushes after `after` in queue order, grouped by project, with each project's credentials.
    private struct DueBatch {
        let items: [PushQueueItem]
        let groups: [(String, [PushQueueItem])]
        let credentials: [PushStoredCredentials?]
    }

    private func readBatch(after: Int64) throws -> DueBatch {
        let items = try store.duePushes(after: after, limit: batchSize)
        let groups = PushWorker.grouped(items, by: \.projectId)
        return DueBatch(items: items, groups: groups, credentials: try groups.map { try store.openCredentials(projectId: $0.0) })
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

    private func deliver(_ items: [PushQueueItem], projectId: String, credentials: PushStoredCredentials?) throws
        -> [(item: PushQueueItem, outcome: PushOutcome, badge: Int?)] {
        guard let credentials else {
            return items.map { ($0, .cancelled(reason: "NoCredentials"), nil) }
        }
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
        var results: [(item: PushQueueItem, outcome: PushOutcome, badge: Int?)] = []
        for (environment, group) in PushWorker.grouped(items, by: \.environment) {
            let badges = group.map { unreadByOwner[$0.owner] == true ? 1 : 0 }
            // Three possible bodies per project, each built once per batch.
            let alert = APNsPayload.alert(appId: credentials.appId)
            let badgeOnly = [APNsPayload.badge(0, appId: credentials.appId), APNsPayload.badge(1, appId: credentials.appId)]
            let pushes = zip(group, badges).map { item, badge in
                // An alert the user has already read becomes a badge-only update.
                APNsSender.Push(token: item.token, apnsId: item.apnsId,
                                body: item.kind == .alert && badge == 1 ? alert : badgeOnly[badge])
            }
            let outcomes = sender.send(pushes, credentials: credentials, environment: environment)
            for ((item, badge), outcome) in zip(zip(group, badges), outcomes) {
                results.append((item, outcome, badge))
            }
        }
        return results
    }

    /// Groups in first-seen order.
    static func grouped<K: Hashable>(_ items: [PushQueueItem], by key: KeyPath<PushQueueItem, K>) -> [(K, [PushQueueItem])] {
        var order: [K] = []
        var groups: [K: [PushQueueItem]] = [:]
        for item in items {
            let k = item[keyPath: key]
            if groups[k] == nil { order.append(k) }
            groups[k, default: []].append(item)
        }
        return order.map { ($0, groups[$0]!) }
    }
}
