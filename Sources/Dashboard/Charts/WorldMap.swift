/// A world map drawn by the hub as inline SVG (no script): each territory with a shape in
/// `WorldShapes` shaded by a change in percent on a diverging scale (blue cheaper, orange
/// dearer, pale around zero, hatched grey where there is no value), with a legend, an
/// accessible title and summary, and a `<title>` per territory; the other shapes are drawn
/// plain, as the world around them. Territories given without a
/// shape are returned in `unshaped`, for the page to list under the map. Equirectangular, from
/// 84°N to 56°S. A pure function of its values.
public struct WorldMap: Sendable, Equatable {
    /// Territory (ISO 3166 alpha-3) → change in percent; nil: no comparable value.
    public var values: [String: Double?]
    public var title: String
    public var summary: String
    public var idPrefix: String

    public init(values: [String: Double?], title: String, summary: String, idPrefix: String = "map") {
        self.values = values
        self.title = title
        self.summary = summary
        self.idPrefix = idPrefix
    }

    static let width = 720.0
    static let north = 84.0
    static let south = -56.0
    static var height: Double { (north - south) * 2 }

    /// The scale's classes: upper bound (exclusive, in percent), fill, legend label.
    static let classes: [(below: Double, fill: String, label: String)] = [
        (-30, "#2166ac", "≤ −30%"), (-10, "#67a9cf", "−30 to −10%"), (-2, "#d1e5f0", "−10 to −2%"),
        (2, "#f7f7f7", "−2 to +2%"), (10, "#fddbc7", "+2 to +10%"), (30, "#ef8a62", "+10 to +30%"),
        (.infinity, "#b2182b", "≥ +30%"),
    ]
    static let noValueFill = "#bbbbbb"

    /// The fill of a change: its class on the diverging scale.
    public static func fill(_ percent: Double?) -> String {
        guard let percent else { return noValueFill }
        return classes.first { percent < $0.below }?.fill ?? classes[classes.count - 1].fill
    }

    /// Territories given that have no shape, sorted.
    public var unshaped: [String] { values.keys.filter { WorldShapes.boxes[$0] == nil }.sorted() }

    static func x(_ longitude: Double) -> Double { (longitude + 180) / 360 * width }
    static func y(_ latitude: Double) -> Double { (north - min(max(latitude, south), north)) * 2 }

    /// `+12.3%`, `−4.0%`, or "no change to compare".
    public static func label(_ percent: Double?) -> String {
        guard let percent else { return "no change to compare" }
        let rounded = (percent * 10).rounded() / 10
        let text = LineChartGeometry.number(abs(rounded))
        return (rounded > 0 ? "+" : rounded < 0 ? "−" : "±") + (text.contains(".") ? text : text + ".0") + "%"
    }

    public func html() -> HTML {
        let titleId = idPrefix + "-title"
        let descId = idPrefix + "-desc"
        let n = LineChartGeometry.number
        // Large shapes first, so small territories lying over them stay visible.
        let shaped = values.keys.filter { WorldShapes.boxes[$0] != nil }.sorted { a, b in
            area(a) == area(b) ? a < b : area(a) > area(b)
        }
        let legendY = Self.height + 12
        return element(
            "svg", .class("chart world-map"), Attribute("viewBox", "0 0 \(n(Self.width)) \(n(Self.height + 40))"),
            Attribute("role", "img"), Attribute("aria-labelledby", titleId + " " + descId), Attribute("xmlns", "http://www.w3.org/2000/svg")
        ) {
            element("title", .id(titleId)) { title }
            element("desc", .id(descId)) { summary }
            element("defs") {
                element(
                    "pattern", .id(idPrefix + "-none"), Attribute("width", "4"), Attribute("height", "4"),
                    Attribute("patternUnits", "userSpaceOnUse"), Attribute("patternTransform", "rotate(45)")
                ) {
                    element("rect", Attribute("width", "4"), Attribute("height", "4"), Attribute("fill", Self.noValueFill))
                    element(
                        "line", Attribute("x1", "0"), Attribute("y1", "0"), Attribute("x2", "0"), Attribute("y2", "4"),
                        Attribute("stroke", "#888888"), Attribute("stroke-width", "2"))
                }
            }
            element("rect", .class("map-sea"), Attribute("width", n(Self.width)), Attribute("height", n(Self.height)))
            for territory in WorldShapes.boxes.keys.sorted() where values[territory] == nil {
                element("g", .class("map-land"), Attribute("data-territory", territory)) {
                    element("title") { territory + ": not in this preview" }
                    Self.rects(territory)
                }
            }
            for territory in shaped {
                let value = values[territory] ?? nil
                element(
                    "g", .class("map-territory"), Attribute("data-territory", territory),
                    Attribute("fill", value == nil ? "url(#\(idPrefix)-none)" : Self.fill(value))
                ) {
                    element("title") { territory + ": " + Self.label(value) }
                    Self.rects(territory)
                }
            }
            element("g", .class("map-legend")) {
                for (index, item) in Self.classes.enumerated() {
                    let x = 8 + Double(index) * 101
                    element(
                        "rect", Attribute("x", n(x)), Attribute("y", n(legendY)), Attribute("width", "14"), Attribute("height", "10"),
                        Attribute("fill", item.fill), Attribute("stroke", "#888888"), Attribute("stroke-width", "0.5"))
                    element("text", .class("chart-tick"), Attribute("x", n(x + 18)), Attribute("y", n(legendY + 9))) { item.label }
                }
                element(
                    "rect", Attribute("x", "8"), Attribute("y", n(legendY + 15)), Attribute("width", "14"), Attribute("height", "10"),
                    Attribute("fill", "url(#\(idPrefix)-none)"))
                element("text", .class("chart-tick"), Attribute("x", "26"), Attribute("y", n(legendY + 24))) {
                    "No change to compare (no current price or no proposal)"
                }
                element(
                    "rect", .class("map-land"), Attribute("x", "360"), Attribute("y", n(legendY + 15)), Attribute("width", "14"),
                    Attribute("height", "10"))
                element("text", .class("chart-tick"), Attribute("x", "378"), Attribute("y", n(legendY + 24))) { "Not in this preview" }
            }
        }
    }

    /// A territory's boxes, at least 3 units a side so a city territory is still a mark.
    @HTMLBuilder static func rects(_ territory: String) -> HTML {
        let n = LineChartGeometry.number
        for box in WorldShapes.boxes[territory] ?? [] {
            element(
                "rect", Attribute("x", n(x(box.west))), Attribute("y", n(y(box.north))),
                Attribute("width", n(max(x(box.east) - x(box.west), 3))), Attribute("height", n(max(y(box.south) - y(box.north), 3))),
                Attribute("rx", "1.5"))
        }
    }

    private func area(_ territory: String) -> Double {
        (WorldShapes.boxes[territory] ?? []).reduce(0) { $0 + ($1.east - $1.west) * ($1.north - $1.south) }
    }
}
