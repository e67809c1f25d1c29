import Foundation
import TestSupport
import XCTest

@testable import IngestService

/// `/dashboard/apps/<projectId>/reviews` (docs "Reviews"; issue 26): the stored reviews with the
/// seed's filters, review text escaped, Apple's response state apart from open/done, replies
/// published and deleted through a task's page, promotion to an idea, and members reading only.
final class ReviewsPagesTests: XCTestCase {
    private var fixture: ASCFixture!
    private var pages: PageSession!
    private var projectId: String!

    override func setUpWithError() throws {
        let reviews: [[String: Any]] = [
            [
                "id": "r1", "rating": 5, "title": "Love it", "body": "Best trail app", "reviewerNickname": "ana",
                "createdDate": "2026-11-01T10:00:00-07:00", "territory": "USA",
                "response": [
                    "id": "resp-r1", "responseBody": "Thank you!", "lastModifiedDate": "2026-11-02T10:00:00-07:00", "state": "PUBLISHED",
                ],
            ],
            [
                "id": "r2", "rating": 2, "title": "<script>alert('t')</script>", "body": "Crashes <img src=x onerror=alert(1)>",
                "reviewerNickname": "bo", "createdDate": "2026-11-20T10:00:00-07:00", "territory": "ESP",
            ],
        ]
        fixture = try ASCFixture(apps: [
            ["id": "1450000001", "name": "Trails", "bundleId": "com.example.trails", "reviews": reviews]
        ])
        projectId = try XCTUnwrap(fixture.connectAndImport(["1450000001"]).first)
        XCTAssertEqual(try fixture.call("POST", "/projects/\(projectId!)/reviews/sync").status, 200)
        pages = try fixture.admin.pages(as: "owner@example.com", role: .owner)
    }

    override func tearDown() { fixture?.shutdown() }

    private var path: String { "/dashboard/apps/\(projectId!)/reviews" }

    func testTheListShowsStarsFiltersAndApplesStateApartWithTheTextEscaped() throws {
        // When the owner opens the reviews
        let page = try pages.get(path)
        // Then both show newest first, stars as text with a label, Apple's state apart from open/done
        XCTAssertEqual(page.status, 200, page.text)
        XCTAssertTrue(page.text.contains(#"aria-label="5 out of 5 stars">★★★★★</span>"#))
        XCTAssertTrue(page.text.contains(#"aria-label="2 out of 5 stars">★★☆☆☆</span>"#))
        XCTAssertTrue(page.text.contains("Response published"))
        XCTAssertTrue(page.text.contains("No response"))
        XCTAssertLessThan(
            try XCTUnwrap(page.text.range(of: "review-r2")).lowerBound, try XCTUnwrap(page.text.range(of: "review-r1")).lowerBound)
        // And the review's own text is escaped, never markup
        XCTAssertFalse(page.text.contains("<script>alert"))
        XCTAssertFalse(page.text.contains("<img src=x"))
        XCTAssertTrue(
            page.text.contains("&lt;script&gt;alert(&#39;t&#39;)&lt;/script&gt;")
                || page.text.contains("&lt;script&gt;alert('t')&lt;/script&gt;"))
        // When filtered to unanswered reviews, or to one territory
        let unanswered = try pages.get(path + "?answered=false")
        XCTAssertTrue(unanswered.text.contains("review-r2"))
        XCTAssertFalse(unanswered.text.contains("review-r1"))
        let usa = try pages.get(path + "?territory=USA&rating=5&status=open")
        XCTAssertTrue(usa.text.contains("review-r1"))
        XCTAssertFalse(usa.text.contains("review-r2"))
        // And a filter out of bounds is said by its field
        let bad = try pages.get(path + "?rating=9")
        XCTAssertEqual(bad.status, 400)
        XCTAssertTrue(bad.text.contains("must be 1-5"))
    }

    func testAReplyIsPublishedAndDeletedThroughTheTaskPageAndAMemberMayNot() throws {
        // Given Apple that takes two seconds to take the reply
        try fixture.controlPost(
            "/__control/script",
            ["method": "POST", "path": "/v1/customerReviewResponses", "responses": [["status": 201, "delayMs": 2_000]]])
        // When the owner publishes a reply to r2
        let started = try pages.post(path + "/r2/response", [("body", "Fixed in 2.1 <b>thanks</b>")])
        // Then the post answers at once with the task's page, still working
        XCTAssertEqual(started.status, 303)
        XCTAssertTrue(try pages.get(try XCTUnwrap(started.header("location"))).text.contains("Working…"))
        // And once Apple has answered, the review's page shows the reply, escaped, with Apple's state
        let done = try pages.settled(started)
        XCTAssertEqual(done.header("location"), path + "/r2?done=published")
        let review = try pages.get(path + "/r2")
        XCTAssertTrue(review.text.contains("Fixed in 2.1 &lt;b&gt;thanks&lt;/b&gt;"), review.text)
        XCTAssertTrue(review.text.contains("Response pending publication"))
        XCTAssertTrue(review.text.contains(">Open</span>"))
        // When a member tries to delete it, it is refused
        let member = try fixture.admin.pages(as: "member@example.com", role: .member)
        let memberView = try member.get(path + "/r2")
        XCTAssertEqual(memberView.status, 200)
        XCTAssertFalse(memberView.text.contains("name=\"body\""))
        XCTAssertEqual(try member.post(path + "/r2/response/delete").status, 403)
        XCTAssertEqual(try member.post(path + "/r2/status", [("status", "done")]).status, 403)
        XCTAssertEqual(try member.post(path + "/sync").status, 403)
        // When the owner deletes it
        let deleted = try pages.settled(try pages.post(path + "/r2/response/delete"))
        XCTAssertEqual(deleted.header("location"), path + "/r2?done=response-deleted")
        XCTAssertTrue(try pages.get(path + "/r2").text.contains("No response yet."))
        let deletes = try fixture.log().filter { ($0["method"] as? String) == "DELETE" }
        XCTAssertEqual(deletes.count, 1)
        // And a reply without text is drawn again with the problem, sending nothing
        let empty = try pages.post(path + "/r2/response", [("body", "   ")])
        XCTAssertEqual(empty.status, 400)
        XCTAssertTrue(empty.text.contains("must be 1-5970 characters"))
    }

    func testDoneReopenSynchronizeAndPromoteToAnIdea() throws {
        // When the owner marks r2 done
        let marked = try pages.post(path + "/r2/status", [("status", "done")])
        XCTAssertEqual(marked.status, 303)
        XCTAssertTrue(try pages.get(path + "?status=done").text.contains("review-r2"))
        // When the owner promotes it with an edited title to the ideas board
        let promoted = try pages.post(
            path + "/r2/promote", [("board", "ideas"), ("title", "Export GPX without crashing"), ("description", "From a review")])
        XCTAssertEqual(promoted.status, 303, promoted.text)
        // Then the review links to the idea, which has the edited title
        let review = try pages.get(path + "/r2")
        XCTAssertTrue(review.text.contains("Promoted to <a href=\"/dashboard/ideas/"), review.text)
        let ideas = try fixture.call("GET", "/projects/\(projectId!)/ideas")
        XCTAssertTrue(ideas.text.contains("Export GPX without crashing"), ideas.text)
        // When the owner synchronizes, the task's page brings them back with the count
        let synced = try pages.settled(try pages.post(path + "/sync"))
        XCTAssertEqual(synced.header("location"), path + "?done=synced-2")
    }

    func testAProjectNotImportedExplainsHowToConnect() throws {
        // Given a project made by hand
        let plain = try fixture.createProject(name: "Plain")
        // Then its reviews page says it is not linked and links to the connection
        let page = try pages.get("/dashboard/apps/\(plain)/reviews")
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(page.text.contains("not linked to an App Store app"))
        XCTAssertTrue(page.text.contains("href=\"/dashboard/apps#app-store-connect\""))
        XCTAssertFalse(page.text.contains("/reviews/sync"))
    }
}
