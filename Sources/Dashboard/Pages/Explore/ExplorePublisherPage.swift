/// `GET /dashboard/explore/publishers/studio?key=` (docs "Explore", publishers): one studio,
/// a catalog grouping rather than an ownership record, with its indexed apps (three on limited
/// plans), summed estimates (— when any app lacks one), the monthly revenue history where every
/// app has a value, and other studios of its main genre.
public struct ExplorePublisherPage: Sendable {
    public var studio: ExplorePublishersPage.Studio
    public var rating: Double?
    public var growthPercent: Double?
    public var launches365: Int
    public var apps: [MarketAppRow]
    public var revenueHistory: [LineChart.Point]
    public var similar: [ExplorePublishersPage.Studio]
    public var limited: Bool
    public var fullAccess: Bool

    public init(
        studio: ExplorePublishersPage.Studio, rating: Double?, growthPercent: Double?, launches365: Int, apps: [MarketAppRow],
        revenueHistory: [LineChart.Point], similar: [ExplorePublishersPage.Studio], limited: Bool, fullAccess: Bool
    ) {
        self.studio = studio
        self.rating = rating
        self.growthPercent = growthPercent
        self.launches365 = launches365
        self.apps = apps
        self.revenueHistory = revenueHistory
        self.similar = similar
        self.limited = limited
        self.fullAccess = fullAccess
    }

    public func html(viewer: PageShell.Viewer, notice: PageShell.Notice? = nil) -> HTML {
        PageShell.page(title: studio.name + " · Publishers", section: .explore, viewer: viewer, notice: notice) {
            element("nav", .class("small"), .label("Breadcrumb")) { element("a", .href(ExplorePublishersPage.path)) { "← Publishers" } }
            element("h1") { studio.name }
            element("p", .class("small muted")) { "A catalog grouping of indexed apps, not a verified ownership record." }
            element("section", .class("panel")) {
                element("dl", .class("facts")) {
                    element("div") {
                        element("dt") { "Indexed apps" }
                        element("dd") { String(studio.appCount) }
                    }
                    element("div") {
                        element("dt") { "Launches" }
                        element("dd") { "\(studio.launches90) in 90 days, \(launches365) in 365 days" }
                    }
                    element("div") {
                        element("dt") { "Main genre" }
                        element("dd") { MarketAppRow.text(studio.mainGenre) }
                    }
                    element("div") {
                        element("dt") { "Rating" }
                        element("dd") { rating.map { HTML.text(String(format: "%.1f ★", $0)) } ?? MarketAppRow.dash }
                    }
                    if fullAccess {
                        element("div") {
                            element("dt") { "Est. revenue / month (USD)" }
                            element("dd") { ExplorePublishersPage.money(studio.revenue) }
                        }
                        element("div") {
                            element("dt") { "Apps making money" }
                            element("dd") { studio.appsMakingMoney.map { HTML.text(String($0)) } ?? MarketAppRow.dash }
                        }
                        element("div") {
                            element("dt") { "Download growth" }
                            element("dd") { growthPercent.map { HTML.text(String(format: "%+.1f%%", $0)) } ?? MarketAppRow.dash }
                        }
                    }
                }
                if revenueHistory.count > 1 {
                    element("figure", .class("spark")) {
                        LineChart(
                            points: revenueHistory, title: "Summed monthly revenue estimates",
                            summary: "\(revenueHistory.count) months where every indexed app has a worldwide revenue estimate.",
                            format: .money(currency: "USD"), idPrefix: "studio-revenue"
                        ).sparkline()
                        element("figcaption", .class("small muted")) { "Estimated revenue by month, every indexed app" }
                    }
                }
            }
            element("section", .class("panel")) {
                element("h2") { "Apps" }
                if limited {
                    element("p", .class("flash info"), Attribute("role", "status")) {
                        "This plan shows up to three apps of a studio. Studio shows every indexed app and its estimates."
                    }
                }
                element("ul", .class("plain-list")) {
                    for app in apps {
                        element("li", .class("row")) {
                            element("a", .href(ExploreNav.profile(app.adamId))) { app.name }
                            element("span", .class("small muted")) { app.genre ?? "" }
                            element("span", .class("spacer"))
                            element("span", .class("small")) { MarketEstimateView.cell(app.revenue) }
                        }
                    }
                }
            }
            if !similar.isEmpty {
                element("section", .class("panel")) {
                    element("h2") { "Studios in the same genre" }
                    ExplorePublishersPage.table(similar, fullAccess: fullAccess)
                }
            }
        }
    }
}
