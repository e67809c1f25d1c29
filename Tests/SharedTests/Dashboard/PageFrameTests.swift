import HubCrypto
import XCTest

@testable import Dashboard

/// Every page: one style sheet and one script from the hub under content-hashed names, the
/// security headers, and a frame that shows only the sections a role may open.
final class PageFrameTests: XCTestCase {
    func testAssetsAreServedUnderTheirHashForAYear() {
        // Given the compiled-in files
        let assets = DashboardAssets.shared
        for asset in [assets.stylesheet, assets.script] {
            // Then the name carries the first 12 hex digits of the bytes' SHA-256
            let hash = String(SHA256.hex(asset.bytes).prefix(12))
            XCTAssertTrue(asset.path.hasPrefix("/assets/app." + hash + "."), asset.path)
            // And it is served with a year's immutable caching, another name is 404
            let served = assets.response(for: asset.path)
            XCTAssertEqual(served.status, 200)
            XCTAssertEqual(served.header("Cache-Control"), "public, max-age=31536000, immutable")
            XCTAssertEqual(served.body, asset.bytes)
        }
        XCTAssertEqual(assets.response(for: "/assets/app.000000000000.css").status, 404)
    }

    func testAPageIsSentWithAPolicyThatAllowsNoInlineCode() {
        // When a page is answered
        let response = PageResponse.html(PageShell.bare(title: "Sign in") { "x" })
        // Then its headers forbid inline script and style, framing and foreign referrers
        let policy = response.header("Content-Security-Policy") ?? ""
        XCTAssertFalse(policy.contains("unsafe-inline"))
        XCTAssertTrue(policy.contains("script-src 'self'"))
        XCTAssertTrue(policy.contains("frame-ancestors 'none'"))
        XCTAssertEqual(response.header("X-Frame-Options"), "DENY")
        XCTAssertEqual(response.header("Referrer-Policy"), "same-origin")
        XCTAssertEqual(response.header("Content-Type"), "text/html; charset=utf-8")
        // And the document itself has no inline script or style
        let markup = String(decoding: response.body, as: UTF8.self)
        XCTAssertFalse(markup.contains("<script>"))
        XCTAssertFalse(markup.contains("style="))
        XCTAssertTrue(markup.contains(DashboardAssets.shared.stylesheet.path))
    }

    func testTheFrameShowsOnlyTheViewersSections() {
        // Given a member who may not open settings
        let viewer = PageShell.Viewer(
            name: "Ana <admin>", email: "ana@example.com", role: "member", organization: "Acme", formToken: "t",
            sections: [.inbox, .ideas, .apps], unread: 3)
        // When a page is framed
        let markup = PageShell.page(title: "Inbox", section: .inbox, viewer: viewer) { "body" }.markup
        // Then settings is not linked, the current section is marked and the name is escaped
        XCTAssertFalse(markup.contains("/dashboard/settings"))
        XCTAssertTrue(markup.contains("<a href=\"/dashboard\" aria-current=\"page\">"))
        XCTAssertTrue(markup.contains("Ana &lt;admin&gt;"))
        XCTAssertTrue(markup.contains("<span class=\"count\" title=\"unread\">3</span>"))
    }

    func testARedirectKeepsOnlyLocalOrWebLocations() {
        XCTAssertEqual(PageResponse.redirect("/dashboard").header("Location"), "/dashboard")
        XCTAssertEqual(PageResponse.redirect("javascript:alert(1)").header("Location"), "#")
        XCTAssertEqual(PageResponse.redirect("/x").status, 303)
    }
}
