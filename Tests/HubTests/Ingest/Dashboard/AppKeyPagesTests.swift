import Foundation
import XCTest

@testable import HubCrypto
@testable import IngestService

/// The APNs key on an app's page (issue: "APNs key upload (.p8, key ID, team ID, bundle ID,
/// environment; never shown again)"): uploaded as a multipart form, checked as the operator
/// API checks it, sealed by pushd, described but never shown, removed; credentials roles only.
final class AppKeyPagesTests: XCTestCase {
    var fixture: PushFixture!

    override func setUpWithError() throws { fixture = try PushFixture(withCredentials: false) }
    override func tearDown() { fixture?.shutdown() }

    var path: String { "/dashboard/apps/" + fixture.projectId }

    /// A person of the default organization, signed in through their setup link's page.
    func pages(_ email: String, role: Role) throws -> PageSession {
        let setup = try fixture.hub.app!.store.addUserWithSetupCode(email: email, role: role, organizationSlug: "default")
        let browser = PageSession(hub: fixture.hub)
        let password = "correct horse battery"
        let accepted = try browser.post("/invite/" + setup.code, [("name", "Kim"), ("password", password), ("passwordAgain", password)])
        XCTAssertEqual(accepted.status, 303, accepted.text)
        XCTAssertEqual(try browser.get(path).status, 200)
        return browser
    }

    func upload(_ browser: PageSession, keyId: String = PushFixture.keyId, key: String? = nil) throws -> HubReply {
        try browser.postMultipart(
            path + "/push-credentials",
            [("keyId", keyId), ("teamId", PushFixture.teamId), ("bundleId", PushFixture.bundleId), ("environment", "sandbox")],
            files: [PageSession.Upload(name: "privateKey", filename: "AuthKey.p8", bytes: Array((key ?? fixture.key.pkcs8PEM).utf8))])
    }

    func testAKeyIsUploadedDescribedAndNeverShown() throws {
        let owner = try pages("ann@example.com", role: .owner)
        XCTAssertTrue(try owner.get(path).text.contains("Upload key"))
        // When the owner uploads a .p8 key
        let uploaded = try upload(owner)
        // Then pushd holds it, and the page describes it without the key
        XCTAssertEqual(uploaded.status, 303, uploaded.text)
        XCTAssertEqual(uploaded.header("location"), path + "?done=key")
        let stored = try fixture.call("GET", "/projects/\(fixture.projectId)/push-credentials")
        XCTAssertEqual(stored.status, 200)
        XCTAssertEqual(stored.json["environment"] as? String, "sandbox")
        let page = try owner.get(path + "?done=key")
        XCTAssertTrue(page.text.contains(PushFixture.keyId))
        XCTAssertTrue(page.text.contains("APNs key uploaded."))
        XCTAssertFalse(page.text.contains("PRIVATE KEY"))
        let body = fixture.key.pkcs8PEM.split(separator: "\n").dropFirst().first.map(String.init) ?? "-"
        XCTAssertFalse(page.text.contains(body))
        // When it is removed
        XCTAssertEqual(try owner.post(path + "/push-credentials/delete").status, 303)
        XCTAssertEqual(try fixture.call("GET", "/projects/\(fixture.projectId)/push-credentials").status, 404)
    }

    func testARefusedKeyKeepsTheOtherFieldsAndNamesTheProblems() throws {
        let owner = try pages("ann@example.com", role: .owner)
        let reply = try upload(owner, keyId: "short", key: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----")
        XCTAssertEqual(reply.status, 400)
        XCTAssertTrue(reply.text.contains("must be 10 characters of A-Z and 0-9"))
        XCTAssertTrue(reply.text.contains("must be the PKCS#8 PEM of an APNs .p8 key"))
        XCTAssertTrue(reply.text.contains("value=\"short\""))
        XCTAssertTrue(reply.text.contains("value=\"" + PushFixture.teamId + "\""))
        XCTAssertEqual(try fixture.call("GET", "/projects/\(fixture.projectId)/push-credentials").status, 404)
    }

    func testAMemberCannotUploadOrRemoveTheKey() throws {
        let owner = try pages("ann@example.com", role: .owner)
        XCTAssertEqual(try upload(owner).status, 303)
        let member = try pages("bo@example.com", role: .member)
        let page = try member.get(path)
        XCTAssertFalse(page.text.contains("/push-credentials"))
        XCTAssertTrue(page.text.contains(PushFixture.keyId))
        let upload = try upload(member, keyId: "OTHER12345")
        let delete = try member.post(path + "/push-credentials/delete")
        XCTAssertEqual(upload.status, 403)
        XCTAssertEqual(delete.status, 403)
        let stored = try fixture.call("GET", "/projects/\(fixture.projectId)/push-credentials")
        XCTAssertEqual(stored.json["keyId"] as? String, PushFixture.keyId)
    }
}
