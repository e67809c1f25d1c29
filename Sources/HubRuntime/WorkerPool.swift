import Foundation

/// A few threads of its own running jobs in the order they came, for work too heavy for the
/// thread that asks (decoding images on one of ingest's two HTTP threads). Bounded: with every
/// thread busy and `maxQueued` jobs waiting, `submit` refuses at once, so the caller answers
/// 503 instead of letting work and memory pile up.
public final class WorkerPool: @unchecked Sendable {
    public let name: String
    public let threads: Int
    public let maxQueued: Int
    private let condition = NSCondition()
    private var waiting: [() -> Void] = []
    private var running = 0
    private var started = false
    private var stopping = false
    private let finished = DispatchGroup()

    /// The threads start with the first job.
    public init(name: String, threads: Int, maxQueued: Int) {
        precondition(threads > 0 && maxQueued >= 0, "a worker pool needs a thread")
        self.name = name
        self.threads = threads
        self.maxQueued = maxQueued
    }

    /// Queues `job`; false, without running it, when the pool is full or stopped.
    public func submit(_ job: @escaping () -> Void) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !stopping, running + waiting.count < threads + maxQueued else { return false }
        waiting.append(job)
        if !started {
            started = true
            for i in 0..<threads {
                finished.enter()
                let thread = Thread.named(threads == 1 ? name : "\(name)-\(i)") { [self] in
                    loop()
                    finished.leave()
                }
                thread.start()
            }
        }
        condition.signal()
        return true
    }

    /// Jobs running and jobs waiting for a thread.
    public var load: (running: Int, waiting: Int) { condition.withLock { (running, waiting.count) } }

    /// Refuses new jobs, lets the queued ones run, and returns when the threads have ended.
    public func stop() {
        condition.withLock {
            stopping = true
            condition.broadcast()
        }
        finished.wait()
    }

    private func loop() {
        while true {
            condition.lock()
            while waiting.isEmpty && !stopping { condition.wait() }
            if waiting.isEmpty {
                condition.unlock()
                return
            }
            let job = waiting.removeFirst()
            running += 1
            condition.unlock()
            job()
            condition.withLock { running -= 1 }
        }
    }
}
