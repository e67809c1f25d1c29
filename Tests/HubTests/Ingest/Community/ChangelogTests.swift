import Foundation
import XCTest

@testable import IngestService

/// Operator changelog entries and the public `GET /api/v1/changelog` feed.
final class ChangelogTests: XCTestCase {
    var admin: AdminClient!
    var projectId: String!
    var appId: String!

    override func setUpWithError() throws {
        admin = try AdminClient()
        (projectId, appId) = try admin.newProject()
    }

    override func tearDown() { admin?.shutdown() }

    private func publicFeed(_ extra: String = "") throws -> HubReply {
        try admin.hub.get("/api/v1/changelog?app_id=\(appId!)" + extra)
    }

    private func create(_ title: String) throws -> String {
        let created = try admin.call("POST", "/projects/\(projectId!)/changelog", json: ["title": title, "body": "Details of \(title)"])
        XCTAssertEqual(created.status, 201, "\(created.json)")
        XCTAssertEqual(created.json["state"] as? String, "draft")
        return try XCTUnwrap(created.json["id"] as? String)
    }

    func testDraftsAreHiddenPublishedListedNewestFirstAndUnpublishHides() throws {
        // Given three entries, two published in order and one draft
        let first = try create("Version 1.0")
        let second = try create("Version 1.1")
        _ = try create("Upcoming")
        XCTAssertEqual(try admin.call("POST", "/changelog/\(first)/publish").json["state"] as? String, "published")
        Thread.sleep(forTimeInterval: 0.005)
        XCTAssertEqual(try admin.call("POST", "/changelog/\(second)/publish").status, 200)
        // When the public feed is read
        let feed = try publicFeed()
        // Then only published entries appear, newest published first, with the public fields only
        XCTAssertEqual(feed.status, 200)
        let items = try XCTUnwrap(feed.json["items"] as? [[String: Any]])
        XCTAssertEqual(items.map { $0["id"] as? String }, [second, first])
        XCTAssertEqual(Set(items[0].keys), ["id", "title", "body", "publishedAt"])
        XCTAssertTrue(feed.json["nextCursor"] is NSNull)
        // And pages follow the signed cursor
        let page = try publicFeed("&limit=1")
        XCTAssertEqual((page.json["items"] as? [[String: Any]])?.first?["id"] as? String, second)
        let next = try publicFeed("&limit=1&cursor=" + (page.json["nextCursor"] as? String ?? ""))
        XCTAssertEqual((next.json["items"] as? [[String: Any]])?.map { $0["id"] as? String }, [first])
        XCTAssertEqual(try publicFeed("&cursor=forged").status, 400)
        // And unpublishing hides an entry again, and the operator still lists all three
        let unpublished = try admin.call("POST", "/changelog/\(second)/unpublish")
        XCTAssertEqual(unpublished.json["state"] as? String, "draft")
        XCTAssertTrue(unpublished.json["publishedAt"] is NSNull)
        XCTAssertEqual((try publicFeed().json["items"] as? [[String: Any]])?.map { $0["id"] as? String }, [first])
        XCTAssertEqual((try admin.call("GET", "/projects/\(projectId!)/changelog").json["items"] as? [[String: Any]])?.count, 3)
    }

    func testRepublishKeepsTheFirstTimestampAndEditsDeleteValidation() throws {
        // Given a published entry
        let id = try create("Dark mode")
        let publishedAt = try XCTUnwrap(try admin.call("POST", "/changelog/\(id)/publish").json["publishedAt"] as? String)
        Thread.sleep(forTimeInterval: 0.005)
        // When it is published again and edited
        XCTAssertEqual(try admin.call("POST", "/changelog/\(id)/publish").json["publishedAt"] as? String, publishedAt)
        let edited = try admin.call("PATCH", "/changelog/\(id)", json: ["title": "Dark mode is here"])
        // Then it keeps its first publication time and the new title
        XCTAssertEqual(edited.json["publishedAt"] as? String, publishedAt)
        XCTAssertEqual(edited.json["title"] as? String, "Dark mode is here")
        XCTAssertEqual(edited.json["body"] as? String, "Details of Dark mode")
        // And invalid texts are field errors
        let bad = try admin.call(
            "POST", "/projects/\(projectId!)/changelog", json: ["title": "", "body": String(repeating: "b", count: 20_001)])
        XCTAssertEqual(Set(bad.fields.keys), ["title", "body"])
        // And a deleted entry leaves the public feed and is 404 afterwards
        XCTAssertEqual(try admin.call("DELETE", "/changelog/\(id)").status, 204)
        XCTAssertEqual((try publicFeed().json["items"] as? [[String: Any]])?.count, 0)
        XCTAssertEqual(try admin.call("POST", "/changelog/\(id)/publish").status, 404)
    }

    func testAnotherOrganizationsEntriesAreNotFound() throws {
        // Given an entry and a token of another organization
        let id = try create("Private draft")
        let other = try admin.createOrganization(slug: "acme", name: "Acme")
        // When the other organization touches it
        let statuses = [
            try admin.call("GET", "/projects/\(projectId!)/changelog", token: other).status,
            try admin.call("POST", "/projects/\(projectId!)/changelog", json: ["title": "x", "body": "y"], token: other).status,
            try admin.call("PATCH", "/changelog/\(id)", json: ["title": "Hacked"], token: other).status,
            try admin.call("POST", "/changelog/\(id)/publish", token: other).status,
            try admin.call("DELETE", "/changelog/\(id)", token: other).status,
        ]
        // Then everything is 404 and the entry is unchanged
        XCTAssertEqual(statuses, [404, 404, 404, 404, 404])
        XCTAssertEqual(
            try admin.store.db.scalar("SELECT title || state FROM changelog_entries WHERE id = ?", [.text(id)]).stringValue,
            "Private draftdraft")
    }
}
