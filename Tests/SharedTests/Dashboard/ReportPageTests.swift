import Foundation
import XCTest

@testable import Dashboard

/// Issue 20, "Report": message, page, device context, screenshot, sanitized diagnostics and the
/// timeline; triage; public reply vs internal note; promote or link; the filtered CSV export.
final class ReportPageTests: XCTestCase {
    typealias F = CommunityPageFixtures

    static func report(
        contactEmail: String? = "ana@example.com", verifiedEmail: String? = nil, message: String = "The app crashes on launch",
        replies: [ReportPage.Reply] = [], timeline: [ReportEvent] = [], idea: IdeaChoice? = nil,
        boards: [ReportPage.BoardChoice] = [ReportPage.BoardChoice(slug: "ideas", name: "Ideas")], diagnostics: String? = nil,
        deviceContext: String? = nil, screenshot: ReportPage.Screenshot? = nil, assignee: ReportPage.Member? = nil,
        labels: [String] = [], pageTitle: String? = "Settings"
    ) -> ReportPage {
        ReportPage(
            id: "fb_1", appName: "Weather", kind: .problem, message: message, status: .inProgress, priority: .high, isRead: false,
            assignee: assignee, labels: labels, contactEmail: contactEmail, verifiedEmail: verifiedEmail,
            pageURL: "https://app.example.com/settings?tab=1", pageTitle: pageTitle, locale: "pt-BR", viewport: (width: 390, height: 844),
            userAgent: "AppNorth/1.0", deviceContext: deviceContext, diagnostics: diagnostics, diagnosticsCount: diagnostics == nil ? 0 : 2,
            screenshot: screenshot, correlationId: "corr_1", createdAt: "2026-11-30T09:15:02.123Z", updatedAt: "2026-11-30T10:00:00.000Z",
            replies: replies, timeline: timeline, idea: idea,
            members: [
                ReportPage.Member(id: "m_1", name: "Bea", email: "bea@example.com"),
                ReportPage.Member(id: "m_2", name: "", email: "cid@example.com"),
            ],
            boards: boards, linkableIdeas: [IdeaChoice(id: "idea_9", title: "Dark mode", boardName: "Ideas", votes: 12)],
            replyKey: "key-abc-123")
    }

    func testUserTextAnywhereOnThePageRendersAsText() {
        // Given a report whose every user-written field carries markup
        let page = Self.report(
            contactEmail: "a@example.com", message: F.hostile,
            replies: [
                ReportPage.Reply(id: "r1", message: F.hostile, isInternal: false, author: F.hostile, createdAt: "2026-11-30T09:20:00.000Z")
            ],
            diagnostics: "[error] network: " + F.hostile, deviceContext: "deviceModel: " + F.hostile, labels: ["<b>x</b>"],
            pageTitle: F.hostile)
        // When it is rendered
        let markup = page.html(viewer: F.viewer("member")).markup
        // Then each appears escaped, in a pre block for the diagnostics and device context
        F.assertNoMarkupFromUserText(markup)
        XCTAssertTrue(markup.contains("<div class=\"message\">" + F.hostileEscaped + "</div>"))
        XCTAssertTrue(markup.contains("<pre class=\"block scroll\">[error] network: " + F.hostileEscaped + "</pre>"))
        XCTAssertTrue(markup.contains("<pre class=\"block\">deviceModel: " + F.hostileEscaped + "</pre>"))
        XCTAssertTrue(markup.contains("value=\"&lt;b&gt;x&lt;/b&gt;\""))
        XCTAssertFalse(markup.contains("<b>x"))
    }

    func testEveryPostFormCarriesTheFormTokenAndPostsToTheReportsRoutes() {
        // Given a report that can still be promoted
        let markup = Self.report().html(viewer: F.viewer("member")).markup
        // Then every form that changes something carries the session's form token
        F.assertPostFormsCarryToken(markup)
        XCTAssertEqual(
            Set(F.postActions(markup)),
            ["/logout", "/dashboard/reports/fb_1", "/dashboard/reports/fb_1/reply", "/dashboard/reports/fb_1/promote"])
        // And the reply carries its idempotency key, so a double submit posts once
        XCTAssertTrue(markup.contains("<input type=\"hidden\" name=\"key\" value=\"key-abc-123\">"))
    }

    func testARepliesAndANoteLookDifferentAndTheComposerOffersBoth() {
        // Given a reply and an internal note
        let replies = [
            ReportPage.Reply(id: "r1", message: "We are on it", isInternal: false, author: "Bea", createdAt: "2026-11-30T09:20:00.000Z"),
            ReportPage.Reply(id: "r2", message: "Seen in 1.2 only", isInternal: true, author: "Cid", createdAt: "2026-11-30T09:21:00.000Z"),
        ]
        let markup = Self.report(replies: replies).html(viewer: F.viewer("member")).markup
        // Then the reply is a team bubble and the note a note bubble, each labelled
        XCTAssertTrue(markup.contains("<div class=\"msg team\"><span class=\"meta\"><strong>Reply</strong> · Bea"))
        XCTAssertTrue(markup.contains("<div class=\"msg note\"><span class=\"meta\"><strong>Internal note</strong> · Cid"))
        // And one box sends either: a reply by default, a note with internal=1
        XCTAssertTrue(markup.contains("<button type=\"submit\" class=\"primary\">Send reply</button>"))
        XCTAssertTrue(markup.contains("<button type=\"submit\" class=\"note\" name=\"internal\" value=\"1\">Add internal note</button>"))
        XCTAssertTrue(markup.contains("A reply reaches ana@example.com"))
        XCTAssertTrue(markup.contains("name=\"message\" required maxlength=\"5000\""))
    }

    func testAReportNobodyCanReadOffersANoteOnly() {
        // Given a report with neither a contact email nor a signed-in author, and one with only a verified author
        let anonymous = Self.report(contactEmail: nil, verifiedEmail: nil).html(viewer: F.viewer("member")).markup
        let verified = Self.report(contactEmail: nil, verifiedEmail: "v@example.com").html(viewer: F.viewer("member")).markup
        // Then the first has no reply button and says why; the second offers the reply to its author
        XCTAssertFalse(anonymous.contains("Send reply"))
        XCTAssertTrue(anonymous.contains("Nobody can receive a reply"))
        XCTAssertTrue(anonymous.contains("Add internal note"))
        XCTAssertTrue(verified.contains("Send reply"))
        XCTAssertTrue(verified.contains("A reply reaches v@example.com"))
        XCTAssertTrue(verified.contains("<span class=\"badge ok\">Verified</span>"))
    }

    func testTriageShowsTheCurrentStateAndKeepsAFormerAssignee() {
        // Given a report assigned to someone who left the organization, with labels
        let gone = ReportPage.Member(id: "m_9", name: "Dee", email: "dee@example.com")
        let markup = Self.report(assignee: gone, labels: ["crash", "ios 18"]).html(viewer: F.viewer("member")).markup
        // Then status, priority and assignee are preselected, the former member named as such
        XCTAssertTrue(markup.contains("<option value=\"in_progress\" selected>In progress</option>"))
        XCTAssertTrue(markup.contains("<option value=\"high\" selected>High</option>"))
        XCTAssertTrue(markup.contains("<option value=\"m_9\" selected>Dee (no longer a member)</option>"))
        XCTAssertTrue(markup.contains("<option value=\"none\">Unassigned</option>"))
        XCTAssertTrue(markup.contains("<option value=\"m_2\">cid@example.com</option>"))
        XCTAssertTrue(markup.contains("name=\"labels\" value=\"crash, ios 18\""))
        // And the unread report can be marked read from its header
        XCTAssertTrue(markup.contains("<input type=\"hidden\" name=\"read\" value=\"1\"><button type=\"submit\">Mark as read</button>"))
    }

    func testTheLabelsFieldAcceptsTwentyLabelsOfFortyCharactersAndNoMore() throws {
        // Given the pattern the browser checks the labels field with, anchored as browsers anchor it
        let markup = Self.report().html(viewer: F.viewer("member")).markup
        let attribute = try XCTUnwrap(markup.components(separatedBy: "pattern=\"").dropFirst().first?.prefix { $0 != "\"" })
        let pattern = try NSRegularExpression(pattern: "^(?:" + String(attribute) + ")$")
        func accepts(_ text: String) -> Bool {
            pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
        let forty = String(repeating: "a", count: 40)
        // Then 20 labels pass and 21 do not; 40 characters pass and 41 do not
        XCTAssertTrue(accepts((1...20).map { "l\($0)" }.joined(separator: ", ")))
        XCTAssertFalse(accepts((1...21).map { "l\($0)" }.joined(separator: ", ")))
        XCTAssertTrue(accepts(forty + ", ok"))
        XCTAssertFalse(accepts(forty + "a, ok"))
        XCTAssertTrue(accepts("ok, " + forty))
        XCTAssertFalse(accepts("ok, " + forty + "a"))
        // And the characters are those the server keeps, a trailing comma forgiven
        XCTAssertTrue(accepts("Crash, ios_18, needs-info,"))
        XCTAssertFalse(accepts("crash; ios"))
        XCTAssertTrue(markup.contains("up to 20, each 1–40 letters"))
    }

    func testTheScreenshotIsShownFromTheAuthenticatedAddress() {
        // Given a report with a stored screenshot and one without
        let shot = ReportPage.Screenshot(type: "image/png", width: 1170, height: 2532, bytes: 412_000)
        let with = Self.report(screenshot: shot).html(viewer: F.viewer("member")).markup
        let without = Self.report().html(viewer: F.viewer("member")).markup
        // Then the image comes from the dashboard's own route with its size, and opens at full size
        XCTAssertTrue(
            with.contains(
                "<a href=\"/dashboard/reports/fb_1/screenshot\" title=\"Open the screenshot at full size\"><img class=\"shot\" "
                    + "src=\"/dashboard/reports/fb_1/screenshot\" alt=\"Screenshot sent with the report\" width=\"1170\" height=\"2532\""))
        XCTAssertTrue(with.contains("image/png · 1170 × 2532 · 403 KB"))
        XCTAssertFalse(without.contains("/dashboard/reports/fb_1/screenshot"))
    }

    func testTheTimelineTellsEveryChangeInWords() {
        // Given one event of each kind
        let at = "2026-11-30T11:00:00.000Z"
        let events: [ReportEvent.Change] = [
            .created, .read, .status(from: .todo, to: .inProgress), .priority(from: ReportPage.Priority.none, to: .urgent),
            .assignee(from: nil, to: "Bea"), .assignee(from: "Bea", to: nil), .labels(added: ["crash"], removed: ["old"]), .reply,
            .note(convertedFromReply: true), .promoted(ideaId: "idea_1", title: "<Dark mode>"), .other("exported"),
        ]
        let markup = Self.report(timeline: events.map { ReportEvent(change: $0, actor: "Bea", createdAt: at) })
            .html(viewer: F.viewer("member")).markup
        // Then each reads as a sentence, and the idea is a link
        for sentence in [
            "Report received", "Marked read", "Status To do → In progress", "Priority No priority → Urgent", "Assigned to Bea",
            "Unassigned from Bea", "Labels added crash; removed old", "Replied to the user",
            "Reply kept as an internal note (nobody to send it to)", "exported",
        ] {
            XCTAssertTrue(markup.contains(sentence), sentence)
        }
        XCTAssertTrue(markup.contains("<a href=\"/dashboard/ideas/idea_1\">Promoted to the idea “&lt;Dark mode&gt;”</a>"))
        XCTAssertTrue(
            markup.contains(
                "<time datetime=\"2026-11-30T11:00:00.000Z\" title=\"2026-11-30T11:00:00.000Z\">30 Nov 2026, 11:00 UTC</time> · Bea"))
    }

    func testEmptyRepliesDiagnosticsAndTimelineSaySo() {
        let markup = Self.report().html(viewer: F.viewer("member")).markup
        XCTAssertTrue(markup.contains("No replies yet. The user has not heard back."))
        XCTAssertTrue(markup.contains("The app sent no device details or diagnostics with this report."))
        XCTAssertTrue(markup.contains("Nothing has changed since the report arrived."))
    }

    func testAReportPromotesToANewIdeaOrLinksOneAndThenShowsIt() {
        // Given a report not yet promoted, one on an app without boards, and one already promoted
        let open = Self.report().html(viewer: F.viewer("member")).markup
        let noBoards = Self.report(boards: []).html(viewer: F.viewer("member")).markup
        let done = Self.report(idea: IdeaChoice(id: "idea_9", title: "Dark mode", boardName: "Ideas", votes: 1))
            .html(viewer: F.viewer("member")).markup
        // Then the first offers a new idea within the title and description limits, or a link to an existing one
        XCTAssertTrue(open.contains("<select id=\"promote-board\" name=\"board\"><option value=\"ideas\" selected>Ideas</option></select>"))
        XCTAssertTrue(open.contains("name=\"title\" required minlength=\"4\" maxlength=\"140\""))
        XCTAssertTrue(open.contains("name=\"description\" maxlength=\"4000\""))
        XCTAssertTrue(open.contains("<option value=\"idea_9\">Dark mode — Ideas, 12 votes</option>"))
        // And without a board it says so and leads to the boards, still offering the link
        XCTAssertFalse(noBoards.contains("promote-board"))
        XCTAssertTrue(noBoards.contains("This app has no board to put an idea on."))
        XCTAssertTrue(noBoards.contains("name=\"idea\""))
        // And once promoted it links the idea and offers nothing more
        XCTAssertTrue(done.contains("This report is linked to <a href=\"/dashboard/ideas/idea_9\">Dark mode</a>"))
        XCTAssertTrue(done.contains("Ideas · 1 vote"))
        XCTAssertFalse(done.contains("/dashboard/reports/fb_1/promote"))
    }

    func testTheExportCarriesTheInboxFiltersButNotKindOrPage() {
        // Given the inbox's query with every filter, a page cursor and characters that need escaping
        let query = [
            ("app", "prj_1"), ("kind", "report"), ("state", "in_progress"), ("assignee", "m_1"), ("label", "a&b=c +"),
            ("unread", "1"), ("q", "crash é"), ("cursor", "abc"), ("app2", "x"),
        ]
        // Then the export's address keeps the filters in the operator export's words, encoded, and drops the rest
        XCTAssertEqual(
            ReportExport.href(inboxQuery: query),
            "/dashboard/reports.csv?app=prj_1&status=in_progress&assignee=m_1&label=a%26b%3Dc%20%2B&read=false&query=crash%20%C3%A9")
        XCTAssertEqual(ReportExport.href(inboxQuery: [("state", "open"), ("unread", "0")]), "/dashboard/reports.csv")
        XCTAssertEqual(ReportExport.href(inboxQuery: [("kind", "chat")]), "/dashboard/reports.csv")
        XCTAssertTrue(ReportExport.link(inboxQuery: []).markup.contains("up to 50,000 in one file"))
    }

    func testTimesReadAsDatesAndOddValuesAreShownAsTheyCame() {
        XCTAssertEqual(FeedbackPageParts.readable("2026-01-05T23:59:59.999Z"), "5 Jan 2026, 23:59 UTC")
        XCTAssertEqual(FeedbackPageParts.readable("2026-13-05T23:59:59.999Z"), "2026-13-05T23:59:59.999Z")
        XCTAssertEqual(FeedbackPageParts.readable("<b>"), "<b>")
        XCTAssertEqual(FeedbackPageParts.when("<b>").markup, "<time datetime=\"&lt;b&gt;\" title=\"&lt;b&gt;\">&lt;b&gt;</time>")
        XCTAssertEqual(FeedbackPageParts.grouped(999), "999")
        XCTAssertEqual(FeedbackPageParts.grouped(1_000), "1,000")
        XCTAssertEqual(FeedbackPageParts.grouped(20_000), "20,000")
    }
}
