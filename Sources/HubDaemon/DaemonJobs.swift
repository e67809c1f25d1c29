import Foundation
import HubMessaging
import HubRuntime

/// A daemon's scheduled jobs: each runs on a schedule and on demand (`jobs.run`, which
/// ingest's `POST /jobs/{name}/run` forwards), never two passes of one job at once, and never
/// on the RPC server's thread, so the daemon keeps answering while a pass runs.
///
///     context.jobs.add(name: "push", interval: config.pushInterval) { try worker.runPass() }
///
/// Work that arrives between passes can wake a job at once with `trigger`, so the schedule
/// only paces retries and housekeeping.
///
/// Use the daemon's one instance, `DaemonContext.jobs`: a second instance would take over
/// `jobs.run` and hide the first one's jobs.
public final class DaemonJobs: @unchecked Sendable {
    private struct Job {
        let queue: DispatchQueue
        let pass: () throws -> Int
    }

    private let context: DaemonContext
    private let lock = NSLock()
    private var jobs: [String: Job] = [:]
    /// Jobs with a woken pass queued that has not started yet.
    private var woken: Set<String> = []
    /// Jobs shutting down: no wake queues a pass any more.
    private var stopped: Set<String> = []

    /// Registers `jobs.run` on the daemon's RPC server; made by `DaemonContext.jobs`.
    init(context: DaemonContext) {
        self.context = context
        context.rpc.registerDeferred(JobRun.self) { [self] request, _, reply in
            guard let job = lock.withLock({ jobs[request.name] }) else {
                let known = lock.withLock { jobs.keys.sorted() }.joined(separator: ", ")
                throw RPCError(
                    code: JobRun.unknownJobCode,
                    message: "No job named \(JSONText.quoted(request.name)) runs in \(context.name.rawValue); available: \(known).",
                    status: 404)
            }
            job.queue.async { reply(Self.outcome(of: job.pass)) }
        }
    }

    /// Adds a job. With an `interval`, a pass also runs every `interval` seconds from start
    /// until shutdown (one interval after start first); the on-demand and scheduled passes
    /// share one queue, so they never overlap.
    public func add(name: String, interval: TimeInterval?, pass: @escaping () throws -> Int) {
        let job = Job(queue: DispatchQueue(label: "job-\(name)"), pass: pass)
        lock.withLock { jobs[name] = job }
        var schedule: PeriodicTask?
        if let interval, interval > 0 {
            schedule = PeriodicTask(name: name, interval: interval, logger: context.logger) {
                try job.queue.sync(execute: job.pass)
            }
            schedule?.start()
        }
        // A pass in progress finishes before the store closes.
        context.lifecycle.onShutdown("job \(name)") { [self] in
            lock.withLock { _ = stopped.insert(name) }
            schedule?.stop()
            job.queue.sync {}
        }
    }

    /// Asks for a pass of `name` as soon as its queue is free, without waiting for it. Wakes
    /// coalesce: while a woken pass is queued and has not started, another wake adds nothing
    /// (that pass will see the new work); a wake during a running pass queues exactly one more,
    /// since the running one may have read its work before the new work committed. Returns
    /// whether this call queued a pass; an unknown or stopping job is not woken.
    @discardableResult
    public func trigger(_ name: String) -> Bool {
        let job: Job? = lock.withLock {
            guard let job = jobs[name], !stopped.contains(name), woken.insert(name).inserted else { return nil }
            return job
        }
        guard let job else { return false }
        job.queue.async { [self] in
            let proceed = lock.withLock {
                woken.remove(name)
                return !stopped.contains(name)
            }
            guard proceed else { return }
            do {
                let processed = try job.pass()
                context.logger.debug("job done", ["job": name, "processed": processed, "woken": true])
            } catch {
                context.logger.error("job failed", ["job": name, "error": String(describing: error), "woken": true])
            }
        }
        return true
    }

    private static func outcome(of pass: () throws -> Int) -> Result<JobRun.Response, RPCError> {
        do {
            return .success(JobRun.Response(processed: try pass()))
        } catch let error as RPCError {
            return .failure(error)
        } catch {
            return .failure(.internal("job failed: \(error)"))
        }
    }
}
