import Foundation
import Shared

/// `ingest backup DIR`: asks every daemon of the shard for an online backup of its store
/// into DIR and prints one JSON line per daemon. Exit status 0 only if all five succeeded.
public enum BackupCommand {
    public static func run(directory: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> Int32 {
        let logger = Logger(daemon: "backup")
        do {
            let config = try HubConfig(environment: environment)
            let clock = SystemClock()
            var failures = 0
            for daemon in DaemonName.allCases {
                let client = try RPCClient(peer: daemon.rawValue, endpoint: config.endpoint(for: daemon), clock: clock,
                                           logger: logger, defaultTimeout: 600)
                defer { client.close() }
                switch client.call(SysBackup.self, SysBackup.Request(directory: directory)) {
                case let .success(done):
                    print("{\"daemon\":\(JSONText.quoted(daemon.rawValue)),\"path\":\(JSONText.quoted(done.path)),\"bytes\":\(done.bytes)}")
                case let .failure(error):
                    failures += 1
                    print("{\"daemon\":\(JSONText.quoted(daemon.rawValue)),\"error\":\(JSONText.quoted(error.code)),\"message\":\(JSONText.quoted(error.message))}")
                }
            }
            return failures == 0 ? 0 : 1
        } catch {
            logger.error("backup failed", ["error": String(describing: error)])
            return 1
        }
    }
}
