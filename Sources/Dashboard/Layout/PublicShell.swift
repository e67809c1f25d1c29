/// The frame of an app's public pages (hosted roadmap and changelog): the app's name, the two
/// sections, who is signed in through the app, the page, and the watermark when the project
/// keeps it. It shares the dashboard's builder, style sheet and script, and is drawn in the
/// visitor's language.
public enum PublicShell {
    public enum Section: Sendable { case roadmap, changelog }

    /// The value every page-drawn form key starts as; `withFormKeys` puts a fresh key in its
    /// place on each answer, so a page kept in a cache never hands two visitors one key. A
    /// `<` can never come from escaped text, so nothing a visitor typed can look like it.
    public static let formKeyMarker = Array("\"<KEY>\"".utf8)

    /// The hidden field of a post's idempotency key (`key`).
    static let formKeyField = HTML.trusted("<input type=\"hidden\" name=\"key\" value=\"<KEY>\">")

    public static func page(
        site: RoadmapSite, title: String, section: Section, path: String, notice: PageShell.Notice? = nil,
        @HTMLBuilder content: () -> HTML
    ) -> HTML {
        let copy = site.copy
        let paths = site.paths
        return document(site: site, title: title) {
            element("a", .class("skip"), .href("#main")) { copy.skip }
            element("header", .class("public-top")) {
                element("div", .class("public-bar")) {
                    element("a", .class("public-app"), .href(paths.roadmap)) { site.appName }
                    element("nav", .class("public-nav"), .label(site.appName)) {
                        element(
                            "a", section == .roadmap ? [.href(paths.roadmap), Attribute("aria-current", "page")] : [.href(paths.roadmap)]
                        ) {
                            copy.roadmap
                        }
                        element(
                            "a",
                            section == .changelog ? [.href(paths.changelog), Attribute("aria-current", "page")] : [.href(paths.changelog)]
                        ) { copy.changelog }
                    }
                    if let email = site.signedInEmail {
                        element("div", .class("public-me small")) {
                            element("span") { copy.signedInAs(email) }
                            form(site: site, action: paths.signOut) {
                                element("button", .type("submit"), .class("link")) { copy.signOut }
                            }
                        }
                    }
                }
            }
            element("main", .id("main"), .class("public")) {
                if let notice { PageShell.noticeBlock(notice) }
                content()
            }
            element("footer", .class("public-foot small muted")) {
                if site.watermark {
                    element("a", .href("https://www.appnorth.app")) { copy.poweredBy }
                }
            }
            if section == .roadmap {
                // The page's script fills `code` from a `#handoff=` fragment, takes the
                // fragment out of the address bar, and posts this form.
                element("form", Attribute("method", "post"), Attribute("action", paths.session), .hidden, Attribute("data-handoff", "")) {
                    voidElement("input", .type("hidden"), .name(PostForm.tokenField), .value(site.formToken))
                    voidElement("input", .type("hidden"), .name("next"), .value(path))
                    voidElement("input", .type("hidden"), .name("code"), .value(""))
                }
            }
        }
    }

    /// A post of a public page: the visitor's form token and a fresh idempotency key.
    static func form(site: RoadmapSite, action: String, _ attributes: Attribute..., @HTMLBuilder content: () -> HTML) -> HTML {
        element("form", [Attribute("method", "post"), Attribute("action", action)] + attributes) {
            voidElement("input", .type("hidden"), .name(PostForm.tokenField), .value(site.formToken))
            formKeyField
            content()
        }
    }

    /// `bytes` with each form key marker replaced by `key` (letters and digits only).
    public static func withFormKeys(_ bytes: [UInt8], key: String) -> [UInt8] {
        let marker = formKeyMarker
        guard let first = marker.first else { return bytes }
        let replacement = Array(("\"" + key + "\"").utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 64)
        var i = 0
        let end = bytes.count - marker.count
        while i < bytes.count {
            if bytes[i] == first && i <= end && bytes[i..<(i + marker.count)].elementsEqual(marker) {
                out += replacement
                i += marker.count
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return out
    }

    static func document(site: RoadmapSite, title: String, @HTMLBuilder body: () -> HTML) -> HTML {
        let assets = DashboardAssets.shared
        return HTMLBuilder.join([
            .trusted("<!doctype html>"),
            element("html", Attribute("lang", site.language.rawValue)) {
                element("head") {
                    voidElement("meta", Attribute("charset", "utf-8"))
                    voidElement("meta", .name("viewport"), Attribute("content", "width=device-width, initial-scale=1"))
                    voidElement("meta", .name("referrer"), Attribute("content", "same-origin"))
                    element("title") { title + " · " + site.appName }
                    voidElement("link", Attribute("rel", "stylesheet"), .href(assets.stylesheet.path))
                    voidElement(
                        "link", Attribute("rel", "alternate"), Attribute("type", "application/atom+xml"), .title(site.copy.changelog),
                        .href(site.paths.feed))
                    element("script", Attribute("src", assets.script.path), Attribute(boolean: "defer"))
                }
                element("body", .class("public-body")) { body() }
            },
        ])
    }
}
