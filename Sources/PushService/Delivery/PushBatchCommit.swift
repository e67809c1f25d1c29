import Foundation
import HubRuntime

/// One batch's outcomes being recorded on the worker's store queue while the next batch is
/// on the wire, so the connection does not sit idle during the transaction. The outcomes are
/// paired with their rows, recorded and counted there too: the sending thread only hands them
/// over.
final class PushBatchCommit: @unchecked Sendable {
    typealias Results = [(item: PushQueueItem, outcome: PushOutcome, badge: Int?)]

    /// How many outcomes the batch has.
    let count: Int
    private let recording: BackgroundResult<Void>

    /// Pairs each due push with its outcome (a cancelled push carries no badge), then `record`s
    /// them in one transaction.
    init(
        _ dues: [PushPassQueue.Due], outcomes: [PushOutcome], on queue: DispatchQueue,
        record: @escaping (Results) throws -> Void
    ) {
        count = dues.count
        recording = BackgroundResult(on: queue) {
            try record(
                zip(dues, outcomes).map { due, outcome in
                    if case .cancelled = outcome { return (due.item, outcome, nil) }
                    return (due.item, outcome, due.badge)
                })
        }
    }

    /// Blocks until the transaction ends; rethrows its error.
    func wait() throws {
        try recording.wait()
    }
}
