import Foundation
import HubCrypto
import HubDaemon
import HubRuntime

/// `ingest verify-backup DIR`: every store file in DIR against the manifest (size, SHA-256),
/// then whether the keyring present opens the backup's sealed secrets. One JSON line per
/// problem or store; exit 0 when the files match, 1 when any does not (each named). A
/// keyring that cannot open them is said loudly but is no failure: the stores are sound, and
/// the operator may put the right keyring in place after restoring. (Each store's integrity
/// and migrations are checked by its own daemon's `check-store`, which knows its migrations.)
public enum VerifyBackupCommand {
    public static func run(
        directory: String, environment: [String: String] = ProcessInfo.processInfo.environment,
        logger: Logger = Logger(daemon: "backup")
    ) -> Int32 {
        defer { logger.flush() }
        let manifest: BackupManifest
        do {
            manifest = try BackupManifest.read(directory: directory)
        } catch let error as BackupManifestError {
            print("{\"error\":\(JSONText.quoted(error.code)),\"message\":\(JSONText.quoted(error.description))}")
            return 1
        } catch {
            print("{\"error\":\"BACKUP_MANIFEST_UNREADABLE\",\"message\":\(JSONText.quoted("\(error)"))}")
            return 1
        }
        let problems = manifest.problems(in: directory)
        for problem in problems {
            print("{\"error\":\(JSONText.quoted(problem.code)),\"message\":\(JSONText.quoted(problem.description))}")
        }
        if problems.isEmpty {
            for store in manifest.stores {
                print(
                    "{\"daemon\":\(JSONText.quoted(store.daemon)),\"file\":\(JSONText.quoted(store.file)),\"bytes\":\(store.bytes),"
                        + "\"migrationLevel\":\(store.migrationLevel),\"sha256\":\"ok\"}")
            }
        }
        reportKeyring(manifest, environment: environment)
        return problems.isEmpty ? 0 : 1
    }

    private static func reportKeyring(_ manifest: BackupManifest, environment: [String: String]) {
        let config = try? HubConfig(environment: environment)
        let dataDirectory = config?.dataDirectory ?? environment["APPNORTH_DATA_DIR"] ?? "./data"
        let keyringSource = config?.credentialsKey != nil ? Keyring.environmentVariable : HubKeyring.path(dataDirectory: dataDirectory)
        let present = try? HubKeyring.existing(credentialsKey: config?.credentialsKey, dataDirectory: dataDirectory)
        switch manifest.keyringMatch(present) {
        case .noneNeeded:
            print("{\"keyring\":\"none needed\"}")
        case .opens(let needed):
            print("{\"keyring\":\"ok\",\"needs\":\(JSONText.quoted(needed.joined(separator: ",")))}")
        case .cannotOpen(let needed, let missing, let present):
            print(
                "{\"keyring\":\"cannot open\",\"needs\":\(JSONText.quoted(needed.joined(separator: ","))),"
                    + "\"missing\":\(JSONText.quoted(missing.joined(separator: ","))),\"present\":\(JSONText.quoted(present.joined(separator: ",")))}"
            )
            FileHandle.standardError.write(
                Data(
                    ("WARNING: the keyring at \(keyringSource) (\(present.isEmpty ? "none" : present.joined(separator: ",")))"
                        + " cannot open this backup's sealed secrets: it needs key \(missing.joined(separator: ",")). Put the keyring"
                        + " the backup was taken with there (or in \(Keyring.environmentVariable)) before starting the hub, or the"
                        + " secrets sealed under that key answer CREDENTIALS_UNREADABLE.\n").utf8))
        }
    }
}
