import Foundation
import XCTest

@testable import IngestService

/// `/dashboard/apps` (issue: "Apps: list and create; an install page…"): every member reads
/// the apps, owners and admins create and change them and their identity secret; the values
/// are checked as the operator API checks them.
final class AppsPagesTests: XCTestCase {
    var admin: AdminClient!

    override func setUpWithError() throws { admin = try AdminClient() }
    override func tearDown() { admin?.shutdown() }

    func testAnAppIsCreatedFromTheListAndItsInstallPageShowsTheAppIdAndSnippet() throws {
        let owner = try admin.pages(as: "ann@example.com")
        let list = try owner.get("/dashboard/apps")
        XCTAssertEqual(list.status, 200)
        XCTAssertTrue(list.text.contains("No apps yet."))
        // When the owner creates an app
        let created = try owner.post(
            "/dashboard/apps",
            [("name", "Notes"), ("allowedOrigins", "http://localhost\r\n HTTPS://Notes.Example.com \r\n\r\n"), ("chatMode", "anyone")])
        // Then it exists as typed (origins one a line, normalized) and the browser goes to its page
        XCTAssertEqual(created.status, 303)
        let project = try XCTUnwrap(try admin.call("GET", "/projects").items.first)
        let id = try XCTUnwrap(project["id"] as? String)
        let appId = try XCTUnwrap(project["appId"] as? String)
        XCTAssertEqual(created.header("location"), "/dashboard/apps/" + id + "?done=created")
        XCTAssertEqual(project["allowedOrigins"] as? [String], ["http://localhost", "https://notes.example.com"])
        XCTAssertEqual(project["chatMode"] as? String, "anyone")
        // And the install page shows the App ID, the snippet filled in, and the notice
        let page = try owner.get("/dashboard/apps/" + id + "?done=created")
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(page.text.contains("appId: &quot;" + appId + "&quot;") || page.text.contains("appId: \"" + appId + "\""))
        XCTAssertTrue(page.text.contains("App created."))
        XCTAssertTrue(try owner.get("/dashboard/apps").text.contains(appId))
    }

    func testARefusedAppKeepsWhatWasTypedWithTheOperatorAPIsWords() throws {
        let owner = try admin.pages(as: "ann@example.com")
        _ = try owner.get("/dashboard/apps")
        let reply = try owner.post(
            "/dashboard/apps",
            [("name", "Notes"), ("allowedOrigins", "http://localhost\nftp://files.example.com"), ("chatMode", "identified")])
        XCTAssertEqual(reply.status, 400)
        XCTAssertTrue(reply.text.contains("Line 2: must be scheme://host[:port]"))
        XCTAssertTrue(reply.text.contains("value=\"Notes\""))
        XCTAssertTrue(reply.text.contains("ftp://files.example.com"))
        // The same words the operator API answers with
        let api = try admin.call(
            "POST", "/projects", json: ["name": "Notes", "allowedOrigins": ["http://localhost", "ftp://files.example.com"]])
        XCTAssertEqual(api.fields["allowedOrigins[1]"]?.first.map { reply.text.contains($0) }, true)
        XCTAssertEqual(try admin.call("GET", "/projects").items.count, 0)
        // And a name of 101 characters is refused, 100 taken
        let long = String(repeating: "a", count: 101)
        XCTAssertEqual(try owner.post("/dashboard/apps", [("name", long), ("allowedOrigins", "")]).status, 400)
        XCTAssertEqual(try owner.post("/dashboard/apps", [("name", String(long.dropFirst())), ("allowedOrigins", "")]).status, 303)
    }

    func testMembersReadAppsButTheServerRefusesTheirChanges() throws {
        // Given an app and a member
        let (id, _) = try admin.newProject(name: "Notes", chatMode: "identified")
        let member = try admin.pages(as: "bo@example.com", role: .member)
        // When the member opens the list and the app
        let list = try member.get("/dashboard/apps")
        let page = try member.get("/dashboard/apps/" + id)
        // Then they read them without the forms
        XCTAssertEqual(list.status, 200)
        XCTAssertEqual(page.status, 200)
        XCTAssertFalse(list.text.contains("action=\"/dashboard/apps\""))
        XCTAssertFalse(page.text.contains("/identity-secret\""))
        XCTAssertFalse(page.text.contains("action=\"/dashboard/apps/" + id + "\""))
        // And posting them anyway is 403 and changes nothing
        let create = try member.post("/dashboard/apps", [("name", "Mine"), ("allowedOrigins", "http://localhost")])
        let save = try member.post("/dashboard/apps/" + id, [("name", "Renamed"), ("allowedOrigins", "http://localhost")])
        let secret = try member.post("/dashboard/apps/" + id + "/identity-secret")
        for reply in [create, save, secret] {
            XCTAssertEqual(reply.status, 403)
            XCTAssertTrue(reply.text.contains("FORBIDDEN"))
        }
        let project = try admin.call("GET", "/projects/" + id).json
        XCTAssertEqual(project["name"] as? String, "Notes")
        XCTAssertEqual(project["identityConfigured"] as? Bool, false)
        XCTAssertEqual(try admin.call("GET", "/projects").items.count, 1)
    }

    func testSettingsAreSavedAndARefusedSaveKeepsWhatWasTyped() throws {
        let (id, _) = try admin.newProject(name: "Notes")
        let owner = try admin.pages(as: "ann@example.com")
        _ = try owner.get("/dashboard/apps/" + id)
        // When the owner saves new settings with both boxes checked
        let saved = try owner.post(
            "/dashboard/apps/" + id,
            [
                ("name", "Notes Pro"), ("allowedOrigins", "http://localhost\nhttps://pro.example.com"), ("chatMode", "anyone"),
                ("languages", "en, es,pt-BR"), ("automaticReviewRequests", "1"), ("watermark", "1"),
            ])
        XCTAssertEqual(saved.status, 303)
        XCTAssertEqual(saved.header("location"), "/dashboard/apps/" + id + "?done=saved")
        var project = try admin.call("GET", "/projects/" + id).json
        XCTAssertEqual(project["name"] as? String, "Notes Pro")
        XCTAssertEqual(project["languages"] as? [String], ["en", "es", "pt-BR"])
        XCTAssertEqual(project["automaticReviewRequests"] as? Bool, true)
        XCTAssertEqual(project["watermark"] as? Bool, true)
        // And boxes left unchecked turn the options off
        let unchecked = try owner.post(
            "/dashboard/apps/" + id,
            [("name", "Notes Pro"), ("allowedOrigins", "http://localhost"), ("chatMode", "anyone"), ("languages", "en")])
        XCTAssertEqual(unchecked.status, 303)
        project = try admin.call("GET", "/projects/" + id).json
        XCTAssertEqual(project["automaticReviewRequests"] as? Bool, false)
        XCTAssertEqual(project["watermark"] as? Bool, false)
        // When a language is not one
        let bad = try owner.post(
            "/dashboard/apps/" + id,
            [("name", "Typed"), ("allowedOrigins", "http://localhost"), ("chatMode", "anyone"), ("languages", "en, !!")])
        // Then nothing changes, and the page says where
        XCTAssertEqual(bad.status, 400)
        XCTAssertTrue(bad.text.contains("Line 2: must be a language tag"))
        XCTAssertTrue(bad.text.contains("value=\"Typed\""))
        XCTAssertEqual(try admin.call("GET", "/projects/" + id).json["name"] as? String, "Notes Pro")
    }

    func testTheIdentitySecretIsShownOnlyInTheAnswerThatMadeIt() throws {
        let (id, _) = try admin.newProject(name: "Notes")
        let owner = try admin.pages(as: "ann@example.com")
        _ = try owner.get("/dashboard/apps/" + id)
        let made = try owner.post("/dashboard/apps/" + id + "/identity-secret")
        XCTAssertEqual(made.status, 200)
        XCTAssertEqual(made.header("cache-control"), "no-store")
        let secret = try XCTUnwrap(SettingsPagesTests.first(#"(?<=aria-label="Identity secret">)[0-9a-f]{64}"#, in: made.text))
        XCTAssertEqual(try admin.call("GET", "/projects/" + id).json["identityConfigured"] as? Bool, true)
        // And it is not on the page again, which now offers rotation
        let again = try owner.get("/dashboard/apps/" + id)
        XCTAssertFalse(again.text.contains(secret))
        XCTAssertTrue(again.text.contains("Rotate secret"))
        // And another organization's app is not found
        let other = try admin.createOrganization(slug: "other")
        let (otherId, _) = try admin.newProject(name: "Theirs", token: other)
        XCTAssertEqual(try owner.get("/dashboard/apps/" + otherId).status, 404)
        XCTAssertEqual(try owner.post("/dashboard/apps/" + otherId + "/identity-secret").status, 404)
        XCTAssertEqual(try admin.call("GET", "/projects/" + otherId, token: other).json["identityConfigured"] as? Bool, false)
    }

    func testAnAppsNameIsEscaped() throws {
        let (id, _) = try admin.newProject(name: "<img src=x onerror=alert(1)>")
        let owner = try admin.pages(as: "ann@example.com")
        for path in ["/dashboard/apps", "/dashboard/apps/" + id] {
            let page = try owner.get(path).text
            XCTAssertTrue(page.contains("&lt;img src=x onerror=alert(1)&gt;"), path)
            XCTAssertFalse(page.contains("<img src=x"), path)
        }
    }

    func testAPostWithoutTheFormTokenOrFromAnotherSiteChangesNothing() throws {
        let (id, _) = try admin.newProject(name: "Notes")
        let owner = try admin.pages(as: "ann@example.com")
        _ = try owner.get("/dashboard/apps/" + id)
        let noToken = try owner.post("/dashboard/apps/" + id + "/identity-secret", withToken: false)
        let foreign = try owner.post("/dashboard/apps/" + id + "/identity-secret", origin: "https://evil.example")
        XCTAssertEqual(noToken.status, 403)
        XCTAssertEqual(foreign.status, 403)
        XCTAssertTrue(foreign.text.contains("FORBIDDEN_ORIGIN"))
        XCTAssertEqual(try admin.call("GET", "/projects/" + id).json["identityConfigured"] as? Bool, false)
    }
}
