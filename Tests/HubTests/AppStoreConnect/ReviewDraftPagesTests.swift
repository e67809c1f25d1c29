import Foundation
import TestSupport
import XCTest

@testable import IngestService

/// "Draft reply" on a review's page (issue 28): the draft comes back through a task's page into
/// the response box, labelled for a person to check; refusals say what to do; without a
/// provider the button says why it is off; members see none of it.
final class ReviewDraftPagesTests: XCTestCase {
    private var drafts: ReviewDraftFixture!
    private var pages: PageSession!
    private var fixture: ASCFixture { drafts.asc }
    private var openAI: FakeOpenAI { drafts.openAI }

    override func tearDown() { drafts?.shutdown() }

    /// A drafts with the review synchronized and the owner signed in; `ai` false leaves drafting off.
    private func start(ai: Bool = true) throws {
        drafts = try ReviewDraftFixture(ai: ai)
        pages = try fixture.admin.pages(as: "owner@example.com", role: .owner)
    }

    private var path: String { "/dashboard/apps/\(drafts.projectId!)/reviews/\(ReviewDraftFixture.reviewId)" }

    func testTheDraftLandsInTheResponseBoxLabelledAndNothingIsPublished() throws {
        // Given a Pro organization and a provider that answers with markup in its text
        try start()
        try fixture.setPlan("pro")
        try openAI.script([["content": "  Gracias <b>por</b> escribir.  "]])
        // When the owner opens the review, the button is there
        let review = try pages.get(path)
        XCTAssertTrue(review.text.contains(">Draft reply</button>"), review.text)
        XCTAssertTrue(review.text.contains("action=\"\(path)/draft\""))
        // When the owner asks for a draft
        let started = try pages.post(path + "/draft")
        // Then the task's page becomes the review's page with the draft, trimmed and escaped, in the box
        let done = try pages.settled(started)
        XCTAssertEqual(done.status, 200, done.text)
        XCTAssertTrue(done.text.contains(">Gracias &lt;b&gt;por&lt;/b&gt; escribir.</textarea>"), done.text)
        XCTAssertTrue(done.text.contains("AI draft — check every claim before publishing"))
        XCTAssertTrue(done.text.contains("99 of 100 drafts left this month"))
        XCTAssertTrue(done.text.contains("action=\"\(path)/response\""))
        // And nothing went to Apple
        XCTAssertTrue(try fixture.log().filter { ($0["method"] as? String) != "GET" }.isEmpty)
    }

    func testARefusedDraftSaysWhatToDo() throws {
        // Given a Pro organization whose provider is rate limiting
        try start()
        try fixture.setPlan("pro")
        try openAI.script([["status": 429, "retryAfter": 5]])
        // When the owner asks for a draft, then the task's page names the code and what to do
        let limited = try pages.settled(try pages.post(path + "/draft"))
        XCTAssertEqual(limited.status, 503)
        XCTAssertTrue(limited.text.contains("DRAFT_UNAVAILABLE"), limited.text)
        XCTAssertTrue(limited.text.contains("nothing was spent"), limited.text)
        XCTAssertTrue(limited.text.contains("write the reply yourself"), limited.text)
        // Given the month's 100 drafts spent, then the page says when they come back
        try drafts.setUsed(100)
        let spent = try pages.settled(try pages.post(path + "/draft"))
        XCTAssertEqual(spent.status, 429)
        XCTAssertTrue(spent.text.contains("used its 100 reply drafts for this month"), spent.text)
        XCTAssertTrue(spent.text.contains("resets on \(Self.firstOfNextMonth(drafts.now)) (UTC)"), spent.text)
    }

    /// `YYYY-MM-01` of the UTC month after `date`.
    static func firstOfNextMonth(_ date: Date) -> String {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let start = utc.date(from: utc.dateComponents([.year, .month], from: date))!
        let next = utc.dateComponents([.year, .month], from: utc.date(byAdding: .month, value: 1, to: start)!)
        return String(format: "%04d-%02d-01", next.year!, next.month!)
    }

    func testWithoutAProviderTheButtonIsOffWithTheReason() throws {
        // Given a drafts without APPNORTH_AI_URL
        try start(ai: false)
        // When the owner opens the review, then the button is disabled and says why
        let review = try pages.get(path)
        XCTAssertTrue(review.text.contains("disabled"), review.text)
        XCTAssertTrue(review.text.contains("ask the operator to set APPNORTH_AI_URL"))
        // When it is posted anyway, then AI_NOT_CONFIGURED with what to do
        let refused = try pages.settled(try pages.post(path + "/draft"))
        XCTAssertEqual(refused.status, 503)
        XCTAssertTrue(refused.text.contains("AI_NOT_CONFIGURED"), refused.text)
        XCTAssertTrue(refused.text.contains("Ask the deployment operator to set APPNORTH_AI_URL"))
    }

    func testAMemberSeesNoButtonAndMayNotDraft() throws {
        // Given a member of the organization
        try start()
        let member = try fixture.admin.pages(as: "member@example.com", role: .member)
        // Then the review shows no draft button, and a post is refused without calling the provider
        let review = try member.get(path)
        XCTAssertEqual(review.status, 200)
        XCTAssertFalse(review.text.contains("Draft reply"))
        XCTAssertEqual(try member.post(path + "/draft").status, 403)
        XCTAssertTrue(try openAI.log().isEmpty)
    }
}
