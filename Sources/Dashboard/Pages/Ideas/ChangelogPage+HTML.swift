/// The changelog manager: a new entry starts as a draft; each entry shows its state and,
/// for those who may publish, its editor and the publish or unpublish button.
extension ChangelogPage {
    /// docs/openapi.yaml, changelog entries: title 1–200, body 1–20,000 characters.
    static let titleLimit = 200
    static let bodyLimit = 20_000

    public func html(viewer: PageShell.Viewer, notice: PageShell.Notice? = nil) -> HTML {
        IdeasNav.page(title: "Changelog", tab: .changelog, apps: apps, app: app, viewer: viewer, notice: notice) { app in
            element("p", .class("small muted")) {
                "Published entries appear on "
                element("a", .href(ChangelogPage.publicPath(app))) { ChangelogPage.publicPath(app) }
                " and in its "
                element("a", .href(ChangelogPage.publicPath(app) + "/feed.atom")) { "Atom feed" }
                ". Drafts stay here."
            }
            if !viewer.publishesChangelog {
                element("p", .class("muted small")) { "Owners and admins write and publish changelog entries." }
            }
            if viewer.publishesChangelog { newEntryPanel(app, viewer) }
            if entries.isEmpty {
                element("div", .class("panel empty")) {
                    element("p") { "No changelog entries yet." }
                    if viewer.publishesChangelog {
                        element("p", .class("small")) { "Write the first one above; it stays a draft until you publish it." }
                    }
                }
            }
            for entry in entries { ChangelogPage.entryPanel(entry, viewer) }
            if let nextCursor {
                element("div", .class("pager")) {
                    element(
                        "a", .class("button"),
                        .href(FeedbackPageParts.href(IdeasNav.Tab.changelog.path, [("app", app.id), ("cursor", nextCursor)]))
                    ) {
                        "Older entries →"
                    }
                }
            }
        }
    }

    static func publicPath(_ app: CommunityApp) -> String { "/changelog/" + FeedbackPageParts.encode(app.appId) }

    func newEntryPanel(_ app: CommunityApp, _ viewer: PageShell.Viewer) -> HTML {
        element("section", .class("panel"), .id("new-entry")) {
            element("details", .class("fold")) {
                element("summary") { "Write a new entry" }
                PostForm.make(action: IdeasNav.Tab.changelog.path, token: viewer.formToken) {
                    voidElement("input", .type("hidden"), .name("app"), .value(app.id))
                    ChangelogPage.fields(nil, prefix: "new-entry")
                    element("button", .type("submit"), .class("primary")) { "Save draft" }
                }
            }
        }
    }

    static func fields(_ entry: Entry?, prefix: String) -> HTML {
        HTMLBuilder.join([
            element("div", .class("field")) {
                element("label", Attribute("for", prefix + "-title")) { "Title" }
                voidElement(
                    "input", .type("text"), .id(prefix + "-title"), .name("title"), .value(entry?.title ?? ""), .required,
                    Attribute("maxlength", String(titleLimit)), Attribute("aria-describedby", prefix + "-title-hint"))
                FeedbackPageParts.hint(prefix + "-title-hint", "1–\(titleLimit) characters.")
            },
            element("div", .class("field")) {
                element("label", Attribute("for", prefix + "-body")) { "Text" }
                element(
                    "textarea", .id(prefix + "-body"), .name("body"), .required, Attribute("maxlength", String(bodyLimit)),
                    Attribute("aria-describedby", prefix + "-body-hint"), .class("tall")
                ) { entry?.body ?? "" }
                FeedbackPageParts.hint(prefix + "-body-hint", "1–" + FeedbackPageParts.grouped(bodyLimit) + " characters.")
            },
        ])
    }

    static func entryPanel(_ entry: Entry, _ viewer: PageShell.Viewer) -> HTML {
        element("article", .class("panel entry"), .id("entry-" + entry.id)) {
            element("div", .class("row")) {
                element("h2") { entry.title }
                element("span", .class("spacer"))
                if entry.isPublished {
                    element("span", .class("badge ok")) { "Published" }
                } else {
                    element("span", .class("badge warn")) { "Draft" }
                }
            }
            element("p", .class("small muted")) {
                if entry.isPublished, let publishedAt = entry.publishedAt {
                    "Published "
                    FeedbackPageParts.when(publishedAt)
                } else {
                    "Created "
                    FeedbackPageParts.when(entry.createdAt)
                }
                " · edited "
                FeedbackPageParts.when(entry.updatedAt)
            }
            element("div", .class("message")) { entry.body }
            if viewer.publishesChangelog {
                element("div", .class("row")) {
                    if entry.isPublished {
                        PostForm.make(
                            action: entry.path + "/unpublish", token: viewer.formToken,
                            confirm: "Return “" + entry.title + "” to draft? It leaves the public changelog."
                        ) {
                            element("button", .type("submit")) { "Unpublish" }
                        }
                    } else {
                        PostForm.make(action: entry.path + "/publish", token: viewer.formToken) {
                            element("button", .type("submit"), .class("primary")) { "Publish" }
                        }
                    }
                }
                element("details", .class("fold")) {
                    element("summary") { entry.isPublished ? "Edit (the public sees the change at once)" : "Edit" }
                    PostForm.make(action: entry.path, token: viewer.formToken) {
                        fields(entry, prefix: "entry-" + entry.id)
                        element("button", .type("submit"), .class("primary")) { "Save" }
                    }
                }
            }
        }
    }
}
