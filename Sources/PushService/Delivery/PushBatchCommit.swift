import Foundation
import Shared

/// One batch's outcomes being recorded on the worker's store queue while the next batch is
/// on the wire, so the connection does not sit idle during the transaction.
final class PushBatchCommit: @unchecked Sendable {
    typealias Summary = (retries: Int, exhausted: [String])

    let results: [(item: PushQueueItem, outcome: PushOutcome, badge: Int?)]
    private let recording: BackgroundResult<Summary>

    init(results: [(item: PushQueueItem, outcome: PushOutcome, badge: Int?)], on queue: DispatchQueue,
         record: @escaping ([(item: PushQueueItem, outcome: PushOutcome, badge: Int?)]) throws -> Summary) {
        self.results = results
        recording = BackgroundResult(on: queue) { try record(results) }
    }

    /// Blocks until the transaction ends; rethrows its error.
    func wait() throws -> Summary {
        try recording.wait()
    }
}
