/// `GET /dashboard/explore/favorites/apps/{all|folderId}` (docs "Explore", favorites): the
/// workspace's bookmarked apps in All or one folder, the folders (up to 50 per kind) with a
/// form to add one, rename and delete (its items stay in All), and removing a bookmark. Every
/// member edits favorites, on every plan.
public struct ExploreFavoritesPage: Sendable {
    public struct Folder: Sendable, Equatable {
        public var id: String
        public var name: String
        public var count: Int
        public init(id: String, name: String, count: Int) {
            self.id = id
            self.name = name
            self.count = count
        }
    }

    public struct Item: Sendable, Equatable {
        public var id: String
        public var adamId: String
        public var storefront: String?
        public var folderId: String?
        /// The catalog's name; nil when the catalog does not hold the app.
        public var name: String?
        public init(id: String, adamId: String, storefront: String?, folderId: String?, name: String? = nil) {
            self.id = id
            self.adamId = adamId
            self.storefront = storefront
            self.folderId = folderId
            self.name = name
        }

        /// What a person reads: the name, else the store ID that is all the hub knows.
        var label: String { name ?? "App " + adamId }
    }

    public var folders: [Folder]
    /// nil: All.
    public var folderId: String?
    public var items: [Item]
    public var problems: FormProblems

    public init(folders: [Folder], folderId: String?, items: [Item], problems: FormProblems = .none) {
        self.folders = folders
        self.folderId = folderId
        self.items = items
        self.problems = problems
    }

    public static let path = ExploreNav.base + "/favorites/apps"
    var folder: Folder? { folders.first { $0.id == folderId } }

    public func html(viewer: PageShell.Viewer, notice: PageShell.Notice? = nil) -> HTML {
        PageShell.page(title: "Favorites · Explore", section: .explore, viewer: viewer, notice: notice) {
            element("h1") { "Favorites" + (folder.map { ": " + $0.name } ?? "") }
            ExploreNav.html(current: .favorites)
            element("nav", .class("tabs"), .label("Folders")) {
                element(
                    "a", folderId == nil ? [.href(Self.path + "/all"), Attribute("aria-current", "page")] : [.href(Self.path + "/all")]
                ) {
                    "All"
                }
                for folder in folders {
                    let href = Self.path + "/" + folder.id
                    element("a", folder.id == folderId ? [.href(href), Attribute("aria-current", "page")] : [.href(href)]) {
                        folder.name + " (\(folder.count))"
                    }
                }
            }
            list(viewer)
            manage(viewer)
        }
    }

    func list(_ viewer: PageShell.Viewer) -> HTML {
        element("section", .class("panel")) {
            if items.isEmpty {
                element("p", .class("muted")) { "No saved app here. Save one with Save to favorites on its profile." }
            } else {
                element("ul", .class("plain-list")) {
                    for item in items {
                        element("li", .class("row")) {
                            element("a", .href(ExploreNav.profile(item.adamId))) { item.label }
                            if let storefront = item.storefront { element("span", .class("small muted")) { storefront.uppercased() } }
                            element("span", .class("spacer"))
                            if !folders.isEmpty {
                                PostForm.make(action: ExploreNav.base + "/favorites", token: viewer.formToken, .class("inline row")) {
                                    voidElement("input", [.type("hidden"), .name("adamId"), .value(item.adamId)])
                                    element("select", .name("folderId"), .label("Folder of " + item.label)) {
                                        element("option", item.folderId == nil ? [.value(""), .selected] : [.value("")]) { "All only" }
                                        for folder in folders {
                                            element(
                                                "option", item.folderId == folder.id ? [.value(folder.id), .selected] : [.value(folder.id)]
                                            ) {
                                                folder.name
                                            }
                                        }
                                    }
                                    element("button", .type("submit"), .class("link")) { "Move" }
                                }
                            }
                            PostForm.make(
                                action: ExploreNav.base + "/favorites/" + item.id + "/remove", token: viewer.formToken, .class("inline")
                            ) {
                                element("button", .type("submit"), .class("link")) { "Remove" }
                            }
                        }
                    }
                }
            }
        }
    }

    func manage(_ viewer: PageShell.Viewer) -> HTML {
        element("section", .class("panel")) {
            if let folder {
                PostForm.make(
                    action: ExploreNav.base + "/favorite-folders/" + folder.id + "/rename", token: viewer.formToken, .class("row")
                ) {
                    LabeledField(id: "f-rename", label: "Rename the folder", problems: problems["name"]).input(
                        "name", type: "text", value: folder.name, Attribute("maxlength", "60"), Attribute("required", "required"))
                    element("button", .type("submit")) { "Rename" }
                }
                PostForm.make(
                    action: ExploreNav.base + "/favorite-folders/" + folder.id + "/delete", token: viewer.formToken, .class("inline"),
                    confirm: "Delete the folder? Its apps stay in All."
                ) {
                    element("button", .type("submit"), .class("danger")) { "Delete folder" }
                }
            } else {
                PostForm.make(action: ExploreNav.base + "/favorite-folders", token: viewer.formToken, .class("row")) {
                    LabeledField(id: "f-name", label: "New folder", hint: "1–60 characters, up to 50 folders", problems: problems["name"])
                        .input(
                            "name", type: "text", Attribute("maxlength", "60"), Attribute("required", "required"))
                    element("button", .type("submit")) { "Add folder" }
                }
            }
        }
    }
}
