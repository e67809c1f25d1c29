import Dashboard
import Foundation
import TestSupport
import XCTest

@testable import IngestService

/// `/dashboard/apps/<projectId>/metadata` (docs "Metadata"; issue 26) against the fake App Store
/// Connect: the editor loaded from Apple in a task, validation with the keyword byte budget, a
/// refused draft drawn again as typed and escaped, the review showing only changed fields, the
/// publish and its history, `STALE` with both versions and `PARTIALLY_PUBLISHED` with which part
/// went through; members read and review but never publish.
final class MetadataPagesTests: XCTestCase {
    private var fixture: ASCFixture!
    private var pages: PageSession!
    private var projectId: String!

    override func setUpWithError() throws {
        let app: [String: Any] = [
            "id": "1450000001", "name": "Trails", "bundleId": "com.example.trails",
            "versions": [
                [
                    "id": "v1", "versionString": "2.1", "appStoreState": "PREPARE_FOR_SUBMISSION",
                    "localizations": [
                        [
                            "id": "vl-en", "locale": "en-US", "keywords": "hiking,gps,maps", "promotionalText": "Summer update",
                            "description": "Find trails near you.\nOffline maps included.", "whatsNew": "Bug fixes",
                        ],
                        ["id": "vl-fr", "locale": "fr-FR", "keywords": "randonnée,gps", "description": "Sentiers."],
                    ],
                ]
            ],
            "appInfos": [
                [
                    "id": "ai1", "state": "PREPARE_FOR_SUBMISSION",
                    "localizations": [
                        ["id": "il-en", "locale": "en-US", "name": "Trails", "subtitle": "Hiking maps offline"],
                        ["id": "il-fr", "locale": "fr-FR", "name": "Sentiers", "subtitle": "Cartes"],
                    ],
                ]
            ],
        ]
        fixture = try ASCFixture(apps: [app])
        projectId = try XCTUnwrap(fixture.connectAndImport(["1450000001"]).first)
        pages = try fixture.admin.pages(as: "owner@example.com", role: .owner)
    }

    override func tearDown() { fixture?.shutdown() }

    private var path: String { "/dashboard/apps/\(projectId!)/metadata" }

    /// The editor of `locale`, read from Apple through the task's page.
    private func load(_ session: PageSession, locale: String = "en-US") throws -> (page: HubReply, state: String) {
        let editor = try session.settled(try session.post(path + "/load", [("locale", locale)]))
        XCTAssertEqual(editor.status, 200, editor.text)
        return (editor, try XCTUnwrap(Self.hidden("state", in: editor.text)))
    }

    static func hidden(_ name: String, in html: String) -> String? {
        guard let start = html.range(of: "name=\"\(name)\" value=\"") else { return nil }
        return String(html[start.upperBound...].prefix { $0 != "\"" })
    }

    private func patches() throws -> [[String: Any]] { try fixture.log().filter { $0["method"] as? String == "PATCH" } }

    private func fields(_ changes: [(String, String)], state: String) -> [(String, String)] {
        [("state", state)] + changes
    }

    func testAnEditIsValidatedReviewedAsADiffOfChangedFieldsAndPublished() throws {
        // When the owner loads the en-US localization
        let (editor, state) = try load(pages)
        // Then Apple's values fill the editor, with counters in characters and the keywords in UTF-8 bytes
        XCTAssertTrue(editor.text.contains("value=\"Hiking maps offline\""), editor.text)
        XCTAssertTrue(editor.text.contains("15 / 100 bytes (UTF-8)"))
        XCTAssertTrue(editor.text.contains("19 / 30 characters"))
        XCTAssertTrue(editor.text.contains("<option value=\"fr-FR\">fr-FR</option>"))
        // When a draft over the 100-byte budget (51 "é" are 102 bytes but 51 characters), with an empty and a
        // duplicate term and markup in the subtitle, is reviewed
        let accents = String(repeating: "é", count: 51)
        let refused = try pages.post(
            path + "/review",
            fields([("subtitle", "Maps <b>offline</b>"), ("keywords", accents + ",,gps,GPS,maps")], state: state))
        // Then it is drawn again (400) with what was typed, escaped, and each finding by its field
        XCTAssertEqual(refused.status, 400)
        XCTAssertTrue(refused.text.contains("keywords are 116 UTF-8 bytes; Apple allows 100."), refused.text)
        XCTAssertTrue(refused.text.contains("A keyword term is empty"))
        XCTAssertTrue(refused.text.contains("&quot;GPS&quot; appears more than once.") || refused.text.contains("&#34;GPS&#34;"))
        XCTAssertTrue(refused.text.contains("is already in the name or subtitle"))
        XCTAssertTrue(refused.text.contains("value=\"Maps &lt;b&gt;offline&lt;/b&gt;\""))
        XCTAssertFalse(refused.text.contains("<b>offline</b>"))
        // And exactly 100 bytes is within the budget (50 "é" are 100 bytes)
        let edge = try pages.post(path + "/review", fields([("keywords", String(repeating: "é", count: 50))], state: state))
        XCTAssertEqual(edge.status, 200, edge.text)
        XCTAssertFalse(edge.text.contains("Apple allows 100"))
        // When a valid edit of the subtitle and keywords is reviewed, the description sent as loaded (CRLF from the browser)
        let review = try pages.post(
            path + "/review",
            fields(
                [
                    ("subtitle", "Offline trail maps"), ("keywords", "hiking,gps,camping"),
                    ("description", "Find trails near you.\r\nOffline maps included."),
                ], state: state))
        // Then only the changed fields are shown, old against new, with the changed words struck and marked
        XCTAssertEqual(review.status, 200, review.text)
        XCTAssertTrue(review.text.contains("id=\"diff-subtitle\""))
        XCTAssertTrue(review.text.contains("id=\"diff-keywords\""))
        XCTAssertFalse(review.text.contains("id=\"diff-description\""))
        XCTAssertTrue(review.text.contains("<del>maps</del>"), review.text)
        XCTAssertTrue(review.text.contains("<ins>camping</ins>"))
        XCTAssertEqual(try patches().count, 0)
        // When the owner publishes from the review
        let publish = try XCTUnwrap(Self.hidden("state", in: review.text))
        let done = try pages.settled(
            try pages.post(
                path + "/publish", fields([("subtitle", "Offline trail maps"), ("keywords", "hiking,gps,camping")], state: publish)))
        // Then the two fields reach Apple and the history says so
        XCTAssertEqual(done.header("location"), path + "?done=published")
        XCTAssertEqual(
            try patches().compactMap { $0["path"] as? String },
            ["/v1/appInfoLocalizations/il-en", "/v1/appStoreVersionLocalizations/vl-en"])
        let history = try pages.get(path)
        XCTAssertTrue(history.text.contains(">PUBLISHED</span>"), history.text)
        XCTAssertTrue(history.text.contains("Subtitle, Keywords"))
        XCTAssertTrue(history.text.contains("member:owner@example.com"))
    }

    func testAMemberLoadsAndReviewsButMayNotPublish() throws {
        // Given a member
        let member = try fixture.admin.pages(as: "member@example.com", role: .member)
        // When they load the fr-FR localization and review an edit
        let (editor, state) = try load(member, locale: "fr-FR")
        XCTAssertTrue(editor.text.contains("value=\"Sentiers\""), editor.text)
        let review = try member.post(path + "/review", [("state", state), ("keywords", "randonnée,gps,carte")])
        // Then the diff shows without a publish button, and a publish is refused by the server
        XCTAssertEqual(review.status, 200)
        XCTAssertTrue(review.text.contains("id=\"diff-keywords\""))
        XCTAssertFalse(review.text.contains("/metadata/publish"))
        XCTAssertEqual(try member.post(path + "/publish", [("state", state), ("keywords", "randonnée,gps,carte")]).status, 403)
        // And a post without the form token is refused too
        XCTAssertEqual(try pages.post(path + "/publish", [("state", state)], withToken: false).status, 403)
        XCTAssertEqual(try patches().count, 0)
        // And a damaged state is refused, never trusted
        XCTAssertEqual(try pages.post(path + "/review", [("state", "not-base64"), ("keywords", "a")]).status, 400)
    }

    func testAStalePublishShowsWhatAppleHasNowAndWhatWasWanted() throws {
        // Given the owner loaded the editor, then someone changed the keywords in App Store Connect
        let (_, state) = try load(pages)
        let elsewhere = try fixture.admin.call(
            "POST", "/projects/\(projectId!)/metadata/publish",
            json: [
                "locale": "en-US", "changes": ["keywords": "hiking,gps,offline"],
                "expected": ["keywords": "hiking,gps,maps", "name": "Trails", "subtitle": "Hiking maps offline"],
            ])
        XCTAssertEqual(elsewhere.status, 200, "\(elsewhere.json)")
        // When the owner publishes their keywords against the values they loaded
        let stale = try pages.settled(try pages.post(path + "/publish", [("state", state), ("keywords", "hiking,gps,<trails>")]))
        // Then nothing more is written and the page shows both versions, escaped
        XCTAssertEqual(stale.status, 409, stale.text)
        XCTAssertTrue(stale.text.contains(">STALE</span>"))
        XCTAssertTrue(stale.text.contains("Apple has now"))
        XCTAssertTrue(stale.text.contains("You wanted"))
        XCTAssertTrue(stale.text.contains("offline"))
        XCTAssertTrue(stale.text.contains("&lt;trails&gt;"))
        XCTAssertFalse(stale.text.contains("<trails>"))
        XCTAssertEqual(try patches().count, 1)
        // When they keep their edit over Apple's current values
        let merged = try pages.post(
            path + "/edit",
            [("state", try XCTUnwrap(Self.hidden("state", in: stale.text)))]
                + MetadataFields.ordered.compactMap { key, _ in
                    Self.value(key, in: stale.text).map { (key, $0) }
                })
        // Then the editor holds their keywords, now based on Apple's current ones, and publishing it goes through
        XCTAssertEqual(merged.status, 200, merged.text)
        XCTAssertTrue(merged.text.contains("value=\"hiking,gps,&lt;trails&gt;\""), merged.text)
        let newState = try XCTUnwrap(Self.hidden("state", in: merged.text))
        let done = try pages.settled(try pages.post(path + "/publish", [("state", newState), ("keywords", "hiking,gps,trails")]))
        XCTAssertEqual(done.header("location"), path + "?done=published")
    }

    /// A hidden field's value (the merge form carries the draft that way), unescaped.
    static func value(_ name: String, in html: String) -> String? {
        hidden(name, in: html)?.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    func testAPartialPublishSaysWhichFieldsWentThrough() throws {
        // Given Apple fails the version-localization write
        let (_, state) = try load(pages)
        try fixture.controlPost(
            "/__control/script",
            ["method": "PATCH", "path": "/v1/appStoreVersionLocalizations/vl-en", "responses": [["status": 500]]])
        // When the subtitle and keywords are published
        let partial = try pages.settled(
            try pages.post(path + "/publish", [("state", state), ("subtitle", "Offline trail maps"), ("keywords", "hiking,gps,camping")]))
        // Then the page says the subtitle went through and the keywords did not
        XCTAssertEqual(partial.status, 502, partial.text)
        XCTAssertTrue(partial.text.contains(">PARTIALLY_PUBLISHED</span>"))
        XCTAssertTrue(partial.text.contains("<dd id=\"partial-published\">Subtitle</dd>"), partial.text)
        XCTAssertTrue(partial.text.contains("<dd id=\"partial-failed\">Keywords</dd>"))
        XCTAssertTrue(partial.text.contains("Nothing was rolled back"))
        // And the history lists it with both sides
        let history = try pages.get(path)
        XCTAssertTrue(history.text.contains(">PARTIALLY_PUBLISHED</span>"))
    }

    func testAProjectNotImportedSaysHowToLinkIt() throws {
        // Given a project made by hand
        let plain = try fixture.createProject(name: "Plain")
        // Then its metadata page links to the import and offers no editor
        let page = try pages.get("/dashboard/apps/\(plain)/metadata")
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(page.text.contains("not linked to one"))
        XCTAssertFalse(page.text.contains("/metadata/load"))
    }
}
