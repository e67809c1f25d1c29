import Foundation
import XCTest

@testable import HubRuntime
@testable import IngestService

/// Issue 18: "no file under the data directory is readable by another user" — directories
/// 0700, files 0600, whatever the umask of the process that runs the daemons.
final class DataDirectoryModesTests: XCTestCase {
    private var savedUmask: mode_t = 0

    // A permissive umask, as in a shell, so only explicit modes keep things private.
    override func setUp() { savedUmask = umask(0o022) }
    override func tearDown() { umask(savedUmask) }

    /// Every path under `root` (itself included) that group or other may use, with its mode.
    static func openToOthers(under root: String) -> [String] {
        var found: [String] = []
        var paths = [root]
        while let path = paths.popLast() {
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            if info.st_mode & 0o077 != 0 { found.append(path + " " + String(info.st_mode & 0o777, radix: 8)) }
            if info.st_mode & S_IFMT == S_IFDIR {
                paths += ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).map { path + "/" + $0 }
            }
        }
        return found.sorted()
    }

    static func mode(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o777 : 0
    }

    func testAHubsStoresSocketsObjectsAndBackupsAreOpenToNobodyElse() throws {
        // Given a whole hub in this process under umask 022, with one project
        let community = try CommunityFixture()
        defer { community.shutdown() }
        try community.hub.start([.chatd, .pushd, .marketd, .asod])
        let root = community.hub.dataDirectory

        // When a report with a screenshot is stored and every store is backed up
        let report = try community.send(
            "POST", "/feedback",
            FeedbackSubmissionTests.report(
                ["screenshot": "data:image/png;base64," + FeedbackSubmissionScreenshotTests.png1x1]))
        XCTAssertEqual(report.status, 201, report.text)
        let backup = root + "/backup/first"
        XCTAssertEqual(BackupCommand.run(directory: backup, environment: ["APPNORTH_DATA_DIR": root]), 0)

        // Then the stores, sockets, screenshot and backups exist
        let objects = FileManager.default.enumerator(atPath: root + "/objects")?.allObjects as? [String] ?? []
        XCTAssertTrue(objects.contains { $0.hasSuffix(".png") }, "\(objects)")
        for daemon in DaemonName.allCases {
            XCTAssertTrue(FileManager.default.fileExists(atPath: "\(root)/\(daemon.rawValue).sqlite"))
            XCTAssertTrue(FileManager.default.fileExists(atPath: "\(root)/sock/\(daemon.rawValue).ipc"))
            XCTAssertTrue(FileManager.default.fileExists(atPath: "\(backup)/\(daemon.rawValue).sqlite"))
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/ingest.sqlite-wal"))
        // And none of them, nor any directory, grants group or other anything
        XCTAssertEqual(Self.openToOthers(under: root), [])
    }

    func testStartTightensADataDirectoryLeftOpen() throws {
        // Given a data directory, its log and run directories and their files left 0755/0644
        let hub = try HubHarness()
        defer { hub.shutdown() }
        let root = hub.dataDirectory
        try FileManager.default.createDirectory(
            atPath: root + "/log", withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o755])
        try FileManager.default.createDirectory(
            atPath: root + "/run", withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o755])
        chmod(root, 0o755)
        XCTAssertTrue(
            FileManager.default.createFile(
                atPath: root + "/log/chatd.log", contents: Data("{}\n".utf8),
                attributes: [.posixPermissions: 0o644]))
        XCTAssertTrue(
            FileManager.default.createFile(
                atPath: root + "/run/chatd.pid", contents: Data("1\n".utf8),
                attributes: [.posixPermissions: 0o640]))
        XCTAssertEqual(Self.mode(root + "/log/chatd.log"), 0o644)

        // When a daemon starts there
        try hub.start([.chatd])

        // Then directories are 0700 and files 0600, and the change was logged
        XCTAssertEqual(Self.mode(root), 0o700)
        XCTAssertEqual(Self.mode(root + "/log"), 0o700)
        XCTAssertEqual(Self.mode(root + "/run"), 0o700)
        XCTAssertEqual(Self.mode(root + "/log/chatd.log"), 0o600)
        XCTAssertEqual(Self.mode(root + "/run/chatd.pid"), 0o600)
        XCTAssertEqual(Self.openToOthers(under: root), [])
        XCTAssertTrue(hub.logSink.lines.contains { $0.contains("\"msg\":\"data directory permissions tightened\"") })
    }
}
