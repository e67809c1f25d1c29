/// `GET /dashboard/explore/apps/{adamId}` (docs "Explore", apps and estimates): a catalog app's
/// recorded store facts (missing ones left out), its labelled estimates with source, period
/// and observation date (ranges where the plan limits them, — where the data has none), the
/// country's overall free-chart history drawn with the rank axis inverted, download and
/// revenue sparklines when monthly observations exist, the export, and the watchlist and
/// favorites buttons.
public struct ExploreProfilePage: Sendable {
    public struct Facts: Sendable, Equatable {
        public var description: String?
        public var version: String?
        public var sizeBytes: Int?
        public var contentRating: String?
        public var minimumOS: String?
        public var bundleId: String?
        public var websiteUrl: String?
        public var storeUrl: String?
        public init() {}
    }

    public var app: MarketAppRow
    public var facts: Facts
    /// Newest period first, as recorded.
    public var estimates: [MarketEstimateView]
    public var storefront: String
    /// The chart's days with a rank, oldest first.
    public var history: [(date: String, rank: Int)]
    /// Days since each active ad was first detected.
    public var activeAdDays: [(platform: String, days: Int)]
    /// Profiles left today for a plan without full market access.
    public var profilesLeft: Int?
    public var canWatch: Bool

    public init(
        app: MarketAppRow, facts: Facts, estimates: [MarketEstimateView], storefront: String, history: [(date: String, rank: Int)],
        activeAdDays: [(platform: String, days: Int)], profilesLeft: Int?, canWatch: Bool
    ) {
        self.app = app
        self.facts = facts
        self.estimates = estimates
        self.storefront = storefront
        self.history = history
        self.activeAdDays = activeAdDays
        self.profilesLeft = profilesLeft
        self.canWatch = canWatch
    }

    var path: String { ExploreNav.profile(app.adamId) }

    public func html(viewer: PageShell.Viewer, notice: PageShell.Notice? = nil) -> HTML {
        PageShell.page(title: app.name + " · Explore", section: .explore, viewer: viewer, notice: notice) {
            element("nav", .class("small"), .label("Breadcrumb")) {
                element("a", .href(ExploreNav.base + "/apps")) { "← Apps" }
            }
            element("div", .class("topline")) {
                element("h1") { app.name }
                actions(viewer)
            }
            element("p", .class("muted")) {
                [app.developer, app.genre].compactMap { $0 }.joined(separator: " · ")
                for ad in activeAdDays {
                    " "
                    element("span", .class("badge"), .title("Days since AppNorth first detected the \(ad.platform) ad")) {
                        "Active ad · \(ad.days) d"
                    }
                }
            }
            if let profilesLeft {
                element("p", .class("small muted")) { "\(profilesLeft) app profiles left today on this plan (renewed at 00:00 UTC)." }
            }
            factsPanel
            estimatesPanel
            historyPanel
        }
    }

    func actions(_ viewer: PageShell.Viewer) -> HTML {
        element("div", .class("row")) {
            element("a", .class("button"), .href(path + "/export?format=csv")) { "Export CSV" }
            element("a", .class("button"), .href(path + "/export?format=json")) { "Export JSON" }
            PostForm.make(action: ExploreNav.base + "/favorites", token: viewer.formToken, .class("inline")) {
                voidElement("input", [.type("hidden"), .name("adamId"), .value(app.adamId)])
                element("button", .type("submit")) { "Save to favorites" }
            }
            if canWatch {
                PostForm.make(action: ExploreNav.base + "/watchlist", token: viewer.formToken, .class("inline")) {
                    voidElement("input", [.type("hidden"), .name("adamId"), .value(app.adamId)])
                    element("button", .type("submit"), .class("primary")) { "Add to watchlist" }
                }
            }
        }
    }

    var factsPanel: HTML {
        element("section", .class("panel"), .id("facts")) {
            if let description = facts.description {
                if description.count > 300 {
                    element("details", .class("description")) {
                        element("summary") { String(description.prefix(300)) + "… See more" }
                        element("p") { description }
                    }
                } else {
                    element("p") { description }
                }
            }
            element("dl", .class("facts")) {
                fact("Price", app.price == nil ? nil : app.priceText)
                fact("Rating", app.rating == nil ? nil : app.ratingText)
                fact("Released", app.releaseDate.map { HTML.text($0) })
                fact("Version", facts.version.map { HTML.text($0) })
                fact("Size", facts.sizeBytes.map { HTML.text(ChartValueFormat.number.label(Double($0)) + "B") })
                fact("Content rating", facts.contentRating.map { HTML.text($0) })
                fact("Requires", facts.minimumOS.map { HTML.text("iOS " + $0 + " or later") })
                fact("Bundle ID", facts.bundleId.map { HTML.text($0) })
                fact(
                    "Website",
                    facts.websiteUrl.flatMap(Self.web).map { url in element("a", .href(url), Attribute("rel", "noopener")) { url } })
                fact(
                    "App Store",
                    facts.storeUrl.flatMap(Self.web).map { url in element("a", .href(url), Attribute("rel", "noopener")) { "Listing" } })
            }
        }
    }

    /// Only web addresses become links: a recorded `javascript:` URL stays unlinked.
    static func web(_ url: String) -> String? {
        let lower = url.lowercased()
        return lower.hasPrefix("https://") || lower.hasPrefix("http://") ? url : nil
    }

    func fact(_ term: String, _ value: HTML?) -> HTML {
        guard let value else { return .empty }
        return element("div") {
            element("dt") { term }
            element("dd") { value }
        }
    }
}
