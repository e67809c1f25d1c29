/// `GET /dashboard/apps/{id}/prices` (docs "Price localization"): the preview form (product,
/// territories, base price, strategy, rounding, multipliers, floors, the minimum share of the
/// base, pins and locks, as the operator API takes them), the CSV import, and the project's
/// price jobs. Owners and admins preview, import and submit; members read the jobs. A refused
/// form is drawn again with what was typed.
public struct PricesPage: Sendable {
    public struct Product: Sendable, Equatable {
        public var id: String
        public var kind: String
        public var name: String
        public init(id: String, kind: String, name: String) {
            self.id = id
            self.kind = kind
            self.name = name
        }
    }

    public struct Job: Sendable, Equatable {
        public var id: String
        public var productId: String
        public var createdAt: String
        public var rollbackOf: String?
        /// Item state → count.
        public var states: [String: Int]
        public init(id: String, productId: String, createdAt: String, rollbackOf: String?, states: [String: Int]) {
            self.id = id
            self.productId = productId
            self.createdAt = createdAt
            self.rollbackOf = rollbackOf
            self.states = states
        }
    }

    public var projectId: String
    public var appName: String
    public var imported: Bool
    /// Apple's priced products once read; nil: the product is typed.
    public var products: [Product]?
    public var jobs: [Job]
    public var canManage: Bool
    /// The form's values by field name (as typed after a refusal).
    public var draft: [String: String]
    public var problems: FormProblems

    public init(
        projectId: String, appName: String, imported: Bool, products: [Product]? = nil, jobs: [Job] = [], canManage: Bool,
        draft: [String: String] = [:], problems: FormProblems = .none
    ) {
        self.projectId = projectId
        self.appName = appName
        self.imported = imported
        self.products = products
        self.jobs = jobs
        self.canManage = canManage
        self.draft = draft
        self.problems = problems
    }

    /// The territories a new preview starts with.
    public static let defaultTerritories = "GBR, DEU, FRA, JPN, IND, BRA, MEX, TUR, AUS, CAN"

    var path: String { "/dashboard/apps/" + projectId + "/prices" }

    public func html(viewer: PageShell.Viewer, notice: PageShell.Notice? = nil) -> HTML {
        PageShell.page(title: "Prices · " + appName, section: .apps, viewer: viewer, notice: notice) {
            element("div", .class("topline")) { element("h1") { "Prices of " + appName } }
            AppNav.html(projectId: projectId, current: .prices)
            if !imported {
                element("div", .class("panel empty")) {
                    element("p") { "Prices are localized for an App Store app, and this project is not linked to one." }
                    element("p", .class("small")) {
                        element("a", .href("/dashboard/apps#app-store-connect")) { "Import the app from App Store Connect" }
                        " to localize its prices."
                    }
                }
            } else {
                element("div", .class("grid2")) {
                    element("div", .class("stack")) {
                        if canManage {
                            previewPanel(token: viewer.formToken)
                        } else {
                            element("p", .class("panel small muted")) { "Owners and admins make previews and submit price jobs." }
                        }
                    }
                    element("div", .class("stack")) {
                        jobsPanel
                        if canManage { importPanel(token: viewer.formToken) }
                    }
                }
            }
        }
    }

    func value(_ name: String, _ fallback: String = "") -> String { draft[name] ?? fallback }

    func previewPanel(token: String) -> HTML {
        element("section", .class("panel"), .id("preview-form"), Attribute("aria-labelledby", "preview-title")) {
            element("h2", .id("preview-title")) { "Preview localized prices" }
            element("p", .class("small muted")) {
                "A calculation over the bundled Big Mac index, not a prediction of sales. Nothing reaches Apple until a job is submitted."
            }
            if products == nil {
                PostForm.make(action: path + "/products", token: token, .class("inline")) {
                    element("button", .type("submit")) { "Load products from Apple" }
                }
            }
            PostForm.make(action: path + "/preview", token: token, .class("stack")) {
                if let products, !products.isEmpty {
                    LabeledField(id: "price-product", label: "Product", problems: problems["productId"]).select(
                        "product",
                        options: products.map {
                            ($0.kind + ":" + $0.id, $0.name + " (" + $0.kind.replacingOccurrences(of: "_", with: " ") + ")")
                        },
                        selected: draft["product"])
                } else {
                    element("div", .class("fieldgrid")) {
                        LabeledField(id: "price-product-id", label: "Apple product ID", problems: problems["productId"]).input(
                            "productId", type: "text", value: value("productId"), Attribute("maxlength", "100"))
                        LabeledField(id: "price-kind", label: "Kind", problems: problems["kind"]).select(
                            "kind", options: [("subscription", "Subscription"), ("in_app_purchase", "In-app purchase")],
                            selected: value("kind", "subscription"))
                    }
                }
                LabeledField(
                    id: "price-territories", label: "Territories", hint: "ISO 3166 alpha-3 codes, separated by commas; USA is the base.",
                    problems: problems["territories"]
                ).input("territories", type: "text", value: value("territories", Self.defaultTerritories))
                element("div", .class("fieldgrid")) {
                    LabeledField(id: "price-strategy", label: "Strategy", problems: problems["strategy"]).select(
                        "strategy", options: [("purchasing_power", "Purchasing power"), ("match_fx", "Match exchange rate")],
                        selected: value("strategy", "purchasing_power"))
                    LabeledField(id: "price-rounding", label: "Rounding to a price point", problems: problems["rounding"]).select(
                        "rounding", options: [("nearest", "Nearest"), ("down", "Down"), ("up", "Up")],
                        selected: value("rounding", "nearest"))
                    LabeledField(
                        id: "price-base", label: "Base price (USD)", hint: "Empty: the current USA price.", problems: problems["basePrice"]
                    ).input("basePrice", type: "text", value: value("basePrice"), Attribute("inputmode", "decimal"))
                    LabeledField(
                        id: "price-share", label: "Minimum share of base", hint: "e.g. 0.3", problems: problems["minimumShareOfBase"]
                    ).input("minimumShareOfBase", type: "text", value: value("minimumShareOfBase"), Attribute("inputmode", "decimal"))
                }
                pairs("multipliers", "Multipliers", "TERRITORY=factor, one per line or comma, in (0, 10]: TUR=0.8")
                pairs("floors", "Floors", "TERRITORY=lowest local price: JPN=300")
                pairs("pinned", "Pins", "TERRITORY=Apple price point ID: the point is taken whatever the formula says")
                pairs("locked", "Locks", "TERRITORY=manual price point ID, or TERRITORY= while none is chosen")
                element("button", .type("submit"), .class("primary")) { "Preview" }
            }
        }
    }

    func pairs(_ name: String, _ label: String, _ hint: String) -> HTML {
        LabeledField(id: "price-" + name, label: label, hint: hint, problems: problems[name]).textarea(
            name, value: value(name), rows: 2, Attribute("spellcheck", "false"))
    }

    func importPanel(token: String) -> HTML {
        element("section", .class("panel"), .id("import"), Attribute("aria-labelledby", "import-title")) {
            element("h2", .id("import-title")) { "Import a CSV" }
            element("p", .class("small muted")) {
                "A file exported from a preview, edited: one product, each territory once, up to 200 rows. It is checked against Apple's current prices and becomes a new preview."
            }
            PostForm.make(action: path + "/import", token: token, .class("stack"), multipart: true) {
                element("div", .class("field")) {
                    element("label", Attribute("for", "price-csv")) { "CSV file" }
                    voidElement("input", .type("file"), .name("csv"), .id("price-csv"), Attribute("accept", ".csv,text/csv"), .required)
                }
                element("button", .type("submit")) { "Import and preview" }
            }
        }
    }

    var jobsPanel: HTML {
        element("section", .class("panel"), .id("jobs"), Attribute("aria-labelledby", "jobs-title")) {
            element("h2", .id("jobs-title")) { "Price jobs" }
            if jobs.isEmpty {
                element("p", .class("small muted")) { "No price job yet. Submit one from a preview." }
            } else {
                element("table", .class("list stacked")) {
                    element("thead") {
                        element("tr") {
                            element("th") { "Job" }
                            element("th") { "Product" }
                            element("th") { "Items" }
                        }
                    }
                    element("tbody") {
                        for job in jobs {
                            element("tr") {
                                element("td") {
                                    element("a", .href(path + "/jobs/" + job.id)) { TimeText.text(job.createdAt) }
                                    if job.rollbackOf != nil { " " + "(rollback)" }
                                }
                                element("td") { job.productId }
                                element("td") { PriceJobPage.summary(job.states) }
                            }
                        }
                    }
                }
            }
        }
    }
}
