/// A price preview (docs "Price localization", "Previews"): the dataset and release it rests on,
/// a table of every territory (current and proposed price, the change in percent, how the
/// target became a point, and flags: pinned, locked, floor, euro area, no data), the same change
/// as a world map, the CSV export, and the job submission for owners and admins.
public struct PricePreviewPage: Sendable {
    public struct Row: Sendable, Equatable {
        public var territory: String
        public var currency: String?
        /// Apple's current customer price, when it was read with the preview.
        public var current: String?
        public var proposed: String?
        public var proposedPointId: String?
        /// The unrounded target before it was mapped to a point.
        public var target: String?
        public var changePercent: Double?
        public var method: String
        public var status: String
        public var flags: [String]
        public init(
            territory: String, currency: String?, current: String?, proposed: String?, proposedPointId: String?, target: String?,
            changePercent: Double?, method: String, status: String, flags: [String]
        ) {
            self.territory = territory
            self.currency = currency
            self.current = current
            self.proposed = proposed
            self.proposedPointId = proposedPointId
            self.target = target
            self.changePercent = changePercent
            self.method = method
            self.status = status
            self.flags = flags
        }
    }

    public var projectId: String
    public var appName: String
    public var previewId: String
    public var createdAt: String
    public var productId: String?
    public var strategy: String
    public var rounding: String?
    public var basePrice: String
    public var dataset: String
    public var licence: String
    public var releaseDate: String
    public var rows: [Row]
    /// Whether Apple's current prices were read with this view (else the column says so).
    public var currentRead: Bool
    public var canManage: Bool

    public init(
        projectId: String, appName: String, previewId: String, createdAt: String, productId: String?, strategy: String,
        rounding: String?, basePrice: String, dataset: String, licence: String, releaseDate: String, rows: [Row], currentRead: Bool,
        canManage: Bool
    ) {
        self.projectId = projectId
        self.appName = appName
        self.previewId = previewId
        self.createdAt = createdAt
        self.productId = productId
        self.strategy = strategy
        self.rounding = rounding
        self.basePrice = basePrice
        self.dataset = dataset
        self.licence = licence
        self.releaseDate = releaseDate
        self.rows = rows
        self.currentRead = currentRead
        self.canManage = canManage
    }

    var path: String { "/dashboard/apps/" + projectId + "/prices" }

    public var map: WorldMap {
        let compared = rows.filter { $0.changePercent != nil }
        let up = compared.filter { ($0.changePercent ?? 0) > 0 }.count
        let down = compared.filter { ($0.changePercent ?? 0) < 0 }.count
        return WorldMap(
            values: Dictionary(uniqueKeysWithValues: rows.map { ($0.territory, $0.changePercent) }),
            title: "Proposed price change by territory",
            summary:
                "\(rows.count) territories: \(up) dearer, \(down) cheaper, \(compared.count - up - down) unchanged, \(rows.count - compared.count) without a change to compare. Dataset \(dataset), release \(releaseDate).",
            idPrefix: "price-map")
    }

    public func html(viewer: PageShell.Viewer, notice: PageShell.Notice? = nil) -> HTML {
        PageShell.page(title: "Price preview · " + appName, section: .apps, viewer: viewer, notice: notice) {
            element("nav", .class("small"), .label("Breadcrumb")) { element("a", .href(path)) { "← Prices of " + appName } }
            element("div", .class("topline")) {
                element("h1") { "Price preview" }
                element("a", .class("button"), .href(path + "/previews/" + previewId + "/csv")) { "Export CSV" }
            }
            element("dl", .class("facts panel"), .id("dataset")) {
                element("dt") { "Dataset" }
                element("dd") { dataset + " (" + licence + "), release " + releaseDate }
                element("dt") { "Strategy" }
                element("dd") { strategy.replacingOccurrences(of: "_", with: " ") + (rounding.map { ", rounding " + $0 } ?? "") }
                element("dt") { "Base" }
                element("dd") { "USA " + basePrice + (productId.map { " · product " + $0 } ?? "") }
                element("dt") { "Made" }
                element("dd") { TimeText.html(createdAt) }
            }
            let map = map
            element("section", .class("panel"), .id("map")) {
                element("h2") { "Change by territory" }
                map.html()
                if !map.unshaped.isEmpty {
                    element("p", .class("small"), .id("map-unshaped")) {
                        "Not on the map (no shape): "
                            + map.unshaped.map { $0 + " (" + WorldMap.label(map.values[$0] ?? nil) + ")" }.joined(separator: ", ")
                    }
                }
            }
            table
            if canManage { submitPanel(token: viewer.formToken) }
        }
    }

    var table: HTML {
        element("section", .class("panel"), .id("proposals")) {
            element("h2") { "Proposals" }
            if !currentRead {
                element("p", .class("small muted")) {
                    "Apple's current prices are read when a preview is made; this stored preview shows the proposals only."
                }
            }
            element("div", .class("scroll-x")) {
                element("table", .class("list stacked")) {
                    element("thead") {
                        element("tr") {
                            element("th") { "Territory" }
                            element("th", .class("num")) { "Current" }
                            element("th", .class("num")) { "Proposed" }
                            element("th", .class("num")) { "Change" }
                            element("th") { "Rounding" }
                            element("th") { "Flags" }
                        }
                    }
                    element("tbody") {
                        for row in rows {
                            element("tr", .id("territory-" + row.territory)) {
                                element("td") {
                                    element("strong") { row.territory }
                                    if let currency = row.currency { element("span", .class("small muted")) { " " + currency } }
                                }
                                element("td", .class("num"), .data("data-label", "Current")) { row.current ?? "—" }
                                element("td", .class("num"), .data("data-label", "Proposed")) {
                                    row.proposed ?? "—"
                                    if let point = row.proposedPointId { element("div", .class("small muted")) { point } }
                                }
                                element("td", .class("num"), .data("data-label", "Change")) {
                                    row.changePercent == nil ? "—" : WorldMap.label(row.changePercent)
                                }
                                element("td", .class("small")) {
                                    if let target = row.target, let proposed = row.proposed {
                                        "target " + target + " → point " + proposed
                                    } else {
                                        row.method.replacingOccurrences(of: "_", with: " ")
                                    }
                                }
                                element("td") {
                                    if row.status != "proposed" { element("span", .class("badge warn")) { row.status } }
                                    for flag in row.flags { element("span", .class("badge")) { flag } }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    func submitPanel(token: String) -> HTML {
        element("section", .class("panel"), .id("submit")) {
            element("h2") { "Submit as a price job" }
            element("p", .class("small muted")) {
                "Submitting records the work; the prices worker rereads Apple before each write and sets the USA last. Subscriptions only."
            }
            PostForm.make(action: path + "/previews/" + previewId + "/jobs", token: token, .class("stack")) {
                element("div", .class("fieldgrid")) {
                    LabeledField(id: "job-start", label: "Start date", hint: "Optional, YYYY-MM-DD.").input(
                        "startDate", type: "date", value: "")
                    element("label", .class("choice")) {
                        voidElement("input", .type("checkbox"), .name("preserveCurrentPrice"), .value("true"))
                        " Keep existing subscribers on their current price"
                    }
                }
                element("button", .type("submit"), .class("primary")) { "Submit price job" }
            }
        }
    }
}
