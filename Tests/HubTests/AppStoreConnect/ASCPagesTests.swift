import Foundation
import TestSupport
import XCTest

@testable import HubCrypto
@testable import IngestService

/// The App Store Connect panel of `/dashboard/apps` (docs "App Store Connect"; issue 26): the
/// connect post answers at once with a task's page that reloads itself until Apple has
/// answered, errors show their code with the seed's action, the importable apps are picked
/// with checkboxes, and members see the state only.
final class ASCPagesTests: XCTestCase {
    private var fixture: ASCFixture!
    private var pages: PageSession!

    override func setUpWithError() throws {
        fixture = try ASCFixture(apps: [
            ["id": "1450000001", "name": "Trails", "bundleId": "com.example.trails"],
            ["id": "1450000002", "name": "Sketch <b>Pad</b>", "bundleId": "com.example.sketch"],
        ])
        pages = try fixture.admin.pages(as: "owner@example.com", role: .owner)
        XCTAssertEqual(try pages.get("/dashboard/apps").status, 200)
    }

    override func tearDown() { fixture?.shutdown() }

    private func connect(key pem: String? = nil, issuer: String = ASCFixture.issuer, session: PageSession? = nil) throws -> HubReply {
        try (session ?? pages).postMultipart(
            "/dashboard/app-store-connect", [("issuerId", issuer), ("keyId", ASCFixture.keyId)],
            files: [.init(name: "privateKey", filename: "AuthKey.p8", bytes: Array((pem ?? fixture.key.pkcs8PEM).utf8))])
    }

    func testConnectingAnswersBeforeAppleDoesAndTheTaskPageShowsTheResultWhenReady() throws {
        // Given Apple that takes three seconds to list the apps
        try fixture.controlPost(
            "/__control/script", ["method": "GET", "path": "/v1/apps", "responses": [["status": 200, "delayMs": 3_000]]])
        // When the owner uploads the key
        let started = try connect()
        // Then the post answers at once with the task's page, which is still working and reloads itself
        XCTAssertEqual(started.status, 303, started.text)
        let work = try XCTUnwrap(started.header("location"))
        let working = try pages.get(work)
        XCTAssertEqual(working.status, 200)
        XCTAssertTrue(working.text.contains("Working…"), working.text)
        XCTAssertTrue(working.text.contains(#"<meta http-equiv="refresh" content="2">"#))
        XCTAssertEqual(try fixture.admin.call("GET", "/app-store-connect").code, "NOT_CONNECTED")
        // When Apple has answered, the task's page sends the owner back to Apps with the notice
        let done = try pages.settled(started)
        XCTAssertEqual(done.status, 303, done.text)
        XCTAssertEqual(done.header("location"), "/dashboard/apps?done=asc-connected#app-store-connect")
        // And the panel shows the key ID, the issuer, the verification and the app count, never the key
        let page = try pages.get("/dashboard/apps?done=asc-connected")
        XCTAssertTrue(page.text.contains("App Store Connect connected"))
        XCTAssertTrue(page.text.contains(ASCFixture.keyId))
        XCTAssertTrue(page.text.contains(ASCFixture.issuer))
        XCTAssertTrue(page.text.contains("Verified by Apple"))
        XCTAssertTrue(page.text.contains("<dt>Apps the key sees</dt><dd>2</dd>"), page.text)
        XCTAssertFalse(page.text.contains("PRIVATE KEY"))
        // And another member of the organization cannot open the owner's task
        let admin = try fixture.admin.pages(as: "admin@example.com", role: .admin)
        XCTAssertEqual(try admin.get(work).status, 404)
    }

    func testARefusedKeyShowsItsCodeWithTheSeedsActionAndAMissingPartIsShownByItsField() throws {
        // When the owner uploads a key Apple does not know
        let rejected = try pages.settled(try connect(key: ES256PrivateKey.generate().pkcs8PEM))
        // Then the task's page gives the code and what to do about it
        XCTAssertEqual(rejected.status, 400)
        XCTAssertTrue(rejected.text.contains("CREDENTIALS_REJECTED"))
        XCTAssertTrue(rejected.text.contains("Check whether Apple revoked the key or denied its access"))
        // When the IDs are malformed
        let invalid = try pages.settled(try connect(issuer: "not-a-uuid"))
        XCTAssertTrue(invalid.text.contains("INVALID_CREDENTIALS"))
        XCTAssertTrue(invalid.text.contains("Check the IDs and the matching P-256 private key"))
        // When the file is left out, the form is drawn again at once with the problem by its field
        let missing = try pages.postMultipart(
            "/dashboard/app-store-connect", [("issuerId", ASCFixture.issuer), ("keyId", ASCFixture.keyId)], files: [])
        XCTAssertEqual(missing.status, 400)
        XCTAssertTrue(missing.text.contains("id=\"asc-key-problems\""), missing.text)
        XCTAssertTrue(missing.text.contains("value=\"\(ASCFixture.keyId)\""))
        XCTAssertEqual(try fixture.admin.call("GET", "/app-store-connect").code, "NOT_CONNECTED")
    }

    func testTheImportableAppsArePickedWithCheckboxesAndUnknownAppsAndTheAllowanceAreShown() throws {
        // Given a connection and one app imported through the API
        XCTAssertEqual(try fixture.connect().status, 200)
        let imported = try fixture.call("POST", "/app-store-connect/import", json: ["appIds": ["1450000001"]])
        let trails = try XCTUnwrap(imported.items.first?["projectId"] as? String)
        // When the owner loads the importable apps
        let list = try pages.settled(try pages.get("/dashboard/app-store-connect/apps"))
        // Then Trails is marked imported, Sketch Pad has a checkbox, its name escaped, and the allowance is shown
        XCTAssertEqual(list.status, 200, list.text)
        XCTAssertTrue(list.text.contains("href=\"/dashboard/apps/\(trails)\">Imported</a>"), list.text)
        XCTAssertFalse(list.text.contains("value=\"1450000001\""))
        XCTAssertTrue(list.text.contains(#"type="checkbox" name="appId" value="1450000002""#))
        XCTAssertTrue(list.text.contains("Sketch &lt;b&gt;Pad&lt;/b&gt;"))
        XCTAssertTrue(list.text.contains("1 app, no limit"))
        // When an app Apple does not list is posted
        let unknown = try pages.settled(try pages.post("/dashboard/app-store-connect/import", [("appId", "999")]))
        XCTAssertEqual(unknown.status, 400)
        XCTAssertTrue(unknown.text.contains("UNKNOWN_APPS"))
        XCTAssertTrue(unknown.text.contains("Reload the accessible app list and select again"))
        // When the allowance is one app and Sketch Pad is imported
        let orgId = try XCTUnwrap(fixture.admin.store.project(id: trails)?.organizationId)
        XCTAssertEqual(try fixture.call("PATCH", "/organizations/\(orgId)", json: ["appAllowance": 1]).status, 200)
        let over = try pages.settled(try pages.post("/dashboard/app-store-connect/import", [("appId", "1450000002")]))
        XCTAssertEqual(over.status, 403)
        XCTAssertTrue(over.text.contains("PLAN_REQUIRED"))
        // When the allowance is two, the import goes through and the new project is in Apps
        XCTAssertEqual(try fixture.call("PATCH", "/organizations/\(orgId)", json: ["appAllowance": 2]).status, 200)
        let done = try pages.settled(try pages.post("/dashboard/app-store-connect/import", [("appId", "1450000002")]))
        XCTAssertEqual(done.status, 303)
        XCTAssertEqual(done.header("location"), "/dashboard/apps?done=imported-1")
        let apps = try pages.get("/dashboard/apps?done=imported-1")
        XCTAssertTrue(apps.text.contains("Sketch &lt;b&gt;Pad&lt;/b&gt;"))
        XCTAssertTrue(apps.text.contains("2 of 2 used"))
    }

    func testAMemberSeesTheStateOnlyAndPostsNeedTheTokenAndThisOrigin() throws {
        // Given a connection and a member
        XCTAssertEqual(try fixture.connect().status, 200)
        let member = try fixture.admin.pages(as: "member@example.com", role: .member)
        // Then the member sees the state without the forms
        let page = try member.get("/dashboard/apps")
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(page.text.contains("id=\"app-store-connect\""))
        XCTAssertTrue(page.text.contains(ASCFixture.keyId))
        XCTAssertFalse(page.text.contains("name=\"privateKey\""))
        XCTAssertFalse(page.text.contains("/dashboard/app-store-connect/disconnect"))
        // And every change is refused for the member
        XCTAssertEqual(try connect(session: member).status, 403)
        XCTAssertEqual(try member.post("/dashboard/app-store-connect/disconnect", [("confirm", "1")]).status, 403)
        XCTAssertEqual(try member.get("/dashboard/app-store-connect/apps").status, 403)
        XCTAssertEqual(try member.post("/dashboard/app-store-connect/import", [("appId", "1450000001")]).status, 403)
        // And the owner's posts need the form token and this hub's origin
        XCTAssertEqual(try pages.post("/dashboard/app-store-connect/disconnect", [("confirm", "1")], withToken: false).status, 403)
        let foreign = try pages.post("/dashboard/app-store-connect/disconnect", [("confirm", "1")], origin: "https://evil.example")
        XCTAssertEqual(foreign.status, 403)
        XCTAssertTrue(foreign.text.contains("FORBIDDEN_ORIGIN"))
        XCTAssertEqual(try fixture.admin.call("GET", "/app-store-connect").status, 200)
    }

    func testDisconnectAsksFirstAndKeepsTheImportedProjects() throws {
        // Given a connection with an imported app
        let projectId = try XCTUnwrap(try fixture.connectAndImport(["1450000001"]).first)
        // When Disconnect is posted without confirming, the page asks and nothing changes
        let asking = try pages.post("/dashboard/app-store-connect/disconnect")
        XCTAssertEqual(asking.status, 200)
        XCTAssertTrue(asking.text.contains("Disconnect App Store Connect?"))
        XCTAssertEqual(try fixture.admin.call("GET", "/app-store-connect").status, 200)
        // When it is confirmed, the connection is gone and the project stays
        let gone = try pages.post("/dashboard/app-store-connect/disconnect", [("confirm", "1")])
        XCTAssertEqual(gone.status, 303)
        XCTAssertEqual(try fixture.admin.call("GET", "/app-store-connect").code, "NOT_CONNECTED")
        XCTAssertEqual(try fixture.admin.call("GET", "/projects/\(projectId)").status, 200)
        XCTAssertTrue(try pages.get("/dashboard/apps").text.contains("Not connected"))
    }
}
