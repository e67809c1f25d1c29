import Foundation
import XCTest

@testable import HubCrypto
@testable import IngestService

/// A fake App Store Connect (JSON:API over HTTP/2 and TLS, verifying every token on its own)
/// and a hub with ingest and asod pointed at it, sealing credentials under `APPNORTH_CREDENTIALS_KEY`.
final class ASCFixture: OperatorAPIClient {
    static let issuer = "69a6de70-03db-47e3-e053-5b8c7c11a4d1"
    static let keyId = "2X9R4HXF34"
    let fake: FakeControl
    let key = ES256PrivateKey.generate()
    private(set) var admin: AdminClient!
    var hub: HubHarness { admin.hub }

    /// The hub's settings; `startHub` reads them again, so a test can change them between starts.
    var environment: [String: String]

    init(apps: [[String: Any]], environment: [String: String] = [:]) throws {
        self.environment = [Keyring.environmentVariable: String(repeating: "cd", count: 32)].merging(environment) { _, new in new }
        fake = try FakeControl(script: "fake_asc.py", tls: true)
        try controlPost(
            "/__control/state",
            [
                "keys": [ASCFixture.keyId: ["issuer": ASCFixture.issuer, "publicKeyPem": key.publicKeyPEM]],
                "apps": apps,
            ])
        try startHub()
    }

    func startHub() throws {
        var env = environment
        env["APPNORTH_ASC_URL"] = fake.baseURL
        env["APPNORTH_TLS_CA_FILE"] = fake.caFile
        admin = try AdminClient(environment: env)
        try admin.hub.startDaemon(.asod)
    }

    func shutdown() {
        admin?.shutdown()
        fake.stop()
    }

    func controlPost(_ path: String, _ body: Any) throws { try fake.post(path, body) }

    /// Every request the fake received after authentication, oldest first.
    func log() throws -> [[String: Any]] {
        try XCTUnwrap(try fake.get("/__control/log") as? [[String: Any]])
    }

    func connect(key pem: String? = nil, issuer: String = ASCFixture.issuer) throws -> HubReply {
        try call("PUT", "/app-store-connect", json: ["issuerId": issuer, "keyId": ASCFixture.keyId, "privateKey": pem ?? key.pkcs8PEM])
    }

    /// Connects and imports `appIds`; their project IDs in order.
    func connectAndImport(_ appIds: [String]) throws -> [String] {
        XCTAssertEqual(try connect().status, 200)
        let imported = try call("POST", "/app-store-connect/import", json: ["appIds": appIds])
        XCTAssertEqual(imported.status, 201, imported.text)
        return imported.items.compactMap { $0["projectId"] as? String }
    }
}
