import Foundation
import XCTest

@testable import HubCrypto
@testable import HubRuntime
@testable import IngestService

final class AdminProjectsTests: XCTestCase {
    var admin: AdminClient!

    override func setUpWithError() throws { admin = try AdminClient() }
    override func tearDown() { admin?.shutdown() }

    func testCreatedProjectHasThePinnedShapeAndDefaults() throws {
        // When a project is created with only name and origins
        let created = try admin.call("POST", "/projects", json: ["name": "Notes", "allowedOrigins": ["HTTPS://Notes.Example.com"]])
        // Then it has the pinned fields and defaults, with absent values as null
        XCTAssertEqual(created.status, 201)
        let json = created.json
        XCTAssertEqual(
            Set(json.keys),
            [
                "id", "appId", "name", "allowedOrigins", "chatMode", "watermark", "languages",
                "automaticReviewRequests", "appStoreId", "bundleId", "identityConfigured", "createdAt", "updatedAt",
            ])
        XCTAssertTrue((json["appId"] as? String)?.hasPrefix("app_") == true)
        XCTAssertNotEqual(json["appId"] as? String, json["id"] as? String)
        XCTAssertEqual(json["allowedOrigins"] as? [String], ["https://notes.example.com"])
        XCTAssertEqual(json["chatMode"] as? String, "identified")
        XCTAssertEqual(json["watermark"] as? Bool, true)
        XCTAssertEqual(json["languages"] as? [String], ["en"])
        XCTAssertEqual(json["automaticReviewRequests"] as? Bool, false)
        XCTAssertTrue(json["appStoreId"] is NSNull)
        XCTAssertEqual(json["identityConfigured"] as? Bool, false)
        XCTAssertNotNil(ISOTime.parse(json["createdAt"] as? String ?? ""))
        // And one board `ideas` with the default statuses, open policies and no moderation
        let id = try XCTUnwrap(json["id"] as? String)
        let boards = try XCTUnwrap(try admin.call("GET", "/projects/\(id)/boards").json["boards"] as? [[String: Any]])
        XCTAssertEqual(boards.count, 1)
        XCTAssertEqual(boards[0]["slug"] as? String, "ideas")
        XCTAssertEqual(boards[0]["moderation"] as? String, "none")
        XCTAssertEqual(boards[0]["policies"] as? [String: String], ["submission": "anyone", "vote": "anyone", "comment": "anyone"])
        let statuses = try XCTUnwrap(boards[0]["statuses"] as? [[String: Any]])
        XCTAssertEqual(statuses.map { $0["slug"] as? String }, ["open", "planned", "in-progress", "done", "declined"])
        XCTAssertEqual(statuses.filter { $0["isDefault"] as? Bool == true }.map { $0["slug"] as? String }, ["open"])
        XCTAssertEqual(statuses.filter { $0["isFinal"] as? Bool == true }.map { $0["slug"] as? String }, ["done", "declined"])
        // And it is listed and readable
        XCTAssertEqual(try admin.call("GET", "/projects/\(id)").json["name"] as? String, "Notes")
        XCTAssertEqual((try admin.call("GET", "/projects").json["items"] as? [[String: Any]])?.count, 1)
    }

    func testCreateAndPatchValidationNamesEveryField() throws {
        // Given a project
        let id = try admin.createProject()
        // When creation and a PATCH carry several invalid fields
        let create = try admin.call(
            "POST", "/projects",
            json: [
                "name": "", "allowedOrigins": ["http://ok.dev", "http://bad.dev/"],
                "chatMode": "always",
            ])
        let patch = try admin.call(
            "PATCH", "/projects/\(id)",
            json: [
                "allowedOrigins": ["ftp://files.dev", "https://app.dev/path", "https://fine.dev:8443"],
                "languages": ["en", "english!"], "chatMode": "sometimes", "appStoreId": "12a",
            ])
        let tooMany = try admin.call("PATCH", "/projects/\(id)", json: ["allowedOrigins": (0...50).map { "https://h\($0).dev" }])
        let wrongType = try admin.call("PATCH", "/projects/\(id)", json: ["watermark": "yes"])
        // Then each is 400 INVALID_PAYLOAD naming every bad field, or INVALID_JSON for a wrong type
        XCTAssertEqual(create.status, 400)
        XCTAssertEqual(create.code, "INVALID_PAYLOAD")
        XCTAssertEqual(Set(create.fields.keys), ["name", "allowedOrigins[1]", "chatMode"])
        XCTAssertEqual(patch.status, 400)
        XCTAssertEqual(
            Set(patch.fields.keys),
            ["allowedOrigins[0]", "allowedOrigins[1]", "languages[1]", "chatMode", "appStoreId"])
        XCTAssertEqual(Set(tooMany.fields.keys), ["allowedOrigins"])
        XCTAssertEqual(wrongType.code, "INVALID_JSON")
        // And nothing changed
        let project = try XCTUnwrap(admin.store.project(id: id))
        XCTAssertEqual(project.allowedOrigins, ["http://localhost"])
        XCTAssertEqual(project.chatMode, .identified)
        XCTAssertEqual((try admin.call("GET", "/projects").json["items"] as? [[String: Any]])?.count, 1)
    }

    func testPatchChangesOnlyTheGivenFields() throws {
        // Given a project with an App Store ID
        let id = try admin.createProject()
        XCTAssertEqual(
            try admin.call("PATCH", "/projects/\(id)", json: ["appStoreId": "1234567890"]).json["appStoreId"] as? String,
            "1234567890")
        // When several fields change and the App Store ID is cleared with null
        let patched = try admin.call(
            "PATCH", "/projects/\(id)",
            json: [
                "chatMode": "anyone", "watermark": false, "languages": ["en", "pt-BR", "zh-Hant-TW"], "automaticReviewRequests": true,
                "allowedOrigins": ["http://127.0.0.1:3000", "https://app.example.com"], "appStoreId": NSNull(), "name": "Renamed",
            ])
        // Then the response and the store show the new values
        XCTAssertEqual(patched.status, 200, "\(patched.json)")
        XCTAssertEqual(patched.json["chatMode"] as? String, "anyone")
        XCTAssertTrue(patched.json["appStoreId"] is NSNull)
        let project = try XCTUnwrap(admin.store.project(id: id))
        XCTAssertEqual(project.chatMode, .anyone)
        XCTAssertFalse(project.watermark)
        XCTAssertTrue(project.automaticReviewRequests)
        XCTAssertEqual(project.languages, ["en", "pt-BR", "zh-Hant-TW"])
        XCTAssertEqual(project.allowedOrigins, ["http://127.0.0.1:3000", "https://app.example.com"])
        XCTAssertNil(project.appStoreId)
        XCTAssertEqual(project.name, "Renamed")
        // And a PATCH of one field leaves the others
        XCTAssertEqual(try admin.call("PATCH", "/projects/\(id)", json: ["watermark": true]).json["chatMode"] as? String, "anyone")
    }

    func testIdentitySecretRotationReplacesTheSecretAtOnce() throws {
        // Given a project without identity
        let id = try admin.createProject()
        XCTAssertNil(try admin.store.identitySecret(projectId: id))
        // When the secret is created, then rotated
        let first = try admin.call("POST", "/projects/\(id)/identity-secret")
        let second = try admin.call("POST", "/projects/\(id)/identity-secret")
        // Then each answer is a fresh 32-byte secret and the store hands out only the newest
        XCTAssertEqual(first.status, 201)
        let a = try XCTUnwrap(first.json["secret"] as? String)
        let b = try XCTUnwrap(second.json["secret"] as? String)
        XCTAssertEqual(Hex.decode(a)?.count, 32)
        XCTAssertNotEqual(a, b)
        XCTAssertEqual(try admin.store.identitySecret(projectId: id), b)
        XCTAssertEqual(try admin.call("GET", "/projects/\(id)").json["identityConfigured"] as? Bool, true)
        // And without a credentials key it is sealed under the keyring generated in the data directory
        let stored = try XCTUnwrap(try admin.store.db.scalar("SELECT identity_secret FROM projects WHERE id = ?", [.text(id)]).stringValue)
        XCTAssertFalse(stored.contains(b))
        let keyring = try XCTUnwrap(HubKeyring.read(admin.hub.dataDirectory + "/keys/credentials.key"))
        XCTAssertEqual(try keyring.openString(stored, associatedData: id), b)
    }

    func testIdentitySecretIsSealedAtRestWithACredentialsKey() throws {
        // Given a hub with APPNORTH_CREDENTIALS_KEY
        admin.shutdown()
        admin = try AdminClient(environment: [Keyring.environmentVariable: String(repeating: "ab", count: 32)])
        let id = try admin.createProject()
        // When a secret is created
        let secret = try XCTUnwrap(try admin.call("POST", "/projects/\(id)/identity-secret").json["secret"] as? String)
        // Then the column holds a sealed value without the secret, and the store opens it
        let stored = try XCTUnwrap(try admin.store.db.scalar("SELECT identity_secret FROM projects WHERE id = ?", [.text(id)]).stringValue)
        XCTAssertFalse(stored.contains(secret))
        XCTAssertTrue(stored.hasPrefix("v1:"))
        XCTAssertEqual(try admin.store.identitySecret(projectId: id), secret)
        XCTAssertEqual(try Keyring(spec: String(repeating: "ab", count: 32)).openString(stored, associatedData: id), secret)
        // And no keyring file was made: the variable takes its place
        XCTAssertFalse(FileManager.default.fileExists(atPath: admin.hub.dataDirectory + "/keys/credentials.key"))
        // And a value sealed for another project does not open as this one's
        let other = try admin.createProject(name: "Other")
        try admin.store.db.run("UPDATE projects SET identity_secret = ? WHERE id = ?", [.text(stored), .text(other)])
        XCTAssertThrowsError(try admin.store.identitySecret(projectId: other))
    }
}
