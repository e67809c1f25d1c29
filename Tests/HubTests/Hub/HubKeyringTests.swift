import Foundation
import XCTest

@testable import HubCrypto
@testable import IngestService

/// Issue 18: without `APPNORTH_CREDENTIALS_KEY` the hub generates a keyring in
/// `$APPNORTH_DATA_DIR/keys/credentials.key` (0600), seals with it, and seals `plain:` values
/// left from before once it has one.
final class HubKeyringTests: XCTestCase {
    var admin: AdminClient!

    override func setUpWithError() throws { admin = try AdminClient() }
    override func tearDown() { admin?.shutdown() }

    private var keyPath: String { admin.hub.dataDirectory + "/keys/credentials.key" }

    private func mode(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o777 : 0
    }

    private func storedSecret(_ projectId: String) throws -> String? {
        try admin.store.db.scalar("SELECT identity_secret FROM projects WHERE id = ?", [.text(projectId)]).stringValue
    }

    func testAHubWithoutTheVariableGeneratesAPrivateKeyringAndSealsWithIt() throws {
        // Given ingest started without APPNORTH_CREDENTIALS_KEY (setUp)
        let id = try admin.createProject()

        // When an identity secret is created
        let secret = try XCTUnwrap(try admin.call("POST", "/projects/\(id)/identity-secret").json["secret"] as? String)

        // Then the keyring file exists, 0600 in a 0700 directory, and holds a spec Keyring reads
        XCTAssertEqual(mode(keyPath), 0o600)
        XCTAssertEqual(mode(admin.hub.dataDirectory + "/keys"), 0o700)
        let keyring = try Keyring(spec: String(contentsOfFile: keyPath, encoding: .utf8))
        XCTAssertEqual(keyring.versions, ["v1"])
        // And the secret is stored sealed under it, never as plain text
        let stored = try XCTUnwrap(try storedSecret(id))
        XCTAssertFalse(stored.hasPrefix("plain:"))
        XCTAssertFalse(stored.contains(secret))
        XCTAssertEqual(try keyring.openString(stored, associatedData: id), secret)
        XCTAssertEqual(try admin.store.identitySecret(projectId: id), secret)
        // And the log says where the keyring came from without showing it
        let logs = admin.hub.logSink.lines.joined(separator: "\n")
        XCTAssertTrue(logs.contains("\"msg\":\"credentials keyring generated\""))
        XCTAssertFalse(logs.contains(String(try String(contentsOfFile: keyPath, encoding: .utf8).dropFirst(3).prefix(20))))
    }

    func testASecondStartReusesTheKeyringFile() throws {
        // Given a secret sealed by a first start
        let id = try admin.createProject()
        let secret = try XCTUnwrap(try admin.call("POST", "/projects/\(id)/identity-secret").json["secret"] as? String)
        let first = try String(contentsOfFile: keyPath, encoding: .utf8)

        // When ingest starts again on the same data directory
        admin.hub.stopDaemon(.ingest)
        try admin.hub.startDaemon(.ingest)

        // Then the file is unchanged and the secret still opens
        XCTAssertEqual(try String(contentsOfFile: keyPath, encoding: .utf8), first)
        XCTAssertEqual(try admin.store.identitySecret(projectId: id), secret)
        XCTAssertEqual(admin.hub.logSink.lines.filter { $0.contains("\"msg\":\"credentials keyring generated\"") }.count, 1)
    }

    func testPlainValuesAreSealedAtTheNextStartAndStillWork() throws {
        // Given a store holding an identity secret and a signing key as plain text, as a hub
        // without a keyring wrote them
        let id = try admin.createProject()
        let other = try admin.createProject(name: "Other")
        let signing = SecureRandom.bytes(32)
        try admin.store.db.run("UPDATE projects SET identity_secret = ? WHERE id = ?", [.text("plain:s3cret-identity"), .text(id)])
        try admin.store.db.run(
            "INSERT INTO signing_keys (name, secret, created_at) VALUES ('test-key', ?, '2026-01-01T00:00:00.000Z')",
            [.text("plain:" + Base64URL.encode(signing))])

        // When ingest restarts with a keyring
        admin.hub.stopDaemon(.ingest)
        try admin.hub.startDaemon(.ingest)

        // Then no plain value is left, the two were sealed and counted in the log
        XCTAssertEqual(try admin.store.db.scalar("SELECT COUNT(*) FROM projects WHERE identity_secret LIKE 'plain:%'").intValue, 0)
        XCTAssertEqual(try admin.store.db.scalar("SELECT COUNT(*) FROM signing_keys WHERE secret LIKE 'plain:%'").intValue, 0)
        let keyring = try XCTUnwrap(HubKeyring.read(keyPath))
        XCTAssertEqual(try keyring.openString(try XCTUnwrap(try storedSecret(id)), associatedData: id), "s3cret-identity")
        XCTAssertNil(try storedSecret(other))
        let sealedLog = try XCTUnwrap(admin.hub.logSink.lines.last { $0.contains("\"msg\":\"plain secrets sealed\"") })
        XCTAssertTrue(sealedLog.contains("\"count\":2"), sealedLog)
        XCTAssertFalse(admin.hub.logSink.lines.contains { $0.contains("s3cret-identity") })
        // And they still work: the store hands out the same secret and the same key
        XCTAssertEqual(try admin.store.identitySecret(projectId: id), "s3cret-identity")
        XCTAssertEqual(try admin.store.signingKey(named: "test-key"), signing)

        // When it restarts once more
        admin.hub.stopDaemon(.ingest)
        try admin.hub.startDaemon(.ingest)
        // Then there is nothing left to seal
        XCTAssertEqual(admin.hub.logSink.lines.filter { $0.contains("\"msg\":\"plain secrets sealed\"") }.count, 1)
    }
}
