import XCTest

@testable import Dashboard

/// Issue 20, "Ideas": the moderation queue (every member), the boards and statuses manager
/// (owners and admins change it), the changelog manager (drafts; publishing needs the
/// `publish` permission of owners and admins).
final class CommunityManagerPagesTests: XCTestCase {
    typealias F = CommunityPageFixtures

    // MARK: - Moderation queue

    static func pendingIdeas(_ count: Int) -> [ModerationPage.PendingIdea] {
        (0..<count).map {
            ModerationPage.PendingIdea(
                id: "idea_\($0)", title: "Idea \($0)", description: "", boardName: "Ideas", createdAt: "2026-11-30T09:15:02.123Z")
        }
    }

    func testTheQueueShowsEachItemWithApproveAndReject() {
        // Given a pending idea and a pending comment, both written with markup
        let page = ModerationPage(
            apps: [F.app], app: F.app,
            ideas: [
                ModerationPage.PendingIdea(
                    id: "idea_1", title: F.hostile, description: F.hostile, boardName: "Ideas", authorName: "Lee",
                    authorEmail: "lee@example.com",
                    createdAt: "2026-11-30T09:15:02.123Z")
            ],
            comments: [
                ModerationPage.PendingComment(
                    id: "c_1", body: F.hostile, authorName: nil, ideaId: "idea_2", ideaTitle: "Dark mode",
                    createdAt: "2026-11-30T09:15:02.123Z")
            ])
        // When a member opens the queue
        let markup = page.html(viewer: F.viewer("member")).markup
        // Then both can be decided on the spot, with the token, and their text is text
        F.assertPostFormsCarryToken(markup)
        XCTAssertEqual(
            F.postActions(markup).filter { $0 != "/logout" },
            [
                "/dashboard/ideas/idea_1/approve", "/dashboard/ideas/idea_1/reject", "/dashboard/comments/c_1/approve",
                "/dashboard/comments/c_1/reject",
            ])
        F.assertNoMarkupFromUserText(markup)
        XCTAssertTrue(markup.contains("Ideas · Lee (lee@example.com) · "))
        XCTAssertTrue(markup.contains("On <a href=\"/dashboard/ideas/idea_2\">Dark mode</a>"))
        XCTAssertTrue(markup.contains("Anonymous · "))
        XCTAssertTrue(markup.contains("<div id=\"moderation-queue\" data-live=\"\">"))
    }

    func testAFullBatchSaysMoreMayWait() {
        // Given 99 pending ideas, then 100 (the store's batch)
        let under = ModerationPage(apps: [F.app], app: F.app, ideas: Self.pendingIdeas(99)).html(viewer: F.viewer("member")).markup
        let full = ModerationPage(apps: [F.app], app: F.app, ideas: Self.pendingIdeas(100)).html(viewer: F.viewer("member")).markup
        // Then only the full batch says there may be more behind it
        XCTAssertFalse(under.contains("Showing the oldest"))
        XCTAssertTrue(full.contains("Showing the oldest 100 ideas. Approve or reject them to see the rest."))
        XCTAssertTrue(full.contains("<h2>Ideas (100)</h2>"))
    }

    func testAnEmptyQueueSaysSoAndLeadsToTheBoardSettings() {
        let markup = ModerationPage(apps: [F.app], app: F.app).html(viewer: F.viewer("member")).markup
        XCTAssertTrue(markup.contains("Nothing waits for review."))
        XCTAssertTrue(markup.contains("<a href=\"/dashboard/ideas/boards?app=prj_1\">Board settings</a>"))
        XCTAssertTrue(markup.contains("<a href=\"/dashboard/ideas/moderation?app=prj_1\" aria-current=\"page\">Moderation</a>"))
    }

    // MARK: - Boards

    static let board = BoardsPage.Board(
        id: "b_1", slug: "ideas", name: "Ideas <b>", description: "What to build next", moderation: .ideas, submission: .identified,
        statuses: [
            BoardsPage.Status(id: "s_1", slug: "open", label: "Open", color: "#6B7280", isDefault: true),
            BoardsPage.Status(id: "s_2", slug: "done", label: "Done", color: "#22C55E", isFinal: true),
        ])

    func testAMemberReadsTheBoardsButCannotChangeThem() {
        // Given a member
        let markup = BoardsPage(apps: [F.app], app: F.app, boards: [Self.board]).html(viewer: F.viewer("member")).markup
        // Then the board's rules and statuses are there, escaped
        XCTAssertTrue(markup.contains("<h2>Ideas &lt;b&gt; <span class=\"mono small muted\">ideas</span></h2>"))
        XCTAssertTrue(markup.contains("<dt>Review</dt><dd>New ideas wait for review</dd><dt>Post ideas</dt><dd>Signed-in users only</dd>"))
        XCTAssertTrue(markup.contains("<span class=\"badge\">Closes the idea</span>"))
        // And no form changes a board or a status, and no new board can be made
        XCTAssertEqual(F.postActions(markup), ["/logout"])
        XCTAssertFalse(markup.contains("New board"))
        XCTAssertTrue(markup.contains("Owners and admins change boards and statuses."))
    }

    func testOwnersAndAdminsEditBoardsAndStatuses() {
        for role in ["owner", "admin"] {
            // Given an owner or an admin
            let markup = BoardsPage(apps: [F.app], app: F.app, boards: [Self.board]).html(viewer: F.viewer(role)).markup
            // Then the board, each status, a new status and a new board can be saved, each with the token
            F.assertPostFormsCarryToken(markup)
            XCTAssertEqual(
                F.postActions(markup).filter { $0 != "/logout" },
                [
                    "/dashboard/ideas/boards/b_1", "/dashboard/ideas/boards/b_1/statuses/s_1", "/dashboard/ideas/boards/b_1/statuses/s_2",
                    "/dashboard/ideas/boards/b_1/statuses/s_2/delete", "/dashboard/ideas/boards/b_1/statuses", "/dashboard/ideas/boards",
                ], role)
            // And the default status can be neither deleted nor made closing, the others can
            XCTAssertFalse(markup.contains("status-s_1-final"))
            XCTAssertTrue(markup.contains("<input type=\"checkbox\" id=\"status-s_2-final\" name=\"final\" value=\"1\" checked>"))
            XCTAssertTrue(markup.contains("<input type=\"checkbox\" id=\"status-s_2-default\" name=\"default\" value=\"1\">"))
            XCTAssertTrue(markup.contains("type=\"color\" id=\"status-s_2-color\" name=\"color\" value=\"#22c55e\""))
            // And the current rules are preselected, within the documented limits
            XCTAssertTrue(markup.contains("<option value=\"ideas\" selected>New ideas wait for review</option>"))
            XCTAssertTrue(markup.contains("name=\"name\" value=\"Ideas &lt;b&gt;\" required maxlength=\"80\""))
            XCTAssertTrue(markup.contains("name=\"description\" maxlength=\"500\""))
            XCTAssertTrue(markup.contains("name=\"slug\" required pattern=\"[a-z0-9][a-z0-9\\-]{0,62}\""))
            XCTAssertTrue(markup.contains("<input type=\"hidden\" name=\"app\" value=\"prj_1\">"))
        }
    }

    func testAnAppWithoutBoardsSaysSo() {
        let member = BoardsPage(apps: [F.app], app: F.app).html(viewer: F.viewer("member")).markup
        let owner = BoardsPage(apps: [F.app], app: F.app).html(viewer: F.viewer("owner")).markup
        XCTAssertTrue(member.contains("Weather has no board yet."))
        XCTAssertTrue(owner.contains("<details class=\"fold\" open><summary>New board</summary>"))
        // And where boards exist, the new board's form waits folded
        let withBoards = BoardsPage(apps: [F.app], app: F.app, boards: [Self.board]).html(viewer: F.viewer("owner")).markup
        XCTAssertTrue(withBoards.contains("<details class=\"fold\"><summary>New board</summary>"))
    }

    // MARK: - Changelog

    static let draft = ChangelogPage.Entry(
        id: "e_1", title: "Widgets <3", body: F.hostile, isPublished: false, createdAt: "2026-11-30T09:15:02.123Z",
        updatedAt: "2026-11-30T09:15:02.123Z")
    static let published = ChangelogPage.Entry(
        id: "e_2", title: "Sync", body: "Faster", isPublished: true, publishedAt: "2026-11-29T08:00:00.000Z",
        createdAt: "2026-11-28T08:00:00.000Z", updatedAt: "2026-11-29T08:00:00.000Z")

    func testOnlyOwnersAndAdminsWriteAndPublishTheChangelog() {
        let page = ChangelogPage(apps: [F.app], app: F.app, entries: [Self.draft, Self.published])
        // Given a member: the entries are readable, escaped, with their state, and nothing can be changed
        let member = page.html(viewer: F.viewer("member")).markup
        XCTAssertEqual(F.postActions(member), ["/logout"])
        XCTAssertTrue(member.contains("<span class=\"badge warn\">Draft</span>"))
        XCTAssertTrue(member.contains("<span class=\"badge ok\">Published</span>"))
        XCTAssertTrue(member.contains("<h2>Widgets &lt;3</h2>"))
        XCTAssertTrue(member.contains("Owners and admins write and publish changelog entries."))
        F.assertNoMarkupFromUserText(member)
        for role in ["owner", "admin"] {
            // Given an owner or admin: a new draft, publish for the draft, unpublish (asked first) for the published one
            let markup = page.html(viewer: F.viewer(role)).markup
            F.assertPostFormsCarryToken(markup)
            XCTAssertEqual(
                F.postActions(markup).filter { $0 != "/logout" },
                [
                    "/dashboard/changelog", "/dashboard/changelog/e_1/publish", "/dashboard/changelog/e_1",
                    "/dashboard/changelog/e_2/unpublish", "/dashboard/changelog/e_2",
                ],
                role)
            XCTAssertTrue(markup.contains("data-confirm=\"Return “Sync” to draft? It leaves the public changelog.\""))
            XCTAssertTrue(markup.contains("name=\"title\" value=\"\" required maxlength=\"200\""))
            XCTAssertTrue(markup.contains("name=\"body\" required maxlength=\"20000\""))
        }
    }

    func testTheChangelogLinksItsPublicPageAndHasAnEmptyState() {
        let owner = ChangelogPage(apps: [F.app], app: F.app).html(viewer: F.viewer("owner")).markup
        XCTAssertTrue(owner.contains("<a href=\"/changelog/weather-app\">/changelog/weather-app</a>"))
        XCTAssertTrue(owner.contains("<a href=\"/changelog/weather-app/feed.atom\">Atom feed</a>"))
        XCTAssertTrue(owner.contains("No changelog entries yet."))
        XCTAssertTrue(owner.contains("Write the first one above"))
        let member = ChangelogPage(apps: [F.app], app: F.app).html(viewer: F.viewer("member")).markup
        XCTAssertFalse(member.contains("Write the first one above"))
    }

    func testEveryCommunityPageMarksItsTabAndTheIdeasSection() {
        let viewer = F.viewer("admin")
        let pages: [(HTML, String)] = [
            (IdeasListPage(apps: [F.app], app: F.app).html(viewer: viewer), "/dashboard/ideas?app=prj_1"),
            (ModerationPage(apps: [F.app], app: F.app).html(viewer: viewer), "/dashboard/ideas/moderation?app=prj_1"),
            (BoardsPage(apps: [F.app], app: F.app).html(viewer: viewer), "/dashboard/ideas/boards?app=prj_1"),
            (ChangelogPage(apps: [F.app], app: F.app).html(viewer: viewer), "/dashboard/changelog?app=prj_1"),
        ]
        for (page, tab) in pages {
            XCTAssertTrue(page.markup.contains("<a href=\"/dashboard/ideas\" aria-current=\"page\">"), tab)
            XCTAssertTrue(page.markup.contains("<a href=\"" + tab + "\" aria-current=\"page\">"), tab)
            XCTAssertEqual(F.count("aria-current=\"page\"", in: page.markup), 2, tab)
        }
    }
}
