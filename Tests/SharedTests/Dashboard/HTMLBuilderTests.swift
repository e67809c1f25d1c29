import XCTest

@testable import Dashboard

/// Issue 20: one builder escapes every value, so no user text reaches a page as markup.
final class HTMLBuilderTests: XCTestCase {
    func testTextIsEscapedWhereverItGoes() {
        // Given text a user wrote
        let hostile = "<img src=x onerror=alert(1)> & \"quoted\" 'single'"
        // When it is content, an attribute value and both inside a list
        let page = element("div", .title(hostile)) {
            hostile
            for word in ["<script>", "a&b"] { element("span") { word } }
        }
        // Then no tag or quote of it survives as markup
        XCTAssertEqual(
            page.markup,
            "<div title=\"&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quoted&quot; &#39;single&#39;\">"
                + "&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quoted&quot; &#39;single&#39;"
                + "<span>&lt;script&gt;</span><span>a&amp;b</span></div>")
    }

    func testTextWithoutSpecialCharactersIsKeptAsIs() {
        XCTAssertEqual(HTML.escape("Plain text, über ünïcödé 👍"), "Plain text, über ünïcödé 👍")
        XCTAssertEqual(HTML.escape(""), "")
        XCTAssertEqual(HTML.escape("<"), "&lt;")
        XCTAssertEqual(HTML.escape("a<b>c"), "a&lt;b&gt;c")
    }

    func testURLAttributesKeepOnlyPathsFragmentsAndWebURLs() {
        let cases: [(String, String)] = [
            ("/dashboard/conversations/1", "/dashboard/conversations/1"), ("#reply", "#reply"), ("?page=2", "?page=2"),
            ("https://hub.example.com/x", "https://hub.example.com/x"), ("HTTP://Example.com", "HTTP://Example.com"),
            ("javascript:alert(1)", "#"), ("JaVaScRiPt:alert(1)", "#"), (" javascript:alert(1)", "#"),
            ("data:text/html,<b>", "#"), ("//evil.example", "#"), ("vbscript:x", "#"),
        ]
        for (given, kept) in cases {
            XCTAssertEqual(element("a", .href(given)).markup, "<a href=\"" + HTML.escape(kept) + "\"></a>", given)
        }
        // A value of a non-URL attribute is only escaped.
        XCTAssertEqual(element("p", .title("javascript:x")).markup, "<p title=\"javascript:x\"></p>")
    }

    func testVoidAndBooleanAttributes() {
        XCTAssertEqual(voidElement("input", .type("checkbox"), .name("x"), .checked).markup, "<input type=\"checkbox\" name=\"x\" checked>")
    }

    func testAPostFormCarriesTheFormToken() {
        let form = PostForm.make(action: "/dashboard/x", token: "tok\"en") { element("button") { "Go" } }
        XCTAssertEqual(
            form.markup,
            "<form method=\"post\" action=\"/dashboard/x\"><input type=\"hidden\" name=\"_form\" value=\"tok&quot;en\">"
                + "<button>Go</button></form>")
    }
}
