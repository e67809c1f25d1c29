import Foundation
import XCTest

@testable import IngestService

/// `/dashboard/notifications` through a signed-in browser session: who may open it, what it
/// escapes, and the read-state posts.
final class NotificationPagesTests: XCTestCase {
    var f: NotificationFeedFixture!

    override func setUpWithError() throws { f = try NotificationFeedFixture() }
    override func tearDown() { f?.shutdown() }

    func testEveryRoleSeesTheFeedAndASignedOutVisitorIsSentToSignIn() throws {
        // Given a chat in the first organization
        _ = try f.seedChat(f.projectId, body: "Where is my invoice?")

        // When an owner, an admin and a member open the page, and a visitor without a session
        for (email, role) in [("o@example.com", Role.owner), ("a@example.com", .admin), ("m@example.com", .member)] {
            let page = try f.admin.pages(as: email, role: role).get("/dashboard/notifications")

            // Then each sees the item and the sidebar entry
            XCTAssertEqual(page.status, 200, "\(role)")
            XCTAssertTrue(page.text.contains("Unread message from an anonymous user: Where is my invoice?"), "\(role)")
            XCTAssertTrue(page.text.contains("href=\"/dashboard/notifications\""), "\(role)")
        }
        let visitor = try PageSession(hub: f.hub).get("/dashboard/notifications")
        XCTAssertEqual(visitor.status, 303)
        XCTAssertTrue(visitor.header("location")?.hasPrefix("/login") ?? false, visitor.header("location") ?? "")
    }

    func testATitleWithMarkupIsShownAsText() throws {
        // Given a chat message that is markup
        _ = try f.seedChat(f.projectId, body: "<script>alert(1)</script>")

        // When the page is opened
        let page = try f.admin.pages(as: "o@example.com").get("/dashboard/notifications")

        // Then the text is escaped, never a script
        XCTAssertFalse(page.text.contains("<script>alert(1)"), page.text)
        XCTAssertTrue(page.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    }

    func testMarkReadIsTheMembersOwnAndMarkAllReadMarksTheView() throws {
        // Given a chat and a report, and two members
        let chat = try f.seedChat(f.projectId, body: "Hi")
        _ = try f.seedReport(f.projectId, message: "Broken")
        let ann = try f.admin.pages(as: "ann@example.com", role: .member)
        let bob = try f.admin.pages(as: "bob@example.com", role: .member)
        _ = try ann.get("/dashboard/notifications")
        let chatId = "chat:\(chat.conversationId):\(chat.messageId)"
        let readPath = "/dashboard/notifications/" + chatId.addingPercentEncoding(withAllowedCharacters: PublicAPI.unreserved)! + "/read"

        // When Ann marks the chat read from the Unread tab, and a post without the form token is tried
        let marked = try ann.post(readPath, [("unread", "true")])
        let forged = try ann.post(readPath, withToken: false)

        // Then she goes back to the Unread tab, where only the report is left; Bob still has both
        XCTAssertEqual(marked.status, 303, marked.text)
        XCTAssertEqual(marked.header("location"), "/dashboard/notifications?unread=true")
        XCTAssertEqual(forged.status, 403)
        let annUnread = try ann.get("/dashboard/notifications?unread=true").text
        XCTAssertFalse(annUnread.contains("Unread message from"), annUnread)
        XCTAssertTrue(annUnread.contains("New problem report: Broken"))
        let bobUnread = try bob.get("/dashboard/notifications?unread=true").text
        XCTAssertTrue(bobUnread.contains("Unread message from") && bobUnread.contains("New problem report: Broken"))

        // When Bob marks all read
        XCTAssertEqual(try bob.post("/dashboard/notifications/read-all").status, 303)

        // Then his Unread tab is empty, and an unknown item cannot be marked
        XCTAssertTrue(try bob.get("/dashboard/notifications?unread=true").text.contains("Nothing unread here."))
        XCTAssertEqual(try bob.post("/dashboard/notifications/report%3Anope/read").status, 404)
    }
}
