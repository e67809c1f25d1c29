import Foundation
import XCTest

@testable import HubCrypto
@testable import HubRuntime
@testable import HubStore
@testable import IngestService

/// The manifest `backup` writes and `restore` / `backup --verify` check against.
final class BackupManifestTests: XCTestCase {
    private var directory = ""
    private let keyring = try! Keyring(spec: "v1:" + String(repeating: "ab", count: 32))

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "backup-manifest-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        // Five small stores, as a backup holds them
        for daemon in DaemonName.allCases {
            let db = try StoreOpener.open(
                path: "\(directory)/\(daemon.rawValue).sqlite",
                migrations: [
                    Migration(name: "0001_a", sql: "CREATE TABLE a (id INTEGER PRIMARY KEY, v TEXT)"),
                    Migration(name: "0002_b", sql: "CREATE TABLE b (id INTEGER PRIMARY KEY)"),
                ], logger: nil)
            try db.run("INSERT INTO a (v) VALUES (?)", [.text(daemon.rawValue)])
            db.close()
        }
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func path(_ daemon: DaemonName) -> String { "\(directory)/\(daemon.rawValue).sqlite" }

    private func flipByte(in path: String, at offset: UInt64) throws {
        let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: path))
        try handle.seek(toOffset: offset)
        let byte = try XCTUnwrap(handle.readData(ofLength: 1).first)
        try handle.seek(toOffset: offset)
        handle.write(Data([byte ^ 0x01]))
        try handle.close()
    }

    func testAWrittenManifestDescribesEveryStoreAndMatchesItsFiles() throws {
        // When a manifest is made and written
        let made = try BackupManifest.make(directory: directory, keyring: keyring)
        try made.write(to: directory)
        let read = try BackupManifest.read(directory: directory)
        // Then it reads back the same, lists the five stores with level, size and SHA-256, and matches
        XCTAssertEqual(read, made)
        XCTAssertEqual(read.version, AppNorth.version)
        XCTAssertEqual(read.stores.map(\.daemon), DaemonName.allCases.map(\.rawValue))
        let chatd = try XCTUnwrap(read.stores.first { $0.daemon == "chatd" })
        XCTAssertEqual(chatd.migrationLevel, 2)
        XCTAssertEqual(chatd.lastMigration, "0002_b")
        XCTAssertEqual(chatd.sha256, try SHA256.hexOfFile(path(.chatd)))
        XCTAssertEqual(chatd.bytes, (try FileManager.default.attributesOfItem(atPath: path(.chatd))[.size] as? NSNumber)?.int64Value)
        XCTAssertEqual(read.problems(in: directory), [])
        // And it names the key, never holds it
        XCTAssertEqual(read.keyring, keyring.keyIDs)
        let text = try String(contentsOfFile: directory + "/manifest.json", encoding: .utf8)
        XCTAssertFalse(text.contains(String(repeating: "ab", count: 32)))
    }

    func testOneFlippedByteIsAChecksumMismatchNamingThatFileAlone() throws {
        // Given a manifest, then one byte of pushd's file flipped
        let manifest = try BackupManifest.make(directory: directory, keyring: keyring)
        try flipByte(in: path(.pushd), at: 3000)
        // Then only that file is named
        XCTAssertEqual(manifest.problems(in: directory), [.checksumMismatch(path: path(.pushd))])
        // And flipped back, the backup matches again
        try flipByte(in: path(.pushd), at: 3000)
        XCTAssertEqual(manifest.problems(in: directory), [])
    }

    func testASizeChangeAndAMissingFileAreNamed() throws {
        let manifest = try BackupManifest.make(directory: directory, keyring: keyring)
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path(.asod)))
        try handle.seekToEnd()
        handle.write(Data([0]))
        try handle.close()
        unlink(path(.marketd))
        let size = (try FileManager.default.attributesOfItem(atPath: path(.asod))[.size] as? NSNumber)?.int64Value ?? 0
        XCTAssertEqual(
            manifest.problems(in: directory),
            [.fileMissing(path: path(.marketd)), .sizeMismatch(path: path(.asod), expected: size - 1, actual: size)])
    }

    func testAManifestWithoutOneDaemonsStoreIsNotAWholeBackup() throws {
        let full = try BackupManifest.make(directory: directory, keyring: keyring)
        let partial = BackupManifest(
            createdAt: full.createdAt, version: full.version, stores: full.stores.filter { $0.daemon != "asod" }, keyring: full.keyring)
        XCTAssertEqual(partial.problems(in: directory), [.storeNotListed(daemon: "asod")])
    }

    func testAMissingOrForeignManifestIsNamed() throws {
        XCTAssertThrowsError(try BackupManifest.read(directory: directory)) { error in
            XCTAssertEqual((error as? BackupManifestError)?.code, "BACKUP_MANIFEST_MISSING")
        }
        try Data("{\"not\":\"a manifest\"}".utf8).write(to: URL(fileURLWithPath: directory + "/manifest.json"))
        XCTAssertThrowsError(try BackupManifest.read(directory: directory)) { error in
            XCTAssertEqual((error as? BackupManifestError)?.code, "BACKUP_MANIFEST_UNREADABLE")
        }
    }

    func testTheKeyringPresentOpensTheBackupOnlyWithTheKeyItNeeds() throws {
        let manifest = try BackupManifest.make(directory: directory, keyring: keyring)
        // The same key, and a rotated keyring that still holds it, open it
        XCTAssertEqual(manifest.keyringMatch(keyring), .opens(needed: keyring.keyIDs))
        let rotated = try Keyring(spec: "v2:\(String(repeating: "cd", count: 32)),v1:\(String(repeating: "ab", count: 32))")
        XCTAssertEqual(manifest.keyringMatch(rotated), .opens(needed: keyring.keyIDs))
        // Another hub's generated key of the same version, or none, cannot
        let other = try Keyring(spec: "v1:" + String(repeating: "ef", count: 32))
        XCTAssertEqual(
            manifest.keyringMatch(other), .cannotOpen(needed: keyring.keyIDs, missing: keyring.keyIDs, present: other.keyIDs))
        XCTAssertEqual(manifest.keyringMatch(nil), .cannotOpen(needed: keyring.keyIDs, missing: keyring.keyIDs, present: []))
        // And a backup taken without a keyring needs none
        XCTAssertEqual(try BackupManifest.make(directory: directory, keyring: nil).keyringMatch(nil), .noneNeeded)
    }
}
