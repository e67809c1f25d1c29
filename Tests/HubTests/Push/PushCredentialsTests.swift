import Foundation
import XCTest

@testable import HubCrypto
@testable import PushService

/// `PUT/GET/DELETE /api/admin/v1/projects/{id}/push-credentials`: validation, sealing at
/// rest, never returning the key, organization scoping, disconnect and bundle changes.
final class PushCredentialsTests: XCTestCase {
    var fixture: PushFixture!

    override func setUpWithError() throws { fixture = try PushFixture(withCredentials: false) }
    override func tearDown() { fixture?.shutdown() }

    private var path: String { "/projects/\(fixture.projectId)/push-credentials" }

    func testInvalidCredentialsAreRejectedFieldByField() throws {
        // Given bodies with a valid key in SEC1 form, a PKCS#8 P-384 key, garbage, and bad IDs
        let sec1 = try openssl(["ecparam", "-name", "prime256v1", "-genkey", "-noout"])
        let p384 = try openssl(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-384"])
        XCTAssertTrue(sec1.hasPrefix("-----BEGIN EC PRIVATE KEY-----"))
        XCTAssertTrue(p384.hasPrefix("-----BEGIN PRIVATE KEY-----"))
        var bad = fixture.credentialsBody()
        bad["keyId"] = "SHORT"
        bad["teamId"] = "lowercase1"
        bad["bundleId"] = "not a bundle"
        bad["environment"] = "staging"
        bad["privateKey"] = "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----"
        var sec1Body = fixture.credentialsBody()
        sec1Body["privateKey"] = sec1
        var p384Body = fixture.credentialsBody()
        p384Body["privateKey"] = p384

        // When they are put
        let response = try fixture.call("PUT", path, json: bad)
        let sec1Response = try fixture.call("PUT", path, json: sec1Body)
        let p384Response = try fixture.call("PUT", path, json: p384Body)

        // Then each field is named and nothing is stored
        XCTAssertEqual(response.status, 400)
        XCTAssertEqual(response.code, "INVALID_PAYLOAD")
        XCTAssertEqual(Set(response.fields.keys), ["keyId", "teamId", "bundleId", "environment", "privateKey"])
        XCTAssertEqual(sec1Response.status, 400)
        XCTAssertEqual(Set(sec1Response.fields.keys), ["privateKey"])
        XCTAssertEqual(p384Response.status, 400)
        XCTAssertEqual(Set(p384Response.fields.keys), ["privateKey"])
        XCTAssertEqual(try fixture.call("GET", path).status, 404)
    }

    private func openssl(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    func testTheKeyIsSealedAtRestAndNeverReturned() throws {
        // Given valid credentials
        let put = try fixture.call("PUT", path, json: fixture.credentialsBody(environment: "sandbox"))
        XCTAssertEqual(put.status, 204)

        // When they are read back
        let got = try fixture.call("GET", path)
        let json = got.json

        // Then the view has everything but the key
        XCTAssertEqual(got.status, 200)
        XCTAssertEqual(json["keyId"] as? String, PushFixture.keyId)
        XCTAssertEqual(json["teamId"] as? String, PushFixture.teamId)
        XCTAssertEqual(json["bundleId"] as? String, PushFixture.bundleId)
        XCTAssertEqual(json["environment"] as? String, "sandbox")
        XCTAssertNil(json["privateKey"])
        XCTAssertFalse(got.text.contains("PRIVATE KEY"))
        // And pushd's file holds it sealed, bound to the project
        let sealed = try XCTUnwrap(try fixture.pushDB.scalar("SELECT sealed_key FROM push_credentials").stringValue)
        XCTAssertFalse(sealed.contains("PRIVATE"))
        let keyring = try Keyring(spec: PushFixture.keyring)
        XCTAssertEqual(
            try keyring.openString(sealed, associatedData: fixture.projectId),
            fixture.key.pkcs8PEM.trimmingCharacters(in: .whitespacesAndNewlines) + "\n")
        XCTAssertThrowsError(try keyring.openString(sealed, associatedData: "another-project"))
    }

    func testWithoutTheCredentialsKeyTheGeneratedKeyringSealsTheKey() throws {
        // Given a hub started without APPNORTH_CREDENTIALS_KEY
        fixture.shutdown()
        fixture = try PushFixture(withCredentials: false, environment: [Keyring.environmentVariable: ""])

        // When credentials are stored
        let put = try fixture.call("PUT", path, json: fixture.credentialsBody())

        // Then they are accepted (not 503 CREDENTIALS_KEY_NOT_CONFIGURED) and sealed under the
        // keyring generated in the data directory
        XCTAssertEqual(put.status, 204, put.text)
        let keyring = try XCTUnwrap(HubKeyring.read(fixture.hub.dataDirectory + "/keys/credentials.key"))
        let sealed = try XCTUnwrap(try fixture.pushDB.scalar("SELECT sealed_key FROM push_credentials").stringValue)
        XCTAssertFalse(sealed.contains("PRIVATE"))
        XCTAssertEqual(
            try keyring.openString(sealed, associatedData: fixture.projectId),
            fixture.key.pkcs8PEM.trimmingCharacters(in: .whitespacesAndNewlines) + "\n")
        XCTAssertEqual(try fixture.call("GET", path).status, 200)
    }

    func testAnotherOrganizationSeesNotFound() throws {
        // Given credentials, and a token of another organization
        XCTAssertEqual(try fixture.call("PUT", path, json: fixture.credentialsBody()).status, 204)
        let other = try fixture.createOrganization(slug: "acme", name: "Acme")

        // When that organization reads, replaces or deletes them
        let statuses = [
            try fixture.call("GET", path, token: other).status,
            try fixture.call("PUT", path, json: fixture.credentialsBody(bundleId: "com.evil.app"), token: other).status,
            try fixture.call("DELETE", path, token: other).status,
        ]

        // Then every call is 404 and the credentials are unchanged
        XCTAssertEqual(statuses, [404, 404, 404])
        XCTAssertEqual(try fixture.call("GET", path).json["bundleId"] as? String, PushFixture.bundleId)
    }

    func testDisconnectingRemovesCredentialsDevicesAndQueuedPushes() throws {
        // Given credentials, a device and a queued push
        XCTAssertEqual(try fixture.call("PUT", path, json: fixture.credentialsBody()).status, 204)
        let (token, _) = try fixture.queuedReply()
        XCTAssertEqual(try fixture.queue(token: token).count, 1)

        // When the project is disconnected
        let deleted = try fixture.call("DELETE", path)

        // Then nothing of it remains and the job sends nothing
        XCTAssertEqual(deleted.status, 204)
        XCTAssertEqual(try fixture.call("GET", path).status, 404)
        XCTAssertEqual(try fixture.call("GET", path).code, "PUSH_CREDENTIALS_NOT_FOUND")
        XCTAssertEqual(try fixture.deviceCount(token: token), 0)
        XCTAssertEqual(try fixture.queue(token: token).count, 0)
        XCTAssertEqual(try fixture.runPush(), 0)
        XCTAssertEqual(try fixture.fake.log().requests.count, 0)
    }

    func testChangingTheBundleIDRemovesDevicesButKeepingItDoesNot() throws {
        // Given credentials and a device with a queued push
        XCTAssertEqual(try fixture.call("PUT", path, json: fixture.credentialsBody()).status, 204)
        let (token, _) = try fixture.queuedReply()

        // When the credentials are saved again with the same bundle ID, then with another
        XCTAssertEqual(try fixture.call("PUT", path, json: fixture.credentialsBody()).status, 204)
        let keptDevices = try fixture.deviceCount(token: token)
        XCTAssertEqual(try fixture.call("PUT", path, json: fixture.credentialsBody(bundleId: "com.example.other")).status, 204)

        // Then only the bundle change removed the device and cancelled its push
        XCTAssertEqual(keptDevices, 1)
        XCTAssertEqual(try fixture.deviceCount(token: token), 0)
        XCTAssertEqual(try fixture.queue(token: token).map(\.status), ["cancelled"])
        XCTAssertEqual(try fixture.runPush(), 0)
    }

    func testRepliesBeforeCredentialsExistQueueNothing() throws {
        // Given a device and a reply while the project has no credentials
        let (token, _) = try fixture.queuedReply()

        // When the job runs
        let processed = try fixture.runPush()

        // Then nothing was queued or sent
        XCTAssertEqual(processed, 0)
        XCTAssertEqual(try fixture.queue(token: token).count, 0)
    }
}
