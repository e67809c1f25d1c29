/// `GET /dashboard/apps`: the organization's apps (projects), each with its public App ID
/// and chat mode, and for owners and admins the form that creates one (`POST
/// /dashboard/apps`: `name`, `allowedOrigins` one per line, `chatMode`).
public struct AppsPage: Sendable {
    public struct App: Sendable {
        /// The internal project ID, which the app's page URL carries.
        public var id: String
        public var name: String
        /// The public App ID the SDK is configured with.
        public var appId: String
        public var chatMode: String
        public var identityConfigured: Bool
        public var createdAt: String

        public init(id: String, name: String, appId: String, chatMode: String, identityConfigured: Bool, createdAt: String) {
            self.id = id
            self.name = name
            self.appId = appId
            self.chatMode = chatMode
            self.identityConfigured = identityConfigured
            self.createdAt = createdAt
        }
    }

    /// What the create form holds: the defaults, or what a refused post sent.
    public struct Draft: Sendable {
        public var name: String
        /// As typed: one origin a line.
        public var allowedOrigins: String
        public var chatMode: String

        public init(name: String, allowedOrigins: String, chatMode: String) {
            self.name = name
            self.allowedOrigins = allowedOrigins
            self.chatMode = chatMode
        }

        /// A new project allows `http://localhost`, the origin the SDK's setup uses first, and
        /// chat for verified users, the hub's default mode.
        public static let initial = Draft(name: "", allowedOrigins: "http://localhost", chatMode: "identified")
    }

    public var apps: [App]
    /// Whether the viewer's role may create apps (`manageApps`).
    public var canCreate: Bool
    public var draft: Draft
    public var problems: FormProblems
    /// The organization's App Store Connect panel; nil leaves it out.
    public var appStoreConnect: AppStoreConnectPanel?

    public init(apps: [App], canCreate: Bool, draft: Draft = .initial, problems: FormProblems = .none) {
        self.apps = apps
        self.canCreate = canCreate
        self.draft = draft
        self.problems = problems
    }

    public func html(viewer: PageShell.Viewer, notice: PageShell.Notice? = nil) -> HTML {
        PageShell.page(title: "Apps", section: .apps, viewer: viewer, notice: notice) {
            element("div", .class("topline")) {
                element("h1") { "Apps" }
                if canCreate && !apps.isEmpty { element("a", .class("button"), .href("#new-app")) { "New app" } }
            }
            if apps.isEmpty {
                element("div", .class("panel empty")) {
                    element("p") { "No apps yet." }
                    element("p", .class("small")) {
                        canCreate
                            ? "Create one below to get its App ID and the SDK setup."
                            : "An owner or admin of your organization can create one."
                    }
                }
            } else {
                list
            }
            if let appStoreConnect { appStoreConnect.html(token: viewer.formToken) }
            if canCreate { createForm(token: viewer.formToken) }
        }
    }

    var list: HTML {
        element("div", .class("panel")) {
            element("table", .class("list stacked apps")) {
                element("thead") {
                    element("tr") {
                        element("th") { "App" }
                        element("th") { "App ID" }
                        element("th", .class("wide")) { "Chat" }
                        element("th", .class("wide")) { "Identity" }
                        element("th", .class("wide")) { "Created" }
                    }
                }
                element("tbody") {
                    for app in apps {
                        element("tr") {
                            element("td") { element("a", .class("subject"), .href("/dashboard/apps/" + app.id)) { app.name } }
                            element("td", .data("data-label", "App ID")) { element("code") { app.appId } }
                            element("td", .class("wide")) { ChatModeText.badge(app.chatMode) }
                            element("td", .class("wide")) {
                                app.identityConfigured
                                    ? element("span", .class("badge ok")) { "Secret set" }
                                    : element("span", .class("badge")) { "No secret" }
                            }
                            element("td", .class("wide small muted"), .data("data-label", "Created")) { TimeText.html(app.createdAt) }
                        }
                    }
                }
            }
        }
    }

    func createForm(token: String) -> HTML {
        element("section", .class("panel"), .id("new-app"), Attribute("aria-labelledby", "new-app-title")) {
            element("h2", .id("new-app-title")) { "New app" }
            PostForm.make(action: "/dashboard/apps", token: token) {
                LabeledField(
                    id: "app-name", label: "Name", hint: "As your team calls it; up to 100 characters.", problems: problems["name"]
                )
                .input("name", type: "text", value: draft.name, .required, Attribute("maxlength", "100"), Attribute("autocomplete", "off"))
                LabeledField(
                    id: "app-origins", label: "Allowed origins",
                    hint: "One a line, as scheme://host[:port] without a path; up to 50. "
                        + "The SDK sends one of these as its origin on every write.",
                    problems: problems["allowedOrigins"]
                ).textarea("allowedOrigins", value: draft.allowedOrigins, rows: 3, Attribute("spellcheck", "false"))
                ChatModeText.choices(selected: draft.chatMode, problems: problems["chatMode"])
                element("button", .type("submit"), .class("primary")) { "Create app" }
            }
        }
    }
}
