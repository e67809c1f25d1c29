/// `GET /dashboard/apps/{id}/keywords`: an imported app's tracked terms per storefront (docs
/// "Keywords") with their latest rank, the seven-day change and a link to each term's rank
/// history, the workspace's tracking allowance, the keyword-by-country grid of localized
/// groups, and the competitors observed above the app. Owners and admins add terms with a
/// storefront, add localized groups and remove terms; members read.
public struct KeywordsPage: Sendable {
    public struct Keyword: Sendable, Equatable {
        public var id: String
        public var term: String
        public var country: String
        public var rank: KeywordRank
        public init(id: String, term: String, country: String, rank: KeywordRank) {
            self.id = id
            self.term = term
            self.country = country
            self.rank = rank
        }
    }

    public struct GridRow: Sendable, Equatable {
        public var concept: String
        public var grouped: Bool
        public var cells: [String: Keyword]
        public init(concept: String, grouped: Bool, cells: [String: Keyword]) {
            self.concept = concept
            self.grouped = grouped
            self.cells = cells
        }
    }

    public struct Competitor: Sendable, Equatable {
        public var name: String
        public var seller: String?
        /// Term, country, their rank, the app's rank (nil: observed, not ranked).
        public var ahead: [(term: String, country: String, theirs: Int, yours: Int?)]
        public init(name: String, seller: String?, ahead: [(term: String, country: String, theirs: Int, yours: Int?)]) {
            self.name = name
            self.seller = seller
            self.ahead = ahead
        }
        public static func == (a: Competitor, b: Competitor) -> Bool {
            a.name == b.name && a.seller == b.seller && a.ahead.map { "\($0)" } == b.ahead.map { "\($0)" }
        }
    }

    /// What the add form holds after a refusal.
    public struct Draft: Sendable, Equatable {
        public var terms: String
        public var country: String
        public init(terms: String = "", country: String = "us") {
            self.terms = terms
            self.country = country
        }
    }

    public var projectId: String
    public var appName: String
    /// nil: the project is not linked to an App Store app.
    public var appStoreId: String?
    public var keywords: [Keyword]
    public var used: Int
    public var allowance: Int?
    public var countries: [String]
    public var grid: [GridRow]
    public var competitors: [Competitor]
    /// The storefronts the picker offers, sorted.
    public var storefronts: [String]
    public var canManage: Bool
    public var draft: Draft
    public var problems: FormProblems

    public init(
        projectId: String, appName: String, appStoreId: String?, keywords: [Keyword] = [], used: Int = 0, allowance: Int? = nil,
        countries: [String] = [], grid: [GridRow] = [], competitors: [Competitor] = [], storefronts: [String], canManage: Bool,
        draft: Draft = Draft(), problems: FormProblems = .none
    ) {
        self.projectId = projectId
        self.appName = appName
        self.appStoreId = appStoreId
        self.keywords = keywords
        self.used = used
        self.allowance = allowance
        self.countries = countries
        self.grid = grid
        self.competitors = competitors
        self.storefronts = storefronts
        self.canManage = canManage
        self.draft = draft
        self.problems = problems
    }

    var path: String { "/dashboard/apps/" + projectId + "/keywords" }

    public func html(viewer: PageShell.Viewer, notice: PageShell.Notice? = nil) -> HTML {
        PageShell.page(title: "Keywords · " + appName, section: .apps, viewer: viewer, notice: notice) {
            element("div", .class("topline")) {
                element("h1") { "Keywords of " + appName }
                if appStoreId != nil {
                    element("a", .class("button"), .href(path + "/candidates?country=" + draft.country)) { "Suggest terms" }
                }
            }
            AppNav.html(projectId: projectId, current: .keywords)
            if appStoreId == nil {
                element("div", .class("panel empty")) {
                    element("p") { "Ranks are measured for an App Store app, and this project is not linked to one." }
                    element("p", .class("small")) {
                        element("a", .href("/dashboard/apps#app-store-connect")) { "Import the app from App Store Connect" }
                        " to track its keywords."
                    }
                }
            } else {
                element("div", .class("grid2")) {
                    element("div", .class("stack")) {
                        trackedPanel(token: viewer.formToken)
                        gridPanel
                    }
                    element("div", .class("stack")) {
                        if canManage { addPanel(token: viewer.formToken) }
                        competitorsPanel
                    }
                }
            }
        }
    }

    var allowanceText: String {
        allowance.map { "\(used) of \($0) tracked keywords used across the workspace" }
            ?? "\(used) tracked keyword\(used == 1 ? "" : "s"), no workspace limit"
    }

    func trackedPanel(token: String) -> HTML {
        element("section", .class("panel"), .id("tracked"), Attribute("aria-labelledby", "tracked-title")) {
            element("div", .class("row")) {
                element("h2", .id("tracked-title")) { "Tracked terms" }
                element("span", .class("spacer"))
                element("span", .class("small muted"), .id("allowance")) { allowanceText }
            }
            if keywords.isEmpty {
                element("p", .class("muted")) { "No terms tracked yet." }
            } else {
                element("table", .class("list stacked keywords")) {
                    element("thead") {
                        element("tr") {
                            element("th") { "Term" }
                            element("th") { "Store" }
                            element("th", .class("num")) { "Rank" }
                            element("th", .class("num")) { "7 days" }
                            if canManage { element("th") { element("span", .class("sr-only")) { "Remove" } } }
                        }
                    }
                    element("tbody") {
                        for keyword in keywords {
                            element("tr") {
                                element("td") { element("a", .class("subject"), .href(path + "/" + keyword.id)) { keyword.term } }
                                element("td", .data("data-label", "Store")) { element("code") { keyword.country.uppercased() } }
                                element("td", .class("num"), .data("data-label", "Rank")) { keyword.rank.html }
                                element("td", .class("num"), .data("data-label", "7 days")) { keyword.rank.changeHTML }
                                if canManage {
                                    element("td") {
                                        PostForm.make(action: path + "/" + keyword.id + "/remove", token: token, .class("inline")) {
                                            element(
                                                "button", .type("submit"), .class("link danger"), .label("Stop tracking " + keyword.term)
                                            ) {
                                                "Remove"
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            element("p", .class("small muted")) {
                "A rank is the app's position in the collected search results for that term and store. “Not in results” means it was "
                    + "observed and the app was absent; “Not measured yet” means nothing was collected so far. The seven-day change "
                    + "shows only when both dated ranks exist; positive means positions gained."
            }
        }
    }
}
