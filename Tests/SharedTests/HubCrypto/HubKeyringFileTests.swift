import Foundation
import XCTest

@testable import HubCrypto
@testable import HubDaemon
@testable import HubRuntime

/// `HubKeyring`: the variable when set, else the file under the data directory, created once
/// however many daemons start at the same moment.
final class HubKeyringFileTests: XCTestCase {
    private var dir: IPCDirectory!
    private let logs = MemoryLogSink()
    private var logger: Logger { Logger(daemon: "test", sink: logs) }

    override func setUp() { dir = IPCDirectory() }
    override func tearDown() { dir.remove() }

    private func config(_ env: [String: String] = [:]) throws -> HubConfig {
        try HubConfig(environment: ["APPNORTH_DATA_DIR": dir.path].merging(env) { _, new in new }, currentDirectory: "/")
    }

    private var keyPath: String { dir.path + "/keys/credentials.key" }

    func testConcurrentResolutionFromManyThreadsYieldsOneKey() throws {
        // Given a data directory without a keyring
        let config = try config()
        let lock = NSLock()
        var keyrings: [Keyring] = []
        var failures: [String] = []

        // When 16 threads resolve the hub's keyring at once
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            do {
                let keyring = try HubKeyring.resolve(
                    credentialsKey: config.credentialsKey, dataDirectory: config.dataDirectory, logger: logger)
                lock.withLock { keyrings.append(keyring) }
            } catch {
                lock.withLock { failures.append("\(error)") }
            }
        }

        // Then all got the same key: what one seals, every other opens
        XCTAssertEqual(failures, [])
        XCTAssertEqual(keyrings.count, 16)
        let sealed = try keyrings[0].seal("secret", associatedData: "p1")
        for keyring in keyrings { XCTAssertEqual(try keyring.openString(sealed, associatedData: "p1"), "secret") }
        // And one file was generated, with no temp file left beside it
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path + "/keys"), ["credentials.key"])
        XCTAssertEqual(logs.lines.filter { $0.contains("\"msg\":\"credentials keyring generated\"") }.count, 1)
        XCTAssertEqual(try HubKeyring.read(keyPath).map { try $0.openString(sealed, associatedData: "p1") }, "secret")
    }

    func testTheVariableOverridesTheFileAndNoneIsMade() throws {
        // Given the variable set
        let spec = "v7:" + String(repeating: "ab", count: 32)
        let config = try config([Keyring.environmentVariable: spec])

        // When the keyring is resolved
        let keyring = try HubKeyring.resolve(credentialsKey: config.credentialsKey, dataDirectory: config.dataDirectory, logger: logger)

        // Then it is the variable's, and no file was written
        XCTAssertEqual(keyring.versions, ["v7"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: keyPath))
    }

    func testAFileThatIsNotAKeyringIsRefusedNamingItButNotItsContent() throws {
        // Given a keyring file holding something else
        try FileManager.default.createDirectory(atPath: dir.path + "/keys", withIntermediateDirectories: true)
        try "v1:not-a-key-at-all".write(toFile: keyPath, atomically: false, encoding: .utf8)

        // When the keyring is resolved
        let config = try config()
        XCTAssertThrowsError(
            try HubKeyring.resolve(
                credentialsKey: config.credentialsKey, dataDirectory: config.dataDirectory,
                logger: logger)
        ) { error in
            // Then it fails with INVALID_KEYRING, naming the file but not echoing the text
            guard case .invalidKeyring(let reason)? = error as? CryptoError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains(keyPath), reason)
            XCTAssertFalse(reason.contains("not-a-key"), reason)
        }
    }
}
