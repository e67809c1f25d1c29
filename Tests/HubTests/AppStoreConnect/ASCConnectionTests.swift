import Foundation
import TestSupport
import XCTest

@testable import ASOService
@testable import HubCrypto
@testable import HubStore
@testable import IngestService

/// Connect and import (docs/app-store-connect.md, "Connection" and "Import") over HTTP with asod
/// talking to a fake of Apple's API (JSON:API over HTTP/2 and TLS) that verifies every token on its
/// own.
final class ASCConnectionTests: XCTestCase {
    private var fixture: ASCFixture!
    private var admin: AdminClient { fixture.admin }
    private let issuer = ASCFixture.issuer
    private let keyId = ASCFixture.keyId

    override func setUpWithError() throws {
        let apps = [
            ["id": "1450000001", "name": "Trails", "bundleId": "com.example.trails", "sku": "TRAILS", "primaryLocale": "en-US"],
            ["id": "1450000002", "name": "Sketch Pad", "bundleId": "com.example.sketch", "sku": "SKETCH", "primaryLocale": "es-ES"],
            ["id": "1450000003", "name": "Budget", "bundleId": "com.example.budget", "sku": "BUDGET", "primaryLocale": "en-US"],
        ]
        fixture = try ASCFixture(apps: apps)
    }

    override func tearDown() { fixture?.shutdown() }

    private func connect(key pem: String? = nil, issuer: String? = nil) throws -> HubReply {
        try fixture.connect(key: pem, issuer: issuer ?? self.issuer)
    }

    private func controlPost(_ path: String, _ body: Any) throws { try fixture.controlPost(path, body) }

    private var asodStore: SQLiteDatabase { admin.hub.daemons[.asod]!.context.store }

    func testConnectingChecksTheKeyWithAppleAndStoresItSealed() throws {
        // When the operator connects with the right key
        let connected = try connect()
        // Then the connection shows identifiers and the app count, never the key
        XCTAssertEqual(connected.status, 200, "\(connected.json)")
        XCTAssertEqual(connected.json["keyId"] as? String, keyId)
        XCTAssertEqual(connected.json["appCount"] as? Int, 3)
        XCTAssertNil(connected.json["privateKey"])
        let read = try admin.call("GET", "/app-store-connect")
        XCTAssertEqual(read.json["issuerId"] as? String, issuer)
        XCTAssertFalse("\(read.json)".contains("PRIVATE KEY"))
        // And the stored key is sealed: no PEM in asod's store, and it opens only for this organization
        let sealed = try XCTUnwrap(try asodStore.scalar("SELECT sealed_key FROM asc_connections").stringValue)
        XCTAssertFalse(sealed.contains(String(fixture.key.pkcs8PEM.split(separator: "\n")[1])))
        XCTAssertFalse(sealed.contains("PRIVATE"))
        XCTAssertTrue(sealed.hasPrefix("v1:"))
        // And nothing of the key or the token reached the logs
        let logs = admin.hub.logSink.lines.joined(separator: "\n")
        XCTAssertFalse(logs.contains("PRIVATE KEY"))
        XCTAssertFalse(logs.contains("eyJhbGciOiJFUzI1NiI"), "a JWT was logged")
    }

    func testEachConnectionErrorHasItsCodeAndStoresNothing() throws {
        // When the IDs are malformed, the key unreadable, or unknown to Apple
        let badIssuer = try connect(issuer: "not-a-uuid")
        let unreadable = try connect(key: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n")
        let rejected = try connect(key: ES256PrivateKey.generate().pkcs8PEM)
        // Then each answers its code (docs/app-store-connect.md, "Connection"), and no connection exists
        XCTAssertEqual(badIssuer.status, 400)
        XCTAssertEqual(badIssuer.code, "INVALID_CREDENTIALS")
        XCTAssertEqual(unreadable.status, 400)
        XCTAssertEqual(unreadable.code, "CREDENTIALS_UNREADABLE")
        XCTAssertEqual(rejected.status, 400)
        XCTAssertEqual(rejected.code, "CREDENTIALS_REJECTED")
        XCTAssertEqual(try admin.call("GET", "/app-store-connect").code, "NOT_CONNECTED")
        XCTAssertEqual(try asodStore.scalar("SELECT COUNT(*) FROM asc_connections").intValue, 0)
        // And Apple being down is STORE_UNAVAILABLE
        try controlPost("/__control/script", ["method": "GET", "path": "/v1/apps", "responses": [["status": 503]]])
        let down = try connect()
        XCTAssertEqual(down.status, 502)
        XCTAssertEqual(down.code, "STORE_UNAVAILABLE")
    }

    func testWithoutTheCredentialsKeyTheKeyIsSealedUnderTheGeneratedKeyring() throws {
        // Given a hub without APPNORTH_CREDENTIALS_KEY
        admin.shutdown()
        fixture.environment[Keyring.environmentVariable] = nil
        try fixture.startHub()
        // When the operator connects
        let connected = try connect()
        // Then the key is stored, sealed under the keyring generated in the data directory
        XCTAssertEqual(connected.status, 200, "\(connected.json)")
        let keyring = try XCTUnwrap(HubKeyring.read(admin.hub.dataDirectory + "/keys/credentials.key"))
        let row = try XCTUnwrap(try asodStore.queryOne("SELECT organization_id, connection_id, sealed_key FROM asc_connections"))
        let sealed = try XCTUnwrap(row.string("sealed_key"))
        XCTAssertFalse(sealed.contains("PRIVATE KEY"))
        let opened = try keyring.openString(
            sealed, associatedData: "asc-connection|\(row.string("organization_id")!)|\(row.string("connection_id")!)")
        XCTAssertEqual(
            opened.trimmingCharacters(in: .whitespacesAndNewlines), fixture.key.pkcs8PEM.trimmingCharacters(in: .whitespacesAndNewlines))
        // And it is used: the app list comes from Apple with it
        XCTAssertEqual(try admin.call("GET", "/app-store-connect/apps").status, 200)
    }

    func testImportCreatesLinkedProjectsRecognizesEarlierImportsAndRespectsTheAllowance() throws {
        // Given a connection
        XCTAssertEqual(try connect().status, 200)
        // When two apps are imported
        let first = try admin.call("POST", "/app-store-connect/import", json: ["appIds": ["1450000001", "1450000002"]])
        // Then two projects exist, linked by app ID and bundle ID
        XCTAssertEqual(first.status, 201, "\(first.json)")
        let items = try XCTUnwrap(first.json["items"] as? [[String: Any]])
        XCTAssertEqual(items.compactMap { $0["created"] as? Bool }, [true, true])
        let projectId = try XCTUnwrap(items.first?["projectId"] as? String)
        let project = try admin.call("GET", "/projects/\(projectId)")
        XCTAssertEqual(project.json["appStoreId"] as? String, "1450000001")
        XCTAssertEqual(project.json["bundleId"] as? String, "com.example.trails")
        XCTAssertEqual(project.json["name"] as? String, "Trails")
        // And the app list marks them imported
        let apps = try XCTUnwrap(try admin.call("GET", "/app-store-connect/apps").json["items"] as? [[String: Any]])
        XCTAssertEqual(apps.first { $0["id"] as? String == "1450000001" }?["projectId"] as? String, projectId)
        XCTAssertTrue(apps.first { $0["id"] as? String == "1450000003" }?["projectId"] is NSNull)

        // When the same app is imported again with a new one, under an allowance of three apps
        let orgId = try XCTUnwrap(admin.store.project(id: projectId)?.organizationId)
        XCTAssertEqual(try admin.call("PATCH", "/organizations/\(orgId)", json: ["appAllowance": 2]).status, 200)
        let over = try admin.call("POST", "/app-store-connect/import", json: ["appIds": ["1450000001", "1450000003"]])
        // Then the selection beyond the allowance is refused whole
        XCTAssertEqual(over.status, 403)
        XCTAssertEqual(over.code, "PLAN_REQUIRED")
        XCTAssertEqual(try admin.store.projects(organizationId: orgId).count, 2)
        // And with room for it, the earlier import is recognized and only the new app creates a project
        XCTAssertEqual(try admin.call("PATCH", "/organizations/\(orgId)", json: ["appAllowance": NSNull()]).status, 200)
        let again = try admin.call("POST", "/app-store-connect/import", json: ["appIds": ["1450000001", "1450000003"]])
        XCTAssertEqual((again.json["items"] as? [[String: Any]])?.compactMap { $0["created"] as? Bool }, [false, true])
        XCTAssertEqual((again.json["items"] as? [[String: Any]])?.first?["projectId"] as? String, projectId)
        // And an app Apple does not list is UNKNOWN_APPS, creating nothing
        let unknown = try admin.call("POST", "/app-store-connect/import", json: ["appIds": ["1450000002", "999"]])
        XCTAssertEqual(unknown.status, 400)
        XCTAssertEqual(unknown.code, "UNKNOWN_APPS")
        XCTAssertEqual(try admin.store.projects(organizationId: orgId).count, 3)

        // When the connection is removed, the imported projects stay
        XCTAssertEqual(try admin.call("DELETE", "/app-store-connect").status, 204)
        XCTAssertEqual(try admin.store.projects(organizationId: orgId).count, 3)
        XCTAssertEqual(try admin.call("GET", "/app-store-connect/apps").code, "NOT_CONNECTED")
    }

    func testAStoredKeyTheCredentialsKeyCannotOpenIsUnreadable() throws {
        // Given a connection sealed under one credentials key
        XCTAssertEqual(try connect().status, 200)
        // When asod restarts with another credentials key
        admin.hub.stopDaemon(.asod)
        admin.hub.config.credentialsKey = String(repeating: "ef", count: 32)
        try admin.hub.startDaemon(.asod)
        // Then calls that need the key answer CREDENTIALS_UNREADABLE, and reconnecting repairs it
        let apps = try admin.call("GET", "/app-store-connect/apps")
        XCTAssertEqual(apps.status, 409)
        XCTAssertEqual(apps.code, "CREDENTIALS_UNREADABLE")
        XCTAssertEqual(try connect().status, 200)
        XCTAssertEqual(try admin.call("GET", "/app-store-connect/apps").status, 200)
    }
}
