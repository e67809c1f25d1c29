/// `GET /dashboard/apps/{id}/metadata`: the start of the editor (reading Apple's current values
/// is a task, so the page itself answers at once) and the publish history, newest first, each
/// outcome with the fields that went through and those that did not.
public struct MetadataPage: Sendable {
    public struct Publish: Sendable, Equatable {
        public var locale: String
        public var result: String
        public var published: [String]
        public var failed: [String]
        public var detail: String?
        public var actor: String
        public var createdAt: String
        public init(
            locale: String, result: String, published: [String], failed: [String], detail: String?, actor: String, createdAt: String
        ) {
            self.locale = locale
            self.result = result
            self.published = published
            self.failed = failed
            self.detail = detail
            self.actor = actor
            self.createdAt = createdAt
        }
    }

    public var projectId: String
    public var appName: String
    public var imported: Bool
    public var history: [Publish]

    public init(projectId: String, appName: String, imported: Bool, history: [Publish] = []) {
        self.projectId = projectId
        self.appName = appName
        self.imported = imported
        self.history = history
    }

    var path: String { "/dashboard/apps/" + projectId + "/metadata" }

    public func html(viewer: PageShell.Viewer, notice: PageShell.Notice? = nil) -> HTML {
        PageShell.page(title: "Metadata · " + appName, section: .apps, viewer: viewer, notice: notice) {
            element("div", .class("topline")) { element("h1") { "Metadata of " + appName } }
            AppNav.html(projectId: projectId, current: .metadata)
            if !imported {
                element("div", .class("panel empty")) {
                    element("p") { "Metadata is edited for an App Store app, and this project is not linked to one." }
                    element("p", .class("small")) {
                        element("a", .href("/dashboard/apps#app-store-connect")) { "Import the app from App Store Connect" }
                        " to edit its metadata."
                    }
                }
            } else {
                element("section", .class("panel stack")) {
                    element("h2") { "Edit a localization" }
                    element("p", .class("small muted")) {
                        "The editor reads the current values from Apple. Nothing is sent until you review and publish."
                    }
                    PostForm.make(action: path + "/load", token: viewer.formToken, .class("row"), .id("locales")) {
                        element("label", Attribute("for", "locale")) { "Localization" }
                        voidElement(
                            "input", .type("text"), .name("locale"), .id("locale"), .value("en-US"), Attribute("maxlength", "20"),
                            Attribute("size", "8"))
                        element("button", .type("submit"), .class("primary")) { "Load from Apple" }
                    }
                }
                historyPanel
            }
        }
    }

    var historyPanel: HTML {
        element("section", .class("panel"), .id("publishes"), Attribute("aria-labelledby", "publishes-title")) {
            element("h2", .id("publishes-title")) { "Publish history" }
            if history.isEmpty {
                element("p", .class("small muted")) { "Nothing published from the hub yet." }
            } else {
                element("div", .class("scroll-x")) {
                    element("table", .class("list stacked")) {
                        element("thead") {
                            element("tr") {
                                element("th") { "When" }
                                element("th") { "Locale" }
                                element("th") { "Outcome" }
                                element("th") { "Went through" }
                                element("th") { "Did not" }
                                element("th") { "By" }
                            }
                        }
                        element("tbody") {
                            for entry in history {
                                element("tr") {
                                    element("td") { TimeText.html(entry.createdAt) }
                                    element("td") { entry.locale }
                                    element("td") {
                                        MetadataOutcomePage.badge(entry.result)
                                        if let detail = entry.detail { element("div", .class("small muted")) { detail } }
                                    }
                                    element("td") { Self.names(entry.published) }
                                    element("td") { Self.names(entry.failed) }
                                    element("td", .class("small")) { entry.actor }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    static func names(_ fields: [String]) -> String {
        fields.isEmpty ? "—" : fields.map(MetadataFields.label).joined(separator: ", ")
    }
}
