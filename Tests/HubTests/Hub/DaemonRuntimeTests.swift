import Foundation
import TestSupport
import XCTest

@testable import ChatService
@testable import HubMessaging
@testable import HubRuntime
@testable import HubStore

final class DaemonRuntimeTests: XCTestCase {
    var hub: HubHarness!

    override func setUpWithError() throws { hub = try HubHarness() }
    override func tearDown() { hub.shutdown() }

    func testSysPingReportsNameVersionUptimeAndStore() throws {
        // Given chatd running
        try hub.start([.chatd])
        let client = try hub.client(of: .chatd)
        defer { client.close() }
        // When pinged
        let pong = try client.call(SysPing.self, RPCEmpty(), timeout: 2).get()
        // Then it names itself, its version, a non-negative uptime and a healthy store
        XCTAssertEqual(pong.name, "chatd")
        XCTAssertEqual(pong.version, AppNorth.version)
        XCTAssertGreaterThanOrEqual(pong.uptimeSeconds, 0)
        XCTAssertEqual(pong.store, "ok")
    }

    func testMigrationsAreAppliedOnceAcrossRestarts() throws {
        // Given chatd started once and stopped
        try hub.start([.chatd])
        hub.stopDaemon(.chatd)
        // When it starts again on the same file
        try hub.start([.chatd])
        // Then each migration is recorded exactly once and the ownership row was not duplicated
        let store = hub.daemons[.chatd]!.context.store
        let names = try store.query("SELECT name FROM schema_migrations ORDER BY seq").compactMap { $0.string("name") }
        XCTAssertEqual(names, ChatDaemon.migrations.map(\.name))
        XCTAssertEqual(try store.queryOne("SELECT count(*) AS n FROM daemon_meta WHERE key = 'daemon'")?.int("n"), 1)
        XCTAssertTrue(hub.logSink.lines.contains { $0.contains("\"msg\":\"store opened\"") })
    }

    func testAStoreOfAnotherDaemonIsRefused() throws {
        // Given pushd's file copied where chatd expects its own
        try hub.start([.pushd])
        hub.stopDaemon(.pushd)
        try FileManager.default.copyItem(atPath: hub.config.storePath(for: .pushd), toPath: hub.config.storePath(for: .chatd))
        // Then chatd refuses to start on it
        XCTAssertThrowsError(try hub.start([.chatd])) { error in
            XCTAssertTrue(String(describing: error).contains("belongs to pushd"), "\(error)")
        }
    }

    func testOnlineBackupOverRPC() throws {
        // Given chatd running with a row in its store
        try hub.start([.chatd])
        try hub.daemons[.chatd]!.context.store.run("INSERT INTO daemon_meta (key, value) VALUES ('note', 'kept')")
        let client = try hub.client(of: .chatd)
        defer { client.close() }
        let target = hub.dataDirectory + "/backup-1"
        // When an operator asks for a backup, twice into the same place
        let done = try client.call(SysBackup.self, SysBackup.Request(directory: target), timeout: 10).get()
        let again = client.call(SysBackup.self, SysBackup.Request(directory: target), timeout: 10)
        // Then the copy opens with the data, and an existing copy is never overwritten
        XCTAssertEqual(done.path, target + "/chatd.sqlite")
        XCTAssertGreaterThan(done.bytes, 0)
        let copy = try SQLiteDatabase(path: done.path)
        defer { copy.close() }
        XCTAssertEqual(try copy.queryOne("SELECT value FROM daemon_meta WHERE key = 'note'")?.string("value"), "kept")
        guard case .failure(let error) = again else { return XCTFail("overwrote an existing backup") }
        XCTAssertEqual(error.code, "BACKUP_FAILED")
        guard case .failure(let relative) = client.call(SysBackup.self, SysBackup.Request(directory: "relative/dir")) else {
            return XCTFail("accepted a relative backup directory")
        }
        XCTAssertEqual(relative.code, "INVALID_BACKUP_DIRECTORY")
    }

    func testBackupOutsideTheDataDirectoryIsRefusedAndInsideItIsWritten() throws {
        // Given chatd running, a directory outside the data directory, and a link inside it leading there
        try hub.start([.chatd])
        let client = try hub.client(of: .chatd)
        defer { client.close() }
        let outside = temporaryDirectoryPath("appnorth-outside")
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: hub.dataDirectory + "/exit", withDestinationPath: outside)

        // When backups are asked outside, through "..", and through the link
        let attempts = [
            outside + "/copy", hub.dataDirectory + "/../" + (outside as NSString).lastPathComponent,
            hub.dataDirectory + "/exit", hub.dataDirectory + "/exit/deeper",
        ]
        for directory in attempts {
            // Then each is refused with its code, and nothing is written there
            guard case .failure(let error) = client.call(SysBackup.self, SysBackup.Request(directory: directory), timeout: 10) else {
                XCTFail("backup accepted in \(directory)")
                continue
            }
            XCTAssertEqual(error.code, "BACKUP_DIRECTORY_NOT_ALLOWED", directory)
            XCTAssertEqual(error.status, 403, directory)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside), [])

        // When a backup is asked inside it, under a new nested directory
        let inside = hub.dataDirectory + "/backup/2026/first"
        let done = try client.call(SysBackup.self, SysBackup.Request(directory: inside), timeout: 10).get()
        // Then it is written there, private
        XCTAssertEqual(done.path, inside + "/chatd.sqlite")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: done.path)[.posixPermissions] as? Int, 0o600)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: inside)[.posixPermissions] as? Int, 0o700)
    }
}
