import Foundation
import HubCrypto
import HubDaemon
import HubMessaging
import HubRuntime
import HubStore

/// `ingest backup DIR`: asks every daemon of the shard for an online backup of its store and
/// prints one JSON line per daemon. Daemons write only inside the data directory, so they
/// write into a staging directory under `$APPNORTH_DATA_DIR/backup/` and this command moves
/// the copies into DIR, wherever it is; the copy of a daemon on another host stays in that
/// host's staging directory (logged). Exit status 0 only if all five succeeded, and then DIR
/// also holds `manifest.json` (`BackupManifest`).
///
/// The keyring is never part of a backup; the command says so in its log every time.
public enum BackupCommand {
    public static func run(
        directory: String, environment: [String: String] = ProcessInfo.processInfo.environment,
        logger: Logger = Logger(daemon: "backup")
    ) -> Int32 {
        defer { logger.flush() }
        do {
            let config = try HubConfig(environment: environment)
            let clock = SystemClock()
            let staging = config.dataDirectory + "/backup/.staging-" + TimeSortableID.shared.next()
            try DataDirectory.makeDirectories(directory)
            // DIR may have been made by a shell with a looser umask; inside the data directory it is private too.
            try DataDirectory.secure(config.dataDirectory, objectStoreDirectory: config.objectStoreDirectory, logger: logger)
            defer { rmdir(staging) }
            var failures = 0
            for daemon in DaemonName.allCases {
                let client = try RPCClient(peer: daemon, config: config, clock: clock, logger: logger, defaultTimeout: 600)
                defer { client.close() }
                let moved = client.call(SysBackup.self, SysBackup.Request(directory: staging)).flatMap { done in
                    // A daemon on another host (tcp://) wrote into its own data directory: its copy stays there.
                    guard FileManager.default.fileExists(atPath: done.path) else {
                        logger.info("backup left on the daemon's host", ["daemon": daemon.rawValue, "path": done.path])
                        return .success(done)
                    }
                    do {
                        return .success(SysBackup.Response(path: try DataDirectory.moveFile(done.path, into: directory), bytes: done.bytes))
                    } catch {
                        unlink(done.path)
                        return .failure(RPCError(code: SysBackup.failed, message: "\(error)", status: 409))
                    }
                }
                switch moved {
                case .success(let done):
                    print("{\"daemon\":\(JSONText.quoted(daemon.rawValue)),\"path\":\(JSONText.quoted(done.path)),\"bytes\":\(done.bytes)}")
                case .failure(let error):
                    failures += 1
                    print(
                        "{\"daemon\":\(JSONText.quoted(daemon.rawValue)),\"error\":\(JSONText.quoted(error.code)),\"message\":\(JSONText.quoted(error.message))}"
                    )
                }
            }
            if failures == 0 { try writeManifest(directory, config: config, logger: logger) }
            let keyring = config.credentialsKey == nil ? HubKeyring.path(dataDirectory: config.dataDirectory) : Keyring.environmentVariable
            logger.warn(
                "keyring not in backup",
                [
                    "keyring": keyring,
                    "advice": "keep a copy apart: without it the sealed secrets in this backup cannot be opened",
                ])
            return failures == 0 ? 0 : 1
        } catch {
            logger.error("backup failed", ["error": String(describing: error)])
            return 1
        }
    }

    /// `ingest backup --offline DIR`: the same copy and manifest taken from the store files
    /// themselves while no daemon runs (`deploy/appnorth up` before it migrates a store).
    public static func runOffline(
        directory: String, environment: [String: String] = ProcessInfo.processInfo.environment,
        logger: Logger = Logger(daemon: "backup")
    ) -> Int32 {
        defer { logger.flush() }
        do {
            let config = try HubConfig(environment: environment)
            try DataDirectory.makeDirectories(directory)
            for daemon in DaemonName.allCases {
                // Opening a missing store would make an empty one in the data directory.
                guard FileManager.default.fileExists(atPath: config.storePath(for: daemon)) else {
                    throw StoreCheckError.missing(path: config.storePath(for: daemon))
                }
                let db = try SQLiteDatabase(path: config.storePath(for: daemon))
                defer { db.close() }
                let path = directory + "/" + daemon.rawValue + ".sqlite"
                try db.backup(to: path)
                print("{\"daemon\":\(JSONText.quoted(daemon.rawValue)),\"path\":\(JSONText.quoted(path))}")
            }
            try writeManifest(directory, config: config, logger: logger)
            return 0
        } catch {
            logger.error("backup failed", ["error": String(describing: error)])
            return 1
        }
    }

    /// The manifest names the keys the copy needs, read without making one.
    static func writeManifest(_ directory: String, config: HubConfig, logger: Logger) throws {
        let keyring = try HubKeyring.existing(credentialsKey: config.credentialsKey, dataDirectory: config.dataDirectory)
        let manifest = try BackupManifest.make(directory: directory, keyring: keyring)
        try manifest.write(to: directory)
        logger.info(
            "backup manifest written",
            ["path": directory + "/" + BackupManifest.fileName, "keyring": manifest.keyring.joined(separator: ",")])
    }
}
