import Foundation
import TestSupport
import XCTest

@testable import HubRuntime
@testable import HubStore
@testable import IngestService

/// `ingest backup DIR` (what `deploy/appnorth backup DIR` runs): the daemons write only inside
/// the data directory, and the command still delivers the five copies into any DIR.
final class BackupCommandTests: XCTestCase {
    var hub: HubHarness!
    var outside: String!

    override func setUpWithError() throws {
        hub = try HubHarness()
        outside = temporaryDirectoryPath("appnorth-backups")
    }

    override func tearDown() { hub.shutdown() }

    func testCopiesReachADirectoryOutsideTheDataDirectoryWithoutTheKeyring() throws {
        // Given a running hub whose keyring was generated in its data directory
        try hub.start()
        XCTAssertTrue(FileManager.default.fileExists(atPath: hub.dataDirectory + "/keys/credentials.key"))
        let logs = MemoryLogSink()
        let target = outside + "/nightly/1"

        // When the operator backs up into a directory outside the data directory
        let status = BackupCommand.run(
            directory: target, environment: ["APPNORTH_DATA_DIR": hub.dataDirectory],
            logger: Logger(daemon: "backup", sink: logs))

        // Then the five stores are there with their manifest, private, and open with their owner's name
        XCTAssertEqual(status, 0, logs.lines.joined(separator: "\n"))
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: target).sorted(),
            (DaemonName.allCases.map { $0.rawValue + ".sqlite" } + ["manifest.json"]).sorted())
        let manifest = try BackupManifest.read(directory: target)
        XCTAssertEqual(manifest.problems(in: target), [])
        XCTAssertEqual(manifest.keyring.count, 1, "the generated keyring's one key is named")
        for daemon in DaemonName.allCases {
            let path = "\(target)/\(daemon.rawValue).sqlite"
            XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int, 0o600)
            let copy = try SQLiteDatabase(path: path)
            XCTAssertEqual(try copy.queryOne("SELECT value FROM daemon_meta WHERE key = 'daemon'")?.string("value"), daemon.rawValue)
            copy.close()
        }
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int, 0o700)
        // And nothing is left staged in the data directory
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: hub.dataDirectory + "/backup"), [])
        // And the log says the keyring is not in the backup and where it is
        let notice = try XCTUnwrap(logs.lines.first { $0.contains("\"msg\":\"keyring not in backup\"") })
        XCTAssertTrue(notice.contains(hub.dataDirectory + "/keys/credentials.key"), notice)
    }

    func testATargetInsideTheDataDirectoryMadeByAShellIsMadePrivate() throws {
        // Given a target the operator's shell made 0755 inside the data directory, as `mkdir -p` does
        try hub.start([.chatd])
        let target = hub.dataDirectory + "/backup/20261201T000000Z"
        try FileManager.default.createDirectory(
            atPath: target, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o755])
        chmod(hub.dataDirectory + "/backup", 0o755)

        // When a backup is made into it (the other daemons are down: their copies fail)
        _ = BackupCommand.run(
            directory: target, environment: ["APPNORTH_DATA_DIR": hub.dataDirectory],
            logger: Logger(daemon: "backup", sink: MemoryLogSink()))

        // Then the directories and the copy are private
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int, 0o700)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: hub.dataDirectory + "/backup")[.posixPermissions] as? Int, 0o700)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: target + "/chatd.sqlite")[.posixPermissions] as? Int, 0o600)
    }

    func testAnExistingCopyInTheTargetIsNotReplaced() throws {
        // Given a target that already holds a chatd copy
        try hub.start()
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: outside + "/chatd.sqlite", contents: Data("older".utf8)))

        // When a backup is made into it
        let status = BackupCommand.run(
            directory: outside, environment: ["APPNORTH_DATA_DIR": hub.dataDirectory],
            logger: Logger(daemon: "backup", sink: MemoryLogSink()))

        // Then it fails, the old file is untouched, and the other four copies were delivered
        XCTAssertEqual(status, 1)
        XCTAssertEqual(try String(contentsOfFile: outside + "/chatd.sqlite", encoding: .utf8), "older")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside).count, 5)
        XCTAssertFalse(FileManager.default.fileExists(atPath: outside + "/manifest.json"), "no manifest for an incomplete backup")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: hub.dataDirectory + "/backup"), [])
    }
}
