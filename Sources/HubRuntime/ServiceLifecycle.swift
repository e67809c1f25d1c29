import Foundation

/// SIGTERM/SIGINT handling for a daemon: the signals are blocked in every thread and taken
/// with `sigwait` on a dedicated thread, so no work runs inside a signal handler. On the
/// first signal the shutdown steps run in reverse order of registration (stop accepting
/// first, close the store last) and `wait()` returns.
public final class ServiceLifecycle: @unchecked Sendable {
    private let logger: Logger
    private let lock = NSLock()
    private var steps: [(String, () -> Void)] = []
    private let done = DispatchSemaphore(value: 0)
    private var triggered = false

    public init(logger: Logger) { self.logger = logger }

    /// Blocks SIGTERM, SIGINT and SIGPIPE in the calling thread and every thread it creates
    /// later. Call first thing in `main`, before any thread exists.
    public static func blockTerminationSignals() {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGTERM)
        sigaddset(&set, SIGINT)
        pthread_sigmask(SIG_BLOCK, &set, nil)
        signal(SIGPIPE, SIG_IGN)
    }

    /// Adds a step to run at shutdown. Steps run last-registered first.
    public func onShutdown(_ name: String, _ step: @escaping () -> Void) {
        lock.withLock { steps.append((name, step)) }
    }

    /// Starts the thread that waits for SIGTERM or SIGINT.
    public func listenForSignals() {
        let thread = Thread.named("signals") { [weak self] in
            var set = sigset_t()
            sigemptyset(&set)
            sigaddset(&set, SIGTERM)
            sigaddset(&set, SIGINT)
            var received: Int32 = 0
            sigwait(&set, &received)
            self?.shutdown(reason: received == SIGTERM ? "SIGTERM" : "SIGINT")
        }
        thread.start()
    }

    /// Runs the shutdown steps once; later calls do nothing.
    public func shutdown(reason: String) {
        let toRun: [(String, () -> Void)]? = lock.withLock {
            if triggered { return nil }
            triggered = true
            return steps.reversed()
        }
        guard let toRun else { return }
        logger.info("shutting down", ["reason": reason])
        for (name, step) in toRun {
            let started = Date()
            step()
            logger.debug("shutdown step done", ["step": name, "ms": Int(Date().timeIntervalSince(started) * 1000)])
        }
        done.signal()
    }

    /// Blocks until shutdown has finished.
    public func wait() { done.wait() }
}
