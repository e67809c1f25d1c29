import Foundation

/// pushd's delivery counters since start, read by `push.metrics` from the RPC thread while
/// the worker writes them.
final class PushCounters: @unchecked Sendable {
    private let lock = NSLock()
    private var sent = 0
    private var retries = 0
    private var failed: [String: Int] = [:]
    private var providerTokens = 0

    /// A batch's recorded outcomes, under one lock.
    func count(_ results: PushBatchCommit.Results) {
        lock.withLock {
            for result in results {
                switch result.outcome {
                case .sent: sent += 1
                case .retry, .providerToken: break
                case .permanent(let reason, _, _), .unregistered(let reason, _), .cancelled(let reason):
                    failed[reason, default: 0] += 1
                }
            }
        }
    }

    func add(retries count: Int, exhausted: [String]) {
        lock.withLock {
            retries += count
            for reason in exhausted { failed[reason, default: 0] += 1 }
        }
    }

    func add(failed reason: String, count: Int) {
        guard count > 0 else { return }
        lock.withLock { failed[reason, default: 0] += count }
    }

    func set(providerTokens count: Int) {
        lock.withLock { providerTokens = count }
    }

    var snapshot: (sent: Int, retries: Int, failed: [String: Int], providerTokens: Int) {
        lock.withLock { (sent, retries, failed, providerTokens) }
    }
}
