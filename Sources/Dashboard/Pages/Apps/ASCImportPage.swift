/// The apps the App Store Connect key sees, as Apple listed them a moment ago, with a checkbox
/// each (`POST /dashboard/app-store-connect/import`, one `appId` per checked box). Apps imported
/// before are marked with a link to their project and cannot be picked again; the allowance is
/// shown before the choice, since an import that exceeds it is refused as a whole.
public struct ASCImportPage: Sendable {
    public struct App: Sendable, Equatable {
        public var id: String
        public var name: String
        public var bundleId: String
        public var sku: String?
        /// The project it was imported as.
        public var projectId: String?
        public init(id: String, name: String, bundleId: String, sku: String?, projectId: String?) {
            self.id = id
            self.name = name
            self.bundleId = bundleId
            self.sku = sku
            self.projectId = projectId
        }
    }

    public var apps: [App]
    public var appsUsed: Int
    public var appAllowance: Int?

    public init(apps: [App], appsUsed: Int, appAllowance: Int?) {
        self.apps = apps
        self.appsUsed = appsUsed
        self.appAllowance = appAllowance
    }

    public func html(viewer: PageShell.Viewer) -> HTML {
        PageShell.page(title: "Import apps", section: .apps, viewer: viewer) {
            element("nav", .class("small"), .label("Breadcrumb")) { element("a", .href("/dashboard/apps")) { "← All apps" } }
            element("div", .class("topline")) {
                element("h1") { "Import apps from App Store Connect" }
                element("a", .class("button"), .href(AppStoreConnectPanel.path + "/apps")) { "Reload the list" }
            }
            element("p", .class("small muted"), .id("allowance")) {
                "App allowance: "
                element("strong") { AppStoreConnectPanel.allowanceText(used: appsUsed, allowance: appAllowance) }
                ". An import that would exceed it is refused as a whole."
            }
            if apps.isEmpty {
                element("div", .class("panel empty")) { element("p") { "The key sees no apps. Give it access in App Store Connect." } }
            } else {
                PostForm.make(action: AppStoreConnectPanel.path + "/import", token: viewer.formToken, .class("panel stack")) {
                    element("fieldset", .class("plain")) {
                        element("legend") { "Apps the key sees" }
                        element("table", .class("list stacked import")) {
                            element("thead") {
                                element("tr") {
                                    element("th") { "Import" }
                                    element("th") { "App" }
                                    element("th") { "Bundle ID" }
                                    element("th", .class("wide")) { "App Store Connect ID" }
                                }
                            }
                            element("tbody") { for app in apps { row(app) } }
                        }
                    }
                    element("div", .class("row")) {
                        element("button", .type("submit"), .class("primary")) { "Import selected apps" }
                    }
                }
            }
        }
    }

    func row(_ app: App) -> HTML {
        let box = "import-" + app.id
        return element("tr") {
            element("td") {
                if let projectId = app.projectId {
                    element("a", .class("badge ok"), .href("/dashboard/apps/" + projectId)) { "Imported" }
                } else {
                    voidElement("input", .type("checkbox"), .name("appId"), .value(app.id), .id(box))
                }
            }
            element("td") {
                if app.projectId == nil {
                    element("label", Attribute("for", box), .class("subject")) { app.name }
                } else {
                    element("span", .class("subject")) { app.name }
                }
            }
            element("td", .data("data-label", "Bundle ID")) { element("code") { app.bundleId } }
            element("td", .class("wide small muted")) { element("code") { app.id } }
        }
    }
}
