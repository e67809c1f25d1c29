import Foundation

/// Group commit for a store's writes: jobs queued by many request threads are run by one
/// writer thread, a batch at a time, inside one transaction, and completed only after that
/// transaction committed. A job that throws undoes only its own work (the batch is then run
/// again with a savepoint per job, so a job must be safe to run twice); a failed commit fails
/// the whole batch. One commit then carries many writes,
/// which is what makes concurrent writers fast on SQLite, while every acknowledged write
/// is still durable before its acknowledgement.
public final class WriteBatcher: @unchecked Sendable {
    private struct Job {
        let run: () throws -> Any
        let complete: (Result<Any, Error>) -> Void
    }

    public let db: SQLiteDatabase
    private let maxBatch: Int
    private let maxQueued: Int
    private let condition = NSCondition()
    private var queue: [Job] = []
    private var stopping = false
    private var started = false
    private let name: String
    private let finished = DispatchSemaphore(value: 0)

    /// The writer thread starts with the first job and keeps the batcher alive until `stop()`.
    public init(db: SQLiteDatabase, maxBatch: Int = 256, maxQueued: Int = 10_000, name: String = "store-writer") {
        self.db = db
        self.maxBatch = maxBatch
        self.maxQueued = maxQueued
        self.name = name
    }

    /// Queues `job`; `completion` runs on the writer thread after the commit (or the failure).
    /// A full queue fails at once with `WriteBatcherError.overloaded`, a stopped batcher with `.stopped`.
    public func submit<T>(_ job: @escaping () throws -> T, completion: @escaping (Result<T, Error>) -> Void) {
        condition.lock()
        if stopping || queue.count >= maxQueued {
            let error: WriteBatcherError = stopping ? .stopped : .overloaded
            condition.unlock()
            completion(.failure(error))
            return
        }
        queue.append(Job(run: { try job() as Any }, complete: { result in completion(result.map { $0 as! T }) }))
        if !started {
            started = true
            Thread.named(name) { self.loop() }.start()
        }
        condition.signal()
        condition.unlock()
    }

    /// Runs `job` through the batcher and waits for its commit: for callers on their own threads.
    public func perform<T>(_ job: @escaping () throws -> T) throws -> T {
        let done = DispatchSemaphore(value: 0)
        var outcome: Result<T, Error>!
        submit(job) { result in
            outcome = result
            done.signal()
        }
        done.wait()
        return try outcome.get()
    }

    /// Finishes what is queued, then stops the writer thread. Idempotent.
    public func stop() {
        condition.lock()
        let wait = !stopping && started
        stopping = true
        condition.signal()
        condition.unlock()
        if wait { finished.wait() }
    }

    private func loop() {
        while true {
            condition.lock()
            while queue.isEmpty && !stopping { condition.wait() }
            if queue.isEmpty && stopping {
                condition.unlock()
                finished.signal()
                return
            }
            let batch = Array(queue.prefix(maxBatch))
            queue.removeFirst(batch.count)
            condition.unlock()
            run(batch)
        }
    }

    private func run(_ batch: [Job]) {
        // First without a savepoint per job: nearly every batch commits this way. A job that
        // throws (or whose nested transaction throws) rolls the attempt back, and the batch
        // runs again below with a savepoint each, so a job may run twice: jobs only write to
        // the database (and repeat-safe object puts), never effects a second run would double.
        if let values = try? db.transactionWithoutSavepoints({ try batch.map { try $0.run() } }) {
            for (job, value) in zip(batch, values) { job.complete(.success(value)) }
            return
        }
        var results: [Result<Any, Error>] = []
        results.reserveCapacity(batch.count)
        do {
            try db.transaction {
                for job in batch {
                    do {
                        results.append(.success(try db.transaction { try job.run() }))
                    } catch {
                        results.append(.failure(error))
                    }
                }
            }
        } catch {
            results = batch.map { _ in .failure(error) }
        }
        for (job, result) in zip(batch, results) { job.complete(result) }
    }
}

public enum WriteBatcherError: Error, Equatable {
    case overloaded
    case stopped
}
