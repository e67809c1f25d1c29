import Foundation

/// How the kernel schedules a daemon's threads (`APPNORTH_CPU_SCHEDULING`).
///
/// A daemon's threads hand work to one another: an HTTP worker queues a write and the writer
/// commits it, the writer's completion wakes the HTTP worker that answers it, a commit wakes
/// the checkpointer. Under Linux's default policy a woken thread that has slept more than the
/// running one preempts it at once, so the writer, the one thread every acknowledged write
/// waits for, is taken off the CPU each time it wakes a worker, and each reply costs two
/// context switches. `batch` (`SCHED_BATCH`, the default) keeps the same fair shares and
/// time slices but does not preempt on wake-up: the woken thread runs on an idle CPU at once,
/// or when the running thread blocks or its slice ends. `normal` (`SCHED_OTHER`) is Linux's
/// default, for a machine where the hub's reply latency must win over its throughput.
/// Neither needs a privilege, and both keep the threads' nice value.
public enum CPUScheduling: String, Sendable {
    case batch
    case normal

    /// `SCHED_BATCH` and `SCHED_OTHER` of `<linux/sched.h>` (Glibc declares `SCHED_BATCH` only
    /// under `_GNU_SOURCE`, which Swift's Glibc module does not define).
    public var policy: Int32 {
        switch self {
        case .batch: return 3
        case .normal: return 0
        }
    }

    /// The setting of `APPNORTH_CPU_SCHEDULING` (unset: `batch`).
    public static func parse(_ raw: String?) throws -> CPUScheduling {
        guard let raw else { return .batch }
        guard let value = CPUScheduling(rawValue: raw) else {
            throw ConfigError.invalid(name: "APPNORTH_CPU_SCHEDULING", value: raw, reason: "expected batch or normal")
        }
        return value
    }

    /// Puts every thread of this process under this policy; threads created afterwards inherit
    /// it from their creator. Call early in `main`, before the daemon starts its threads.
    /// Returns the threads it could not change, with the error of each (none on Linux unless a
    /// sandbox forbids `sched_setscheduler`).
    @discardableResult
    public func apply() -> [(thread: Int32, error: SystemCallError)] {
        var failures: [(thread: Int32, error: SystemCallError)] = []
        var parameter = sched_param(sched_priority: 0)
        for thread in CPUScheduling.threads() where sched_setscheduler(thread, policy, &parameter) != 0 {
            // A thread that ended since the directory was listed is not a failure.
            if errno != ESRCH { failures.append((thread, SystemCallError(operation: "sched_setscheduler", errno: errno))) }
        }
        return failures
    }

    /// The ids of this process's threads, from `/proc/self/task` (0, the calling thread, when
    /// it cannot be read).
    public static func threads() -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        let threads = names.compactMap { Int32($0) }
        return threads.isEmpty ? [0] : threads.sorted()
    }
}
