import Foundation

/// A daemon's scheduled jobs: each runs on a schedule and on demand (`jobs.run`, which
/// ingest's `POST /jobs/{name}/run` forwards), never two passes of one job at once, and never
/// on the RPC server's thread, so the daemon keeps answering while a pass runs.
///
///     context.jobs.add(name: "push", interval: config.pushInterval) { try worker.runPass() }
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

    /// Registers `jobs.run` on the daemon's RPC server; made by `DaemonContext.jobs`.
    init(context: DaemonContext) {
        self.context = context
        context.rpc.registerDeferred(JobRun.self) { [self] request, _, reply in
            guard let job = lock.withLock({ jobs[request.name] }) else {
                let known = lock.withLock { jobs.keys.sorted() }.joined(separator: ", ")
                throw RPCError(code: JobRun.unknownJobCode,
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
        context.lifecycle.onShutdown("job \(name)") {
            schedule?.stop()
            job.queue.sync {}
        }
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
