import XCTest

@testable import Dashboard

/// The hosted roadmap's renderers: the language a visitor reads, form keys put in per answer,
/// escaping, and the controls each board policy leaves a visitor.
final class RoadmapPagesTests: XCTestCase {
    private func site(signedIn: String? = nil, language: RoadmapLanguage = .en) -> RoadmapSite {
        RoadmapSite(appId: "app_demo", appName: "Demo <b>", language: language, watermark: false, signedInEmail: signedIn, formToken: "tok")
    }

    private func idea(_ title: String, vote: RoadmapControl) -> RoadmapIdea {
        RoadmapIdea(
            id: "i1", slug: "s1", title: title, description: "", boardName: "Ideas", statusLabel: "Open", statusColor: "#6B7280",
            votes: 3, comments: 1, hasVoted: false, pinned: false, vote: vote)
    }

    private func page(_ ideas: [RoadmapIdea], submit: RoadmapControl, site: RoadmapSite) -> String {
        RoadmapPage(
            site: site, boards: [RoadmapBoard(slug: "ideas", name: "Ideas", description: nil, submit: submit)], board: nil, status: nil,
            search: "", sort: .top, columns: [], ideas: ideas, nextCursor: nil, paged: false, notice: nil
        ).html.markup
    }

    func testTheLanguageIsTheBrowsersFirstThatTheProjectListsElseTheProjectsFirst() {
        // Spanish asked first and offered: Spanish; asked with q=0 or not offered: the project's first
        XCTAssertEqual(RoadmapLanguage.choose(projectLanguages: ["en", "es"], acceptLanguage: "es-MX,es;q=0.9,en;q=0.5"), .es)
        XCTAssertEqual(RoadmapLanguage.choose(projectLanguages: ["en", "es"], acceptLanguage: "es;q=0, en"), .en)
        XCTAssertEqual(RoadmapLanguage.choose(projectLanguages: ["es", "en"], acceptLanguage: "de-DE"), .es)
        XCTAssertEqual(RoadmapLanguage.choose(projectLanguages: ["en"], acceptLanguage: "es"), .en)
        XCTAssertEqual(RoadmapLanguage.choose(projectLanguages: ["fr"], acceptLanguage: nil), .en)
    }

    func testEveryAnswerGetsItsOwnFormKeyAndTypedTextCannotPassForTheMarker() {
        // Given a page whose idea title is the marker's text
        let markup = Array(page([idea("\"<KEY>\"", vote: .open)], submit: .open, site: site()).utf8)
        // When two answers are made from it
        let first = String(decoding: PublicShell.withFormKeys(markup, key: "aaaa1111"), as: UTF8.self)
        let second = String(decoding: PublicShell.withFormKeys(markup, key: "bbbb2222"), as: UTF8.self)
        // Then each form carries that answer's key, and the title is escaped text, untouched
        XCTAssertEqual(first.components(separatedBy: "name=\"key\" value=\"aaaa1111\"").count - 1, 2)
        XCTAssertTrue(second.contains("name=\"key\" value=\"bbbb2222\""))
        XCTAssertFalse(first.contains("<KEY>"))
        XCTAssertTrue(first.contains("&quot;&lt;KEY&gt;&quot;"))
        XCTAssertTrue(first.contains("Demo &lt;b&gt;"))
    }

    func testEachPolicyDrawsItsControl() {
        // `anyone`: the vote and suggest forms; `identified` without a session: the note to open
        // the roadmap from the app and no form; `disabled`: neither
        let open = page([idea("A", vote: .open)], submit: .open, site: site())
        XCTAssertTrue(open.contains("action=\"/roadmap/app_demo/ideas/i1/vote\""))
        XCTAssertTrue(open.contains("action=\"/roadmap/app_demo/ideas\""))
        XCTAssertTrue(open.contains("name=\"authorName\""))
        let identified = page([idea("A", vote: .signIn)], submit: .signIn, site: site())
        XCTAssertFalse(identified.contains("/vote\""))
        XCTAssertFalse(identified.contains("action=\"/roadmap/app_demo/ideas\""))
        XCTAssertTrue(identified.contains("Open this roadmap from the app to take part."))
        let disabled = page([idea("A", vote: .hidden)], submit: .hidden, site: site())
        XCTAssertFalse(disabled.contains("/vote\""))
        XCTAssertFalse(disabled.contains("Suggest an idea"))
        // And a signed-in visitor is never asked for a name: their identity is the verified one
        let signedIn = page([idea("A", vote: .open)], submit: .open, site: site(signedIn: "ana@example.com"))
        XCTAssertFalse(signedIn.contains("name=\"authorName\""))
        XCTAssertTrue(signedIn.contains("Signed in as ana@example.com"))
    }
}
