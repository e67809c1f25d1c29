import Foundation
import HubCrypto
import HubRuntime
import HubStore

/// `manifest.json` beside a backup's store files: when and by which build it was taken, each
/// store's migration level, size and SHA-256, and the IDs of the keyring keys its sealed
/// secrets need (`Keyring.keyIDs`, never a key). Restore trusts a copy only once every file
/// matches it.
public struct BackupManifest: Codable, Equatable, Sendable {
    public static let fileName = "manifest.json"

    public struct Store: Codable, Equatable, Sendable {
        public let daemon: String
        public let file: String
        public let bytes: Int64
        public let sha256: String
        public let migrationLevel: Int
        public let lastMigration: String
    }

    public let createdAt: String
    public let version: String
    public let stores: [Store]
    /// Sealing key first; empty when the hub had no keyring.
    public let keyring: [String]

    /// Describes the store files of every daemon in `directory`, which must all be there and sound.
    public static func make(directory: String, keyring: Keyring?, clock: Clock = SystemClock()) throws -> BackupManifest {
        var stores: [Store] = []
        for daemon in DaemonName.allCases {
            let file = daemon.rawValue + ".sqlite"
            let path = directory + "/" + file
            let inspection = try StoreInspection.inspect(path: path)
            guard inspection.integrity == ["ok"] else { throw StoreCheckError.integrityCheckFailed(path: path, rows: inspection.integrity) }
            stores.append(
                Store(
                    daemon: daemon.rawValue, file: file, bytes: try size(path), sha256: try SHA256.hexOfFile(path),
                    migrationLevel: inspection.level, lastMigration: inspection.migrations.last ?? ""))
        }
        return BackupManifest(
            createdAt: ISOTime.format(clock.now()), version: AppNorth.version, stores: stores, keyring: keyring?.keyIDs ?? [])
    }

    public func write(to directory: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try DataDirectory.writeNewFile(directory + "/" + Self.fileName, Array(try encoder.encode(self)) + [0x0A])
    }

    public static func read(directory: String) throws -> BackupManifest {
        let path = directory + "/" + fileName
        guard let data = FileManager.default.contents(atPath: path) else { throw BackupManifestError.missingManifest(path: path) }
        do {
            return try JSONDecoder().decode(BackupManifest.self, from: data)
        } catch {
            throw BackupManifestError.unreadableManifest(path: path)
        }
    }

    /// Every way the files in `directory` differ from this manifest, each naming its file;
    /// empty when all five stores are there with the recorded size and SHA-256.
    public func problems(in directory: String) -> [BackupManifestError] {
        var problems: [BackupManifestError] = []
        for daemon in DaemonName.allCases where !stores.contains(where: { $0.daemon == daemon.rawValue }) {
            problems.append(.storeNotListed(daemon: daemon.rawValue))
        }
        for store in stores {
            let path = directory + "/" + store.file
            guard store.file == (store.file as NSString).lastPathComponent, let bytes = try? Self.size(path) else {
                problems.append(.fileMissing(path: path))
                continue
            }
            guard bytes == store.bytes else {
                problems.append(.sizeMismatch(path: path, expected: store.bytes, actual: bytes))
                continue
            }
            guard let digest = try? SHA256.hexOfFile(path), digest == store.sha256 else {
                problems.append(.checksumMismatch(path: path))
                continue
            }
        }
        return problems
    }

    /// Whether `present` (the keyring the hub would use now) holds every key this backup needs.
    public func keyringMatch(_ present: Keyring?) -> KeyringMatch {
        guard !keyring.isEmpty else { return .noneNeeded }
        let presentIDs = present?.keyIDs ?? []
        let missing = keyring.filter { !presentIDs.contains($0) }
        guard missing.isEmpty else { return .cannotOpen(needed: keyring, missing: missing, present: presentIDs) }
        return .opens(needed: keyring)
    }

    private static func size(_ path: String) throws -> Int64 {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw DataDirectoryError.io(operation: "stat", path: path, errno: errno)
        }
        return Int64(info.st_size)
    }
}
