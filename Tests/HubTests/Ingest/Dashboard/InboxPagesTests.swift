import Foundation
import TestSupport
import XCTest

@testable import IngestService

/// The inbox and conversation pages (issue 20, "Inbox", "Conversation") on ingest and chatd:
/// what a member reads and sends reaches the SDK as the operator API's would, notes never do,
/// a double submit sends once, the review request is the owners' and admins', and every user
/// text comes back escaped.
final class InboxPagesTests: XCTestCase {
    var fixture: ChatHTTPFixture!

    override func setUpWithError() throws { fixture = try ChatHTTPFixture() }
    override func tearDown() { fixture?.shutdown() }

    static let hostile = "<img src=x onerror=alert(1)>"

    func testAMemberReadsTheInboxAndTheirReplyReachesTheSDK() throws {
        // Given a user's message with markup, and a member
        try fixture.send("Export fails " + Self.hostile)
        let conversation = try fixture.conversationId()
        let member = try fixture.pages(as: "mo@example.com")
        // When the member opens the inbox and the conversation
        let inbox = try member.get("/dashboard")
        let page = try member.get("/dashboard/conversations/\(conversation)")
        // Then both show the text as text
        XCTAssertEqual(inbox.status, 200, inbox.text)
        XCTAssertEqual(page.status, 200, page.text)
        for reply in [inbox, page] {
            XCTAssertTrue(reply.text.contains("Export fails &lt;img src=x onerror=alert(1)&gt;"), reply.text)
            XCTAssertFalse(reply.text.contains("<img src=x"))
        }
        XCTAssertTrue(inbox.text.contains("/dashboard/conversations/\(conversation)#latest"))
        // When they reply
        let sent = try member.post("/dashboard/conversations/\(conversation)/reply", [("body", "Try again now"), ("key", "k1")])
        // Then the page comes back with a notice, and the SDK reads the reply
        XCTAssertEqual(sent.status, 303, sent.text)
        XCTAssertEqual(sent.header("location"), "/dashboard/conversations/\(conversation)?done=replied#latest")
        XCTAssertEqual(try fixture.messages().map { $0["body"] as? String }, ["Export fails " + Self.hostile, "Try again now"])
        let after = try member.get("/dashboard/conversations/\(conversation)?done=replied")
        XCTAssertTrue(after.text.contains("Reply sent."))
        XCTAssertTrue(after.text.contains("Mo"), "the reply names its member")
    }

    func testAnInternalNoteNeverReachesTheSDK() throws {
        try fixture.send("Hello")
        let conversation = try fixture.conversationId()
        let member = try fixture.pages(as: "mo@example.com")
        // When the member adds a note
        let noted = try member.post(
            "/dashboard/conversations/\(conversation)/reply", [("body", "VIP customer"), ("internal", "1"), ("key", "k1")])
        // Then it is on the team's page, set apart, and not in the SDK's thread
        XCTAssertEqual(noted.header("location"), "/dashboard/conversations/\(conversation)?done=noted#latest")
        let page = try member.get("/dashboard/conversations/\(conversation)")
        XCTAssertTrue(page.text.contains("msg note"))
        XCTAssertTrue(page.text.contains("VIP customer"))
        XCTAssertEqual(try fixture.messages().map { $0["body"] as? String }, ["Hello"])
    }

    func testTheSameReplyKeyPostedTwiceSendsOnce() throws {
        try fixture.send("Hello")
        let conversation = try fixture.conversationId()
        let member = try fixture.pages(as: "mo@example.com")
        // When the reply form is submitted twice with its key, then a new page's key
        for key in ["k1", "k1", "k2"] {
            let sent = try member.post("/dashboard/conversations/\(conversation)/reply", [("body", "On it"), ("key", key)])
            XCTAssertEqual(sent.status, 303, sent.text)
        }
        // Then the first two sent one message
        XCTAssertEqual(try fixture.messages().map { $0["body"] as? String }, ["Hello", "On it", "On it"])
        // And another text under a used key is a conflict, drawn on the page with what was typed
        let conflict = try member.post("/dashboard/conversations/\(conversation)/reply", [("body", "Other text"), ("key", "k1")])
        XCTAssertEqual(conflict.status, 409)
        XCTAssertTrue(conflict.text.contains(">Other text</textarea>"), conflict.text)
    }

    func testAnEmptyReplyIsDrawnAgainWithTheProblem() throws {
        try fixture.send("Hello")
        let conversation = try fixture.conversationId()
        let member = try fixture.pages(as: "mo@example.com")
        let empty = try member.post("/dashboard/conversations/\(conversation)/reply", [("body", "   "), ("key", "k1")])
        XCTAssertEqual(empty.status, 400)
        XCTAssertTrue(empty.text.contains("Not sent: the message must be 1-2000 characters."), empty.text)
        // 2,000 characters is a message, 2,001 is not
        let long = try member.post("/dashboard/conversations/\(conversation)/reply", [("body", String(repeating: "a", count: 2_001))])
        XCTAssertEqual(long.status, 400)
        let most = try member.post("/dashboard/conversations/\(conversation)/reply", [("body", String(repeating: "a", count: 2_000))])
        XCTAssertEqual(most.status, 303)
        XCTAssertEqual(try fixture.messages().count, 2)
    }

    func testAPostWithoutTheFormTokenOrFromAnotherOriginChangesNothing() throws {
        try fixture.send("Hello")
        let conversation = try fixture.conversationId()
        let member = try fixture.pages(as: "mo@example.com")
        let path = "/dashboard/conversations/\(conversation)/reply"
        let noToken = try member.post(path, [("body", "Sneaky")], withToken: false)
        let foreign = try member.post(path, [("body", "Sneaky")], origin: "https://evil.example")
        let resolve = try member.post(
            "/dashboard/conversations/\(conversation)/resolve", [("sentiment", "negative")], origin: "https://evil.example")
        XCTAssertEqual(noToken.status, 403)
        XCTAssertEqual(foreign.status, 403)
        XCTAssertTrue(foreign.text.contains("FORBIDDEN_ORIGIN"))
        XCTAssertEqual(resolve.status, 403)
        XCTAssertEqual(try fixture.messages().count, 1)
        XCTAssertEqual(try fixture.conversations().first?["status"] as? String, "open")
    }

    func testOnlyOwnersAndAdminsAskForAReview() throws {
        try fixture.send("Love it")
        let conversation = try fixture.conversationId()
        let member = try fixture.pages(as: "mo@example.com")
        let admin = try fixture.pages(as: "ada@example.com", role: .admin)
        // Then the member's page has no button, and their post is refused
        XCTAssertFalse(try member.get("/dashboard/conversations/\(conversation)").text.contains("Ask for a review"))
        let refused = try member.post("/dashboard/conversations/\(conversation)/cards", [("kind", "review_request")])
        XCTAssertEqual(refused.status, 403)
        XCTAssertTrue(refused.text.contains("FORBIDDEN"))
        XCTAssertEqual(try fixture.messages().count, 1)
        // And the admin's is sent once
        XCTAssertTrue(try admin.get("/dashboard/conversations/\(conversation)").text.contains("Ask for a review"))
        let sent = try admin.post("/dashboard/conversations/\(conversation)/cards", [("kind", "review_request")])
        XCTAssertEqual(sent.status, 303, sent.text)
        XCTAssertEqual(try fixture.messages().last?["kind"] as? String, "review_request")
    }

    func testResolvingPositiveSendsTheReviewCardOnlyWhenTheProjectAsks() throws {
        let member = try fixture.pages(as: "mo@example.com")
        for enabled in [false, true] {
            // Given the project's setting and a new conversation
            let patched = try fixture.call("PATCH", "/projects/\(fixture.projectId)", json: ["automaticReviewRequests": enabled])
            XCTAssertEqual(patched.status, 200, patched.text)
            let token = "voter-\(enabled)-" + String(repeating: "a", count: 24)
            try fixture.send("Thanks", token: token)
            let conversation = try XCTUnwrap(
                fixture.conversations().first { ($0["status"] as? String) == "open" }?["id"] as? String)
            // When the member resolves it as positive
            let resolved = try member.post("/dashboard/conversations/\(conversation)/resolve", [("sentiment", "positive")])
            XCTAssertEqual(resolved.status, 303, resolved.text)
            // Then the user gets the review card exactly when the project asks for it
            let kinds = try fixture.messages(token: token).map { $0["kind"] as? String }
            XCTAssertEqual(kinds.contains("review_request"), enabled, "automaticReviewRequests \(enabled)")
        }
        // And a sentiment that is none of the three is drawn on the page
        try fixture.send("Again", token: "voter-again-" + String(repeating: "b", count: 24))
        let open = try XCTUnwrap(fixture.conversations().first { ($0["status"] as? String) == "open" }?["id"] as? String)
        let bad = try member.post("/dashboard/conversations/\(open)/resolve", [("sentiment", "ecstatic")])
        XCTAssertEqual(bad.status, 400)
        XCTAssertTrue(bad.text.contains("must be positive, neutral or negative"))
    }

    func testAnOfferListsTheUsersPaywallsAndSends() throws {
        try fixture.send("Any discount?")
        let conversation = try fixture.conversationId()
        let reported = try fixture.post(
            "/chat/paywalls",
            [
                "paywalls": [
                    [
                        "id": "spring_sale", "title": "Spring <b>sale</b>", "presentable": true,
                        "products": [["id": "pro.monthly", "price": "4,99 €", "period": "P1M"]],
                    ]
                ]
            ])
        XCTAssertEqual(reported.status, 204, reported.text)
        let member = try fixture.pages(as: "mo@example.com")
        // Then the page offers that paywall, escaped
        let page = try member.get("/dashboard/conversations/\(conversation)")
        XCTAssertTrue(
            page.text.contains(#"<option value="spring_sale">Spring &lt;b&gt;sale&lt;/b&gt; · 4,99 € / month</option>"#), page.text)
        // When the member sends it
        let sent = try member.post(
            "/dashboard/conversations/\(conversation)/cards",
            [("kind", "offer"), ("paywallId", "spring_sale"), ("buttonLabel", "See the offer")])
        XCTAssertEqual(sent.status, 303, sent.text)
        let card = try XCTUnwrap(fixture.messages().last?["actionCard"] as? [String: Any])
        XCTAssertEqual(card["paywallId"] as? String, "spring_sale")
        // And a paywall the user never reported is refused on the page
        let unknown = try member.post(
            "/dashboard/conversations/\(conversation)/cards", [("kind", "offer"), ("paywallId", "other"), ("buttonLabel", "See")])
        XCTAssertEqual(unknown.status, 400)
        // A 41-character label is refused, 40 is not
        let long = try member.post(
            "/dashboard/conversations/\(conversation)/cards",
            [("kind", "offer"), ("paywallId", "spring_sale"), ("buttonLabel", String(repeating: "x", count: 41))])
        XCTAssertEqual(long.status, 400)
        let most = try member.post(
            "/dashboard/conversations/\(conversation)/cards",
            [("kind", "offer"), ("paywallId", "spring_sale"), ("buttonLabel", String(repeating: "x", count: 40))])
        XCTAssertEqual(most.status, 303)
    }

    func testOpeningMarksReadButTheLiveRefreshDoesNot() throws {
        try fixture.send("Hello")
        let conversation = try fixture.conversationId()
        let member = try fixture.pages(as: "mo@example.com")
        XCTAssertEqual(try fixture.conversations().first?["unreadByTeam"] as? Bool, true)
        // When the script refreshes the thread
        let live = try member.get("/dashboard/conversations/\(conversation)", headers: [("X-Live-Refresh", "1")])
        XCTAssertEqual(live.status, 200)
        // Then it is still unread; opening the page reads it
        XCTAssertEqual(try fixture.conversations().first?["unreadByTeam"] as? Bool, true)
        _ = try member.get("/dashboard/conversations/\(conversation)")
        XCTAssertEqual(try fixture.conversations().first?["unreadByTeam"] as? Bool, false)
    }

    func testAPhotoAttachesToAReply() throws {
        try fixture.send("Screenshot please")
        let conversation = try fixture.conversationId()
        let member = try fixture.pages(as: "mo@example.com")
        _ = try member.get("/dashboard/conversations/\(conversation)")
        let png = try TestImages.pillow("png")
        // When the member replies with a photo through the multipart form
        let sent = try member.postMultipart(
            "/dashboard/conversations/\(conversation)/reply", [("body", "Here"), ("key", "k1")],
            files: [PageSession.Upload(name: "photo", filename: "a.png", contentType: "image/png", bytes: png)])
        XCTAssertEqual(sent.status, 303, sent.text)
        // Then the SDK gets an image message with a URL that loads
        let message = try XCTUnwrap(fixture.messages().last)
        let images = try XCTUnwrap(message["images"] as? [[String: Any]])
        XCTAssertEqual(images.count, 1)
        let url = try XCTUnwrap(images.first?["url"] as? String)
        XCTAssertEqual(try fixture.hub.send("GET", url: url).status, 200)
        // And a photo with a note is refused
        let note = try member.postMultipart(
            "/dashboard/conversations/\(conversation)/reply", [("body", "x"), ("internal", "1")],
            files: [PageSession.Upload(name: "photo", filename: "a.png", contentType: "image/png", bytes: png)])
        XCTAssertEqual(note.status, 400)
    }

    func testAnotherOrganizationsConversationIsNotFound() throws {
        try fixture.send("Hello")
        let conversation = try fixture.conversationId()
        // Given an owner of another organization with an app of its own
        let other = try fixture.createOrganization(slug: "other")
        _ = try fixture.newProject(name: "Other", token: other)
        let stranger = try fixture.pages(as: "zed@example.com", role: .owner, organization: "other")
        // Then the conversation is not found for them, and their inbox does not list it
        XCTAssertEqual(try stranger.get("/dashboard/conversations/\(conversation)").status, 404)
        XCTAssertEqual(try stranger.post("/dashboard/conversations/\(conversation)/reply", [("body", "Hi")]).status, 404)
        XCTAssertFalse(try stranger.get("/dashboard").text.contains(conversation))
        XCTAssertEqual(try fixture.messages().count, 1)
    }
}
