import XCTest

@testable import Dashboard

/// Issue 20, "Ideas": per board, with status, votes and comments; edit, status, pin, merge and
/// official comment; an idea titled `<script>` renders as text.
final class IdeaPagesTests: XCTestCase {
    typealias F = CommunityPageFixtures

    static let planned = IdeaStatus(slug: "planned", label: "Planned", color: "#22C55E")
    static let open = IdeaStatus(slug: "open", label: "Open", color: "#6B7280")

    static func row(_ title: String, moderation: IdeaModeration? = nil, pinned: Bool = false) -> IdeasListPage.Row {
        IdeasListPage.Row(
            id: "idea_1", title: title, boardName: "Feature requests", status: planned, votes: 1_204, comments: 3, pinned: pinned,
            moderation: moderation, lastActivityAt: "2026-11-30T09:15:02.123Z")
    }

    static let boards = [
        IdeasListPage.BoardFilter(slug: "ideas", name: "Ideas", statuses: [open, planned]),
        IdeasListPage.BoardFilter(
            slug: "bugs", name: "Bugs", statuses: [open, IdeaStatus(slug: "fixed", label: "Fixed", color: "#000000")]),
    ]

    func testAnIdeaTitledScriptRendersAsTextInTheListAndOnItsPage() {
        // Given an idea whose title, description, author and comment carry markup
        let list = IdeasListPage(apps: [F.app], app: F.app, boards: Self.boards, ideas: [Self.row("<script>")])
        let page = Self.idea(title: "<script>", description: F.hostile, authorName: F.hostile, comments: [Self.comment(body: F.hostile)])
        // When both are rendered
        let listMarkup = list.html(viewer: F.viewer("member")).markup
        let pageMarkup = page.html(viewer: F.viewer("member")).markup
        // Then the title is text in both, and so is everything else the public wrote
        XCTAssertTrue(listMarkup.contains("<a class=\"subject\" href=\"/dashboard/ideas/idea_1\">&lt;script&gt;</a>"))
        XCTAssertTrue(pageMarkup.contains("<h1>&lt;script&gt;</h1>"))
        XCTAssertTrue(pageMarkup.contains("<title>&lt;script&gt; · Weather · AppNorth</title>"))
        XCTAssertTrue(pageMarkup.contains("<div class=\"message\">" + F.hostileEscaped + "</div>"))
        for markup in [listMarkup, pageMarkup] { F.assertNoMarkupFromUserText(markup) }
    }

    func testTheListShowsStatusVotesAndWhatWaitsForReview() {
        // Given a pinned idea and a pending one, and two items in the queue
        let list = IdeasListPage(
            apps: [F.app, F.otherApp], app: F.app, boards: Self.boards,
            ideas: [Self.row("Widgets", pinned: true), Self.row("Sync", moderation: .pending)], pending: 2)
        let markup = list.html(viewer: F.viewer("member")).markup
        // Then the status is drawn in its board color, demand is counted, the states are marked
        XCTAssertTrue(
            markup.contains(
                "<span class=\"badge status\"><svg class=\"swatch\" viewBox=\"0 0 10 10\" aria-hidden=\"true\" focusable=\"false\">"
                    + "<circle cx=\"5\" cy=\"5\" r=\"5\" fill=\"#22C55E\"></circle></svg>Planned</span>"))
        XCTAssertTrue(markup.contains("<td class=\"num\">1,204</td>"))
        XCTAssertTrue(markup.contains("<span class=\"badge accent\">Pinned</span>"))
        XCTAssertTrue(markup.contains("<span class=\"badge warn\">Waiting for review</span>"))
        // And the queue is one click away, counted on its tab
        XCTAssertTrue(markup.contains("<a href=\"/dashboard/ideas/moderation?app=prj_1\">2 items wait for review</a>"))
        XCTAssertTrue(markup.contains("Moderation <span class=\"count\" title=\"waiting for review\">2</span>"))
        // And the app picker switches apps with a plain GET form
        XCTAssertTrue(markup.contains("<form method=\"get\" action=\"/dashboard/ideas\" class=\"row\">"))
        XCTAssertTrue(markup.contains("<option value=\"prj_1\" selected>Weather</option><option value=\"prj_2\">Notes</option>"))
    }

    func testFiltersKeepTheirValuesAndOfferEachStatusOnce() {
        // Given a search with a status chosen across all boards
        let list = IdeasListPage(
            apps: [F.app], app: F.app, boards: Self.boards, status: "open", query: "dark \"mode\"", ideas: [Self.row("x")])
        let markup = list.html(viewer: F.viewer("member")).markup
        // Then the choices are kept, `open` is offered once for both boards, search is bounded at 120
        XCTAssertTrue(markup.contains("<option value=\"open\" selected>Open</option>"))
        XCTAssertEqual(F.count("value=\"open\"", in: markup), 1)
        XCTAssertTrue(markup.contains("<option value=\"fixed\">Fixed</option>"))
        XCTAssertTrue(markup.contains("name=\"q\" value=\"dark &quot;mode&quot;\" maxlength=\"120\""))
        XCTAssertTrue(markup.contains("<a href=\"/dashboard/ideas?app=prj_1\">Clear</a>"))
        // And a board narrows the statuses to its own
        let bugs = IdeasListPage(apps: [F.app], app: F.app, boards: Self.boards, board: "bugs", ideas: [Self.row("x")])
        XCTAssertFalse(bugs.html(viewer: F.viewer("member")).markup.contains("value=\"planned\""))
    }

    func testTheListHasAWayForwardWhenEmpty() {
        // Given no app, no board, no idea and no match
        let noApp = IdeasListPage(apps: [], app: nil)
        let noBoard = IdeasListPage(apps: [F.app], app: F.app)
        let noIdea = IdeasListPage(apps: [F.app], app: F.app, boards: Self.boards)
        let noMatch = IdeasListPage(apps: [F.app], app: F.app, boards: Self.boards, query: "zzz")
        // Then an owner is led to add an app or a board, a member told who can
        XCTAssertTrue(
            noApp.html(viewer: F.viewer("owner")).markup.contains("<a class=\"button primary\" href=\"/dashboard/apps\">Add an app</a>"))
        XCTAssertFalse(noApp.html(viewer: F.viewer("member")).markup.contains("Add an app"))
        XCTAssertTrue(noApp.html(viewer: F.viewer("member")).markup.contains("Ask an owner or admin of Acme to add one."))
        XCTAssertTrue(
            noBoard.html(viewer: F.viewer("admin")).markup.contains("href=\"/dashboard/ideas/boards?app=prj_1\">Create a board</a>"))
        XCTAssertFalse(noBoard.html(viewer: F.viewer("member")).markup.contains("Create a board"))
        // And an empty board points to the public roadmap, a search without match back to every idea
        XCTAssertTrue(
            noIdea.html(viewer: F.viewer("member")).markup.contains("<a href=\"/roadmap/weather-app\">Open the public roadmap</a>"))
        XCTAssertTrue(noMatch.html(viewer: F.viewer("member")).markup.contains("No idea matches these filters."))
    }

    func testAStatusColorThatIsNotAColorIsNotWritten() {
        XCTAssertTrue(IdeaBadges.swatch("#abcdef").markup.contains("fill=\"#abcdef\""))
        XCTAssertTrue(IdeaBadges.swatch("red\" onload=\"x").markup.contains("fill=\"currentColor\""))
        XCTAssertTrue(IdeaBadges.swatch("#abcdeg").markup.contains("fill=\"currentColor\""))
        XCTAssertTrue(IdeaBadges.swatch("#abcde").markup.contains("fill=\"currentColor\""))
    }

    // MARK: - One idea

    static func comment(
        id: String = "c_1", body: String = "Please!", official: Bool = false, moderation: IdeaModeration? = nil
    ) -> IdeaPage.Comment {
        IdeaPage.Comment(
            id: id, authorName: "Lee", authorEmail: "lee@example.com", body: body, official: official, moderation: moderation,
            createdAt: "2026-11-30T09:15:02.123Z")
    }

    static func idea(
        title: String = "Dark mode", description: String = "Please add it", authorName: String? = "Lee", pinned: Bool = false,
        moderation: IdeaModeration? = nil, mergedInto: IdeaChoice? = nil, comments: [IdeaPage.Comment] = []
    ) -> IdeaPage {
        IdeaPage(
            app: F.app, id: "idea_1", slug: "dark-mode", title: title, description: description, boardName: "Ideas", status: planned,
            statuses: [open, planned], votes: 12, commentCount: 3, pinned: pinned, moderation: moderation, authorName: authorName,
            authorEmail: "lee@example.com", createdAt: "2026-11-30T09:15:02.123Z", lastActivityAt: "2026-12-01T10:00:00.000Z",
            mergedInto: mergedInto, comments: comments,
            mergeTargets: [
                IdeaChoice(id: "idea_1", title: "Self", boardName: "Ideas", votes: 0),
                IdeaChoice(id: "idea_2", title: "Night theme", boardName: "Ideas", votes: 4),
            ],
            reports: [IdeaPage.SourceReport(id: "fb_7", excerpt: "Too bright at night", createdAt: "2026-11-29T08:00:00.000Z")])
    }

    func testAnIdeaOffersStatusPinVisibilityEditMergeAndAnOfficialComment() {
        // Given an approved idea
        let markup = Self.idea(moderation: .approved).html(viewer: F.viewer("member")).markup
        // Then every member gets each control, each a POST form with the token
        F.assertPostFormsCarryToken(markup)
        XCTAssertEqual(
            F.postActions(markup).filter { $0.hasPrefix("/dashboard/ideas/idea_1") },
            [
                "/dashboard/ideas/idea_1/comments", "/dashboard/ideas/idea_1", "/dashboard/ideas/idea_1", "/dashboard/ideas/idea_1/reject",
                "/dashboard/ideas/idea_1", "/dashboard/ideas/idea_1/merge",
            ])
        XCTAssertTrue(markup.contains("<option value=\"planned\" selected>Planned</option>"))
        XCTAssertTrue(markup.contains("<input type=\"hidden\" name=\"pinned\" value=\"1\"><button type=\"submit\">Pin to the top</button>"))
        // And the limits of docs/limits.md bound the text fields
        XCTAssertTrue(markup.contains("name=\"title\" value=\"Dark mode\" required minlength=\"4\" maxlength=\"140\""))
        XCTAssertTrue(markup.contains("name=\"description\" maxlength=\"4000\""))
        XCTAssertTrue(markup.contains("name=\"body\" required minlength=\"2\" maxlength=\"2000\""))
        // And merging asks first, never offers the idea itself, and the public roadmap is linked
        XCTAssertTrue(markup.contains("data-confirm=\"Merge “Dark mode” into the chosen idea? This cannot be undone.\""))
        XCTAssertTrue(markup.contains("<option value=\"idea_2\">Night theme — Ideas, 4 votes</option>"))
        XCTAssertFalse(markup.contains("<option value=\"idea_1\">"))
        XCTAssertTrue(markup.contains("<a href=\"/roadmap/weather-app/ideas/dark-mode\">View on the public roadmap</a>"))
        XCTAssertTrue(markup.contains("<a href=\"/dashboard/reports/fb_7\">Too bright at night</a>"))
    }

    func testModerationControlsFollowTheIdeasState() {
        let pending = Self.idea(moderation: .pending).html(viewer: F.viewer("member")).markup
        let rejected = Self.idea(moderation: .rejected).html(viewer: F.viewer("member")).markup
        let pinned = Self.idea(pinned: true).html(viewer: F.viewer("member")).markup
        // A pending idea is approved or rejected up front, and is not on the public roadmap yet
        XCTAssertTrue(pending.contains("<section class=\"panel review\">"))
        XCTAssertTrue(F.postActions(pending).contains("/dashboard/ideas/idea_1/approve"))
        XCTAssertFalse(pending.contains("View on the public roadmap"))
        // A hidden idea can be shown again; a pinned one unpinned
        XCTAssertTrue(rejected.contains("<span class=\"badge bad\">Hidden</span>"))
        XCTAssertTrue(F.postActions(rejected).contains("/dashboard/ideas/idea_1/approve"))
        XCTAssertFalse(F.postActions(rejected).contains("/dashboard/ideas/idea_1/reject"))
        XCTAssertTrue(pinned.contains("<input type=\"hidden\" name=\"pinned\" value=\"0\"><button type=\"submit\">Unpin</button>"))
    }

    func testAMergedIdeaIsReadOnlyAndLeadsToWhereItWent() {
        let markup = Self.idea(mergedInto: IdeaChoice(id: "idea_2", title: "Night theme", boardName: "Ideas", votes: 16))
            .html(viewer: F.viewer("owner")).markup
        XCTAssertTrue(markup.contains("Merged into <a href=\"/dashboard/ideas/idea_2\">Night theme</a>."))
        XCTAssertEqual(F.postActions(markup).filter { $0.hasPrefix("/dashboard/ideas/") }, [])
        XCTAssertFalse(markup.contains("View on the public roadmap"))
    }

    func testCommentsShowOfficialAndPendingOnesWithTheirDecisions() {
        // Given an official comment, a pending one and a hidden one
        let comments = [
            Self.comment(id: "c_1", official: true), Self.comment(id: "c_2", moderation: .pending),
            Self.comment(id: "c_3", moderation: .rejected),
        ]
        let markup = Self.idea(comments: comments).html(viewer: F.viewer("member")).markup
        // Then the official one is the team's, the pending one is approved or rejected, the hidden one shown again
        XCTAssertTrue(
            markup.contains(
                "<div class=\"msg team\"><span class=\"meta\"><strong>Lee</strong> <span class=\"badge accent\">Official</span>"))
        XCTAssertTrue(F.postActions(markup).contains("/dashboard/comments/c_2/approve"))
        XCTAssertTrue(F.postActions(markup).contains("/dashboard/comments/c_2/reject"))
        XCTAssertTrue(F.postActions(markup).contains("/dashboard/comments/c_3/approve"))
        XCTAssertFalse(F.postActions(markup).contains("/dashboard/comments/c_3/reject"))
        XCTAssertTrue(markup.contains("<h2>Comments (3)</h2>"))
        // And without comments it says so
        XCTAssertTrue(Self.idea().html(viewer: F.viewer("member")).markup.contains("No comments yet."))
    }
}
