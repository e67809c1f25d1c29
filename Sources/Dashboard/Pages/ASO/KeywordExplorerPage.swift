import Foundation

/// `GET /dashboard/aso/keywords` (docs "Keyword Explorer"): a term (1–100 characters) and a
/// country; the apps the source returned in its order (— for a missing field, "Your app" on
/// the workspace's imported apps), the difficulty with its label and provisional state, related
/// terms that search again, the live searches left today, and "Track in an app" for owners and
/// admins. A plan without ASO access sees the plan gate as the page's notice.
public struct KeywordExplorerPage: Sendable {
    public struct Result: Sendable, Equatable {
        public var rank: Int
        public var adamId: String
        public var name: String?
        public var seller: String?
        public var rating: Double?
        public var ratingCount: Int?
        public var releaseDate: String?
        public var price: String?
        public var url: String?
        public var own: Bool
        public init(rank: Int, adamId: String, own: Bool) {
            self.rank = rank
            self.adamId = adamId
            self.own = own
        }
    }

    public struct Analysis: Sendable, Equatable {
        public var source: String
        public var observedAt: String
        public var cached: Bool
        public var results: [Result]
        public var difficulty: Int?
        public var difficultyLabel: String?
        public var provisional: Bool
        public var related: [String]
        public init(
            source: String, observedAt: String, cached: Bool, results: [Result], difficulty: Int?, difficultyLabel: String?,
            provisional: Bool,
            related: [String]
        ) {
            self.source = source
            self.observedAt = observedAt
            self.cached = cached
            self.results = results
            self.difficulty = difficulty
            self.difficultyLabel = difficultyLabel
            self.provisional = provisional
            self.related = related
        }
    }

    /// An imported app a term can be tracked in.
    public struct TrackableApp: Sendable, Equatable {
        public var projectId: String
        public var name: String
        public init(projectId: String, name: String) {
            self.projectId = projectId
            self.name = name
        }
    }

    public static let path = "/dashboard/aso/keywords"
    public static let dailySearches = 30

    public var term: String
    public var country: String
    public var countries: [String]
    public var analysis: Analysis?
    /// Live searches left today (after this one), when known.
    public var remaining: Int?
    public var resetsAt: String?
    /// Owners and admins: the apps a term can be tracked in.
    public var trackable: [TrackableApp]
    public var canTrack: Bool
    public var problems: FormProblems

    public init(
        term: String = "", country: String = "us", countries: [String], analysis: Analysis? = nil, remaining: Int? = nil,
        resetsAt: String? = nil, trackable: [TrackableApp] = [], canTrack: Bool = false, problems: FormProblems = .none
    ) {
        self.term = term
        self.country = country
        self.countries = countries
        self.analysis = analysis
        self.remaining = remaining
        self.resetsAt = resetsAt
        self.trackable = trackable
        self.canTrack = canTrack
        self.problems = problems
    }

    static let dash = element("span", .class("missing")) { "—" }

    public func html(viewer: PageShell.Viewer, notice: PageShell.Notice? = nil) -> HTML {
        PageShell.page(
            title: (term.isEmpty ? "" : term + " · ") + "Keyword Explorer", section: .keywordExplorer, viewer: viewer, notice: notice
        ) {
            element("h1") { "Keyword Explorer" }
            form
            element("p", .class("small muted"), .id("quota")) {
                if let remaining {
                    "\(remaining) of \(Self.dailySearches) live searches left today for this workspace; resets at 00:00 UTC."
                } else {
                    "\(Self.dailySearches) live searches per workspace per UTC day; a search already cached today uses none."
                }
            }
            if let analysis { results(analysis, viewer: viewer) }
        }
    }

    var form: HTML {
        element("form", Attribute("method", "get"), Attribute("action", Self.path), .class("panel filters row")) {
            LabeledField(id: "k-term", label: "Term", problems: problems["term"]).input(
                "term", type: "search", value: term, Attribute("maxlength", "100"), Attribute("required", "required"))
            LabeledField(id: "k-country", label: "Country", problems: problems["country"]).select(
                "country", options: countries.map { ($0, $0.uppercased()) }, selected: country)
            element("div", .class("row")) { element("button", .type("submit"), .class("primary")) { "Analyze" } }
        }
    }

    func results(_ analysis: Analysis, viewer: PageShell.Viewer) -> HTML {
        element("section", .class("panel"), .id("analysis")) {
            element("div", .class("topline")) {
                element("h2") { "“" + term + "” in " + country.uppercased() }
                difficulty(analysis)
            }
            element("p", .class("small muted")) {
                "\(analysis.results.count) apps returned by \(analysis.source), in its order · observed "
                element("time", Attribute("datetime", analysis.observedAt)) {
                    String(analysis.observedAt.prefix(16)).replacingOccurrences(of: "T", with: " ") + " UTC"
                }
                analysis.cached ? " · cached" : " · live"
            }
            if canTrack { track(viewer) }
            if !analysis.related.isEmpty {
                element("p", .class("related")) {
                    "Related: "
                    for (index, related) in analysis.related.enumerated() {
                        if index > 0 { " · " }
                        element("a", .href(Self.path + ExploreNav.query([("term", related), ("country", country)]))) { related }
                    }
                }
            }
            table(analysis.results)
        }
    }

    func difficulty(_ analysis: Analysis) -> HTML {
        element("div", .class("difficulty"), .title("A 0–100 competition estimate, not a promise of rank")) {
            if let score = analysis.difficulty {
                element("strong") { "Difficulty \(score)" }
                " "
                element("span", .class("badge")) { (analysis.difficultyLabel ?? "").capitalized }
            } else {
                element("strong") { "Difficulty unavailable" }
            }
            if analysis.provisional {
                " "
                element("span", .class("badge warn")) { "Provisional" }
            }
        }
    }

    func track(_ viewer: PageShell.Viewer) -> HTML {
        guard !trackable.isEmpty else {
            return element("p", .class("small muted")) {
                "Import an app from App Store Connect in "
                element("a", .href("/dashboard/apps")) { "Apps" }
                " to track this term in it."
            }
        }
        return PostForm.make(action: Self.path + "/track", token: viewer.formToken, .class("row track")) {
            voidElement("input", [.type("hidden"), .name("term"), .value(term)])
            voidElement("input", [.type("hidden"), .name("country"), .value(country)])
            LabeledField(id: "k-app", label: "App").select("projectId", options: trackable.map { ($0.projectId, $0.name) }, selected: nil)
            element("button", .type("submit")) { "Track in an app" }
        }
    }

    func table(_ results: [Result]) -> HTML {
        element("div", .class("scroll-x")) {
            element("table", .class("list explorer-results")) {
                element("thead") {
                    element("tr") {
                        element("th", .class("num")) { "#" }
                        element("th") { "App" }
                        element("th", .class("num")) { "Rating" }
                        element("th", .class("num wide")) { "Ratings" }
                        element("th", .class("wide")) { "Released" }
                        element("th", .class("num")) { "Price" }
                    }
                }
                element("tbody") {
                    for result in results {
                        element("tr") {
                            element("td", .class("num")) { String(result.rank) }
                            element("td") {
                                element("a", .href(ExploreNav.profile(result.adamId))) { result.name ?? "App " + result.adamId }
                                if result.own { element("span", .class("badge ok")) { "Your app" } }
                                element("div", .class("small muted")) { result.seller ?? "—" }
                            }
                            element("td", .class("num")) { result.rating.map { HTML.text(String(format: "%.1f", $0)) } ?? Self.dash }
                            element("td", .class("num wide")) {
                                result.ratingCount.map { HTML.text(ChartValueFormat.number.full(Double($0))) } ?? Self.dash
                            }
                            element("td", .class("wide")) { result.releaseDate.map { HTML.text(String($0.prefix(10))) } ?? Self.dash }
                            element("td", .class("num")) { result.price.map { HTML.text($0) } ?? Self.dash }
                        }
                    }
                }
            }
        }
    }
}
