import Foundation
import XCTest

@testable import IngestService

/// Reviews (docs/app-store-connect.md, "Reviews") over HTTP against the fake App Store Connect:
/// synchronization, filters, publishing and deleting a developer response with Apple's state
/// recorded apart from the team's open/done, and promotion to a community idea that keeps the link.
final class ASCReviewsTests: XCTestCase {
    private var fixture: ASCFixture!
    private var admin: AdminClient { fixture.admin }
    private var projectId: String!

    override func setUpWithError() throws {
        let reviews: [[String: Any]] = [
            [
                "id": "r1", "rating": 5, "title": "Love it", "body": "Best trail app", "reviewerNickname": "ana",
                "createdDate": "2026-11-01T10:00:00-07:00",
                "territory": "USA",
                "response": [
                    "id": "resp-r1", "responseBody": "Thank you!", "lastModifiedDate": "2026-11-02T10:00:00-07:00", "state": "PUBLISHED",
                ],
            ],
            [
                "id": "r2", "rating": 2, "title": "Crashes", "body": "Crashes when I export a GPX file", "reviewerNickname": "bo",
                "createdDate": "2026-11-20T10:00:00-07:00", "territory": "ESP",
            ],
            [
                "id": "r3", "rating": 1, "title": "", "body": "No offline maps", "reviewerNickname": "cy",
                "createdDate": "2026-11-25T10:00:00-07:00",
                "territory": "USA",
            ],
        ]
        fixture = try ASCFixture(apps: [["id": "1450000001", "name": "Trails", "bundleId": "com.example.trails", "reviews": reviews]])
        projectId = try XCTUnwrap(fixture.connectAndImport(["1450000001"]).first)
    }

    override func tearDown() { fixture?.shutdown() }

    private func reviews(_ query: String = "") throws -> [[String: Any]] {
        let reply = try admin.call("GET", "/projects/\(projectId!)/reviews" + query)
        XCTAssertEqual(reply.status, 200, "\(reply.json)")
        return reply.json["items"] as? [[String: Any]] ?? []
    }

    func testSyncListsNewestFirstWithFiltersAndApplesResponseState() throws {
        // When the reviews are synchronized
        let synced = try admin.call("POST", "/projects/\(projectId!)/reviews/sync")
        XCTAssertEqual(synced.status, 200, "\(synced.json)")
        XCTAssertEqual(synced.json["fetched"] as? Int, 3)
        // Then they list newest first, with Apple's response and state
        let all = try reviews()
        XCTAssertEqual(all.compactMap { $0["id"] as? String }, ["r3", "r2", "r1"])
        let answered = try XCTUnwrap(all.last?["response"] as? [String: Any])
        XCTAssertEqual(answered["state"] as? String, "PUBLISHED")
        XCTAssertEqual(all.first?["status"] as? String, "open")
        // And the filters hold
        XCTAssertEqual(try reviews("?rating=2").compactMap { $0["id"] as? String }, ["r2"])
        XCTAssertEqual(try reviews("?territory=USA").compactMap { $0["id"] as? String }, ["r3", "r1"])
        XCTAssertEqual(try reviews("?answered=true").compactMap { $0["id"] as? String }, ["r1"])
        XCTAssertEqual(try reviews("?answered=false&limit=1").compactMap { $0["id"] as? String }, ["r3"])
        XCTAssertEqual(try admin.call("GET", "/projects/\(projectId!)/reviews?rating=9").status, 400)
        // And the request to Apple asked for the newest reviews with their responses
        let request = try XCTUnwrap(try fixture.log().last { ($0["path"] as? String)?.contains("customerReviews") == true })
        XCTAssertTrue((request["path"] as? String)?.contains("sort=-createdDate") ?? false)
        XCTAssertTrue((request["path"] as? String)?.contains("include=response") ?? false)
    }

    func testPublishingReplacingAndDeletingAResponseKeepsApplesStateApartFromOpenDone() throws {
        // Given synchronized reviews
        XCTAssertEqual(try admin.call("POST", "/projects/\(projectId!)/reviews/sync").status, 200)
        // When the team answers r2, then replaces the answer
        let first = try admin.call("PUT", "/projects/\(projectId!)/reviews/r2/response", json: ["body": "Fixed in 2.1, sorry!"])
        let replaced = try admin.call("PUT", "/projects/\(projectId!)/reviews/r2/response", json: ["body": "Fixed in 2.1.1."])
        // Then Apple holds the latest text, recorded with Apple's state, and the review stays open
        XCTAssertEqual(first.status, 200, "\(first.json)")
        let response = try XCTUnwrap(replaced.json["response"] as? [String: Any])
        XCTAssertEqual(response["body"] as? String, "Fixed in 2.1.1.")
        XCTAssertEqual(response["state"] as? String, "PENDING_PUBLISH")
        XCTAssertEqual(replaced.json["status"] as? String, "open")
        let posts = try fixture.log().filter { $0["method"] as? String == "POST" }
        XCTAssertEqual(posts.count, 2)
        XCTAssertTrue((posts.last?["body"] as? String)?.contains("\"customerReviews\"") ?? false)
        // When it is marked done, then the response is deleted
        let done = try admin.call("PATCH", "/projects/\(projectId!)/reviews/r2", json: ["status": "done"])
        XCTAssertEqual(done.json["status"] as? String, "done")
        XCTAssertNotNil(done.json["response"] as? [String: Any], "open/done does not touch Apple's response")
        let deleted = try admin.call("DELETE", "/projects/\(projectId!)/reviews/r2/response")
        // Then Apple received the DELETE and the review is done without a response
        XCTAssertEqual(deleted.status, 200, "\(deleted.json)")
        XCTAssertTrue(deleted.json["response"] is NSNull)
        XCTAssertEqual(deleted.json["status"] as? String, "done")
        XCTAssertEqual(try fixture.log().filter { $0["method"] as? String == "DELETE" }.count, 1)
        // And empty answers and unknown reviews are refused without calling Apple
        XCTAssertEqual(try admin.call("PUT", "/projects/\(projectId!)/reviews/r2/response", json: ["body": "  "]).status, 400)
        XCTAssertEqual(
            try admin.call("PUT", "/projects/\(projectId!)/reviews/nope/response", json: ["body": "Hi"]).code,
            "REVIEW_NOT_FOUND")
        XCTAssertEqual(try admin.call("DELETE", "/projects/\(projectId!)/reviews/r3/response").code, "NO_RESPONSE")
    }

    func testAReviewIsPromotedToACommunityIdeaOnceAndKeepsTheLink() throws {
        // Given synchronized reviews
        XCTAssertEqual(try admin.call("POST", "/projects/\(projectId!)/reviews/sync").status, 200)
        // When r2 is promoted to the ideas board
        let promoted = try admin.call("POST", "/projects/\(projectId!)/reviews/r2/promote", json: ["board": "ideas"])
        // Then an idea exists with the review's title and text, and the review names it
        XCTAssertEqual(promoted.status, 201, "\(promoted.json)")
        let idea = try XCTUnwrap(promoted.json["idea"] as? [String: Any])
        XCTAssertEqual(idea["title"] as? String, "Crashes")
        let ideaId = try XCTUnwrap(idea["id"] as? String)
        XCTAssertEqual(try reviews("?rating=2").first?["ideaId"] as? String, ideaId)
        XCTAssertEqual(try admin.call("GET", "/ideas/\(ideaId)").status, 200)
        // And a second promotion is refused; a review without a title gets a neutral one
        XCTAssertEqual(try admin.call("POST", "/projects/\(projectId!)/reviews/r2/promote", json: [:]).code, "ALREADY_PROMOTED")
        let untitled = try admin.call("POST", "/projects/\(projectId!)/reviews/r3/promote", json: [:])
        XCTAssertEqual((untitled.json["idea"] as? [String: Any])?["title"] as? String, "Review from USA")
    }

    func testTheReviewsJobSynchronizesImportedAppsAndProjectsNotImportedHaveNone() throws {
        // When the reviews job runs on demand
        let run = try admin.call("POST", "/jobs/reviews/run")
        // Then the imported app's reviews are stored
        XCTAssertEqual(run.status, 200, "\(run.json)")
        XCTAssertEqual(run.json["processed"] as? Int, 3)
        XCTAssertEqual(try reviews().count, 3)
        // And a project created by hand has no reviews to read
        let manual = try admin.createProject(name: "Manual")
        XCTAssertEqual(try admin.call("GET", "/projects/\(manual)/reviews").code, "NOT_IMPORTED")
    }
}
