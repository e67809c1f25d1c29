import Foundation
import XCTest

@testable import IngestService

/// Reply drafts (issue 28; seeds "Reviews", "Draft and publish a reply") over the operator API,
/// with real ingest and asod against the fake App Store Connect and the fake OpenAI-compatible
/// API: what the provider sees, what a failure costs, the monthly allowance and its edges.
final class ReviewDraftTests: XCTestCase {
    private var drafts: ReviewDraftFixture!
    private var fixture: ASCFixture { drafts.asc }
    private var openAI: FakeOpenAI { drafts.openAI }
    private var projectId: String { drafts.projectId }

    override func tearDown() { drafts?.shutdown() }

    /// A drafts with the review synchronized; `ai` false leaves drafting off.
    private func start(ai: Bool = true) throws { drafts = try ReviewDraftFixture(ai: ai) }

    private func draft(token: String = OperatorAPI.token) throws -> HubReply {
        try fixture.call("POST", "/projects/\(projectId)/reviews/\(ReviewDraftFixture.reviewId)/draft", token: token)
    }

    private func used() throws -> Int { try drafts.used() }

    func testADraftComesBackFromTheAppNameAndReviewAloneAndNothingIsPublished() throws {
        // Given a synchronized review by a reviewer whose nickname is an email address
        try start()
        // When the operator asks for a draft
        let reply = try draft()
        // Then the fake's text comes back, and one draft is counted (self-hosted: no limit)
        XCTAssertEqual(reply.status, 200, reply.text)
        XCTAssertEqual(reply.json["text"] as? String, FakeOpenAI.reply)
        let allowance = try XCTUnwrap(reply.json["allowance"] as? [String: Any])
        XCTAssertTrue(allowance["limit"] is NSNull)
        XCTAssertEqual(allowance["used"] as? Int, 1)
        // And the provider got one completion for the configured model, with the key as Bearer
        let calls = try openAI.log()
        XCTAssertEqual(calls.count, 1)
        let call = try XCTUnwrap(calls.first)
        XCTAssertEqual(call["path"] as? String, "/v1/chat/completions")
        XCTAssertEqual(call["auth"] as? String, "Bearer " + FakeOpenAI.key)
        let body = try XCTUnwrap(call["json"] as? [String: Any])
        XCTAssertEqual(body["model"] as? String, FakeOpenAI.model)
        // And it saw the app's name, the review's title, body, rating and territory
        let messages = try XCTUnwrap(body["messages"] as? [[String: Any]])
        XCTAssertEqual(messages.compactMap { $0["role"] as? String }, ["system", "user"])
        let review = try XCTUnwrap(messages.last?["content"] as? String)
        for expected in ["Trails", "Se cierra al exportar", "La app se cierra cuando exporto un archivo GPX.", "2 of 5", "ESP"] {
            XCTAssertTrue(review.contains(expected), "\(expected) missing from \(review)")
        }
        let system = try XCTUnwrap(messages.first?["content"] as? String)
        XCTAssertTrue(system.contains("same language as the review"), system)
        XCTAssertTrue(system.contains("Do not promise dates"), system)
        // And the raw request holds no nickname, email, IDs or earlier response
        let raw = try XCTUnwrap(call["body"] as? String)
        for secret in [
            "quietfox", "zeb.", "@", "Zebulon", ReviewDraftFixture.reviewId, "7f3c2a1e", "resp-quietfox", "1450000001", projectId,
        ] {
            XCTAssertFalse(raw.contains(secret), "\(secret) was sent to the provider")
        }
        // And nothing was published with Apple
        XCTAssertTrue(try fixture.log().filter { ($0["method"] as? String) != "GET" }.isEmpty)
    }

    func testRateLimitTimeoutAndBadAnswersAreDraftUnavailableWithoutSpending() throws {
        // Given a Pro organization (100 drafts a month) and a provider that fails four ways
        try start()
        try fixture.setPlan("pro")
        try openAI.script([["status": 429, "retryAfter": 7], ["delayMs": 2_500], ["status": 500], ["raw": "{\"choices\": []}"]])
        // When a draft meets a 429, then it is DRAFT_UNAVAILABLE with the provider's wait
        let limited = try draft()
        XCTAssertEqual(limited.status, 503, limited.text)
        XCTAssertEqual(limited.code, "DRAFT_UNAVAILABLE")
        XCTAssertEqual(limited.header("Retry-After"), "7")
        // When the provider answers after the 1-second timeout, a 500, or no reply, the same
        for _ in 0..<3 {
            let failed = try draft()
            XCTAssertEqual(failed.status, 503, failed.text)
            XCTAssertEqual(failed.code, "DRAFT_UNAVAILABLE")
        }
        // Then every attempt reached the provider and none was spent
        XCTAssertEqual(try openAI.log().count, 4)
        XCTAssertEqual(try used(), 0)
        // When the provider answers again, exactly one is spent
        let drafted = try draft()
        XCTAssertEqual(drafted.status, 200, drafted.text)
        let allowance = try XCTUnwrap(drafted.json["allowance"] as? [String: Any])
        XCTAssertEqual(allowance["limit"] as? Int, 100)
        XCTAssertEqual(allowance["used"] as? Int, 1)
        XCTAssertEqual(allowance["remaining"] as? Int, 99)
        XCTAssertEqual(try used(), 1)
    }

    func testTheLastDraftOfTheMonthSucceedsAndTheNextIsRefusedWithoutCallingTheProvider() throws {
        // Given a Pro organization that used 99 of its 100 drafts this month
        try start()
        try fixture.setPlan("pro")
        try drafts.setUsed(99)
        // When it asks for one more, then it is drafted and none remain
        let last = try draft()
        XCTAssertEqual(last.status, 200, last.text)
        XCTAssertEqual((last.json["allowance"] as? [String: Any])?["remaining"] as? Int, 0)
        // When it asks again, then DRAFT_UNAVAILABLE says when the allowance comes back
        let spent = try draft()
        XCTAssertEqual(spent.status, 429, spent.text)
        XCTAssertEqual(spent.code, "DRAFT_UNAVAILABLE")
        let resetsAt = try XCTUnwrap((spent.json["error"] as? [String: Any])?["fields"] as? [String: Any])["resetsAt"] as? [String]
        XCTAssertTrue(resetsAt?.first?.hasSuffix("-01T00:00:00.000Z") ?? false, "\(spent.text)")
        // And the provider was called once only, and 100 are counted
        XCTAssertEqual(try openAI.log().count, 1)
        XCTAssertEqual(try used(), 100)
        // When the organization is on Free (no drafts), then PLAN_REQUIRED, still without a call
        try fixture.setPlan("free")
        let free = try draft()
        XCTAssertEqual(free.status, 403, free.text)
        XCTAssertEqual(free.code, "PLAN_REQUIRED")
        XCTAssertEqual(try openAI.log().count, 1)
    }

    func testALongReplyIsCutToApplesLimitAndAnEmptyOneIsUnavailable() throws {
        // Given a provider whose reply is 6,500 characters of words, then one of blanks
        try start()
        try openAI.script([["content": String(repeating: "gracias ", count: 812) + "fin"], ["content": "  \n "]])
        // When a draft is asked for, then it is cut at a word within Apple's 5,970 characters
        let long = try draft()
        XCTAssertEqual(long.status, 200, long.text)
        let text = try XCTUnwrap(long.json["text"] as? String)
        XCTAssertLessThanOrEqual(text.count, 5_970)
        XCTAssertGreaterThan(text.count, 5_950)
        XCTAssertTrue(text.hasSuffix("gracias"), String(text.suffix(20)))
        // When the reply is blank, then DRAFT_UNAVAILABLE and only the first was spent
        let blank = try draft()
        XCTAssertEqual(blank.code, "DRAFT_UNAVAILABLE", blank.text)
        XCTAssertEqual(try used(), 1)
    }

    func testWithoutAProviderItIsAINotConfigured() throws {
        // Given a drafts without APPNORTH_AI_URL
        try start(ai: false)
        // When a draft is asked for, then AI_NOT_CONFIGURED, with nothing counted
        let reply = try draft()
        XCTAssertEqual(reply.status, 503, reply.text)
        XCTAssertEqual(reply.code, "AI_NOT_CONFIGURED")
        XCTAssertEqual(try used(), 0)
        XCTAssertTrue(try openAI.log().isEmpty)
    }

    func testAnotherOrganizationsReviewIsNotFoundAndAReadTokenMayNotDraft() throws {
        // Given the review of the operator's organization and another organization's token
        try start()
        let other = try fixture.createOrganization(slug: "other")
        // When the other organization asks for a draft of it, then 404 and no provider call
        XCTAssertEqual(try draft(token: other).status, 404)
        // And a read token is refused, and an unknown review is REVIEW_NOT_FOUND
        let reader = try fixture.createToken(name: "reader", scope: "read")
        XCTAssertEqual(try draft(token: reader).status, 403)
        let unknown = try fixture.call("POST", "/projects/\(projectId)/reviews/nope/draft")
        XCTAssertEqual(unknown.code, "REVIEW_NOT_FOUND")
        XCTAssertTrue(try openAI.log().isEmpty)
    }
}
