import Foundation
import HubRuntime

/// The whole `main` of a daemon process: config, clock, logger, daemon, signals, exit 0; or,
/// with `check-store FILE`, only the check of a store file against this build (`StoreCheckCommand`).
public enum DaemonMain {
    public static func run(_ spec: DaemonSpec, environment: [String: String] = ProcessInfo.processInfo.environment) -> Never {
        // Whatever the daemon or libzmq creates is private to the hub's user (files 0600, directories 0700).
        umask(0o077)
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "check-store" {
            guard arguments.count == 2 else {
                FileHandle.standardError.write(Data("usage: \(spec.name.rawValue) check-store FILE\n".utf8))
                exit(2)
            }
            exit(StoreCheckCommand.run(spec, path: arguments[1]))
        }
        ServiceLifecycle.blockTerminationSignals()
        let fallback = Logger(daemon: spec.name.rawValue)
        do {
            let config = try HubConfig(environment: environment)
            let clock = try ClockFactory.fromEnvironment(environment)
            let logger = Logger(daemon: spec.name.rawValue, level: config.logLevel, clock: clock)
            // Before the daemon starts its threads, which inherit the policy.
            for failure in config.cpuScheduling.apply() {
                logger.warn(
                    "could not set the thread's CPU scheduling",
                    [
                        "thread": String(failure.thread), "scheduling": config.cpuScheduling.rawValue,
                        "error": String(describing: failure.error),
                    ])
            }
            let daemon = try Daemon(spec: spec, config: config, clock: clock, logger: logger)
            try daemon.start()
            daemon.lifecycle.listenForSignals()
            daemon.lifecycle.wait()
            logger.info("stopped")
            logger.flush()
            exit(0)
        } catch {
            fallback.error("could not start", ["error": String(describing: error)])
            fallback.flush()
            exit(1)
        }
    }
}
