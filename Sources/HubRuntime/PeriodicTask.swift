import Foundation

/// Runs a task every `interval` seconds on its own thread until stopped; the first run
/// comes one interval after `start`. A run that throws is logged and the schedule goes on.
/// `stop()` returns promptly, after a run in progress has finished.
public final class PeriodicTask: @unchecked Sendable {
    private let name: String
    private let interval: TimeInterval
    private let logger: Logger
    private let task: () throws -> Int
    private let condition = NSCondition()
    private var stopping = false
    private var running = false
    private let finished = DispatchSemaphore(value: 0)

    public init(name: String, interval: TimeInterval, logger: Logger, task: @escaping () throws -> Int) {
        self.name = name
        self.interval = interval
        self.logger = logger
        self.task = task
    }

    public func start() {
        condition.lock()
        defer { condition.unlock() }
        guard !running, !stopping else { return }
        running = true
        Thread.named("job-\(name)") { self.loop() }.start()
    }

    public func stop() {
        condition.lock()
        let wait = running && !stopping
        stopping = true
        condition.broadcast()
        condition.unlock()
        if wait { finished.wait() }
    }

    private func loop() {
        while true {
            condition.lock()
            let deadline = Date().addingTimeInterval(interval)
            while !stopping && Date() < deadline { _ = condition.wait(until: deadline) }
            let stop = stopping
            condition.unlock()
            if stop { break }
            do {
                let processed = try task()
                logger.info("job done", ["job": name, "processed": processed])
            } catch {
                logger.error("job failed", ["job": name, "error": String(describing: error)])
            }
        }
        finished.signal()
    }
}
