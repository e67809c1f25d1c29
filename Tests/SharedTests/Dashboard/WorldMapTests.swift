import XCTest

@testable import Dashboard

/// The price map (`Sources/Dashboard/Charts/WorldMap.swift`): territories shaded by the change in
/// percent on a diverging scale, both sides of zero apart, a legend, an accessible title and
/// summary, and the territories without a shape handed back to be listed under the map.
final class WorldMapTests: XCTestCase {
    private func fill(of territory: String, in markup: String) -> String? {
        guard let start = markup.range(of: "data-territory=\"\(territory)\" fill=\"") else { return nil }
        return String(markup[start.upperBound...].prefix { $0 != "\"" })
    }

    func testShadingDivergesAroundZeroWithEachSideItsOwnHue() throws {
        // Given one territory 40% dearer, one 40% cheaper, one 5% dearer, one 5% cheaper, one unchanged
        let map = WorldMap(
            values: ["GBR": 40, "IND": -40, "DEU": 5, "BRA": -5, "JPN": 0], title: "Change", summary: "Five territories")
        let markup = map.html().markup
        // Then each side of zero has its own colour, deeper further out, and zero is the pale middle
        XCTAssertEqual(fill(of: "GBR", in: markup), "#b2182b")
        XCTAssertEqual(fill(of: "IND", in: markup), "#2166ac")
        XCTAssertEqual(fill(of: "DEU", in: markup), "#fddbc7")
        XCTAssertEqual(fill(of: "BRA", in: markup), "#d1e5f0")
        XCTAssertEqual(fill(of: "JPN", in: markup), "#f7f7f7")
        // And the class edges hold on both sides: +2% is dearer, just under it is not; −2% is not cheaper, just under it is
        XCTAssertEqual(WorldMap.fill(2), "#fddbc7")
        XCTAssertEqual(WorldMap.fill(1.99), "#f7f7f7")
        XCTAssertEqual(WorldMap.fill(-2), "#f7f7f7")
        XCTAssertEqual(WorldMap.fill(-2.01), "#d1e5f0")
        // And each territory says its change in words
        XCTAssertTrue(markup.contains("<title>GBR: +40.0%</title>"), markup)
        XCTAssertTrue(markup.contains("<title>IND: −40.0%</title>"))
    }

    func testTheMapHasALegendATitleAndListsTerritoriesWithoutAShape() throws {
        // Given a territory with no value, and two the geometry has no shape for
        let map = WorldMap(
            values: ["USA": 0, "FRA": nil, "XKX": 12, "FJI": -3], title: "Proposed change <by territory>",
            summary: "Four territories", idPrefix: "m")
        let markup = map.html().markup
        // Then it is an image named by its title and summary, escaped
        XCTAssertTrue(markup.contains("role=\"img\" aria-labelledby=\"m-title m-desc\""), markup)
        XCTAssertTrue(markup.contains("<title id=\"m-title\">Proposed change &lt;by territory&gt;</title>"))
        // And the legend names every class, both sides of zero, and the hatching of no value
        for label in ["≤ −30%", "−2 to +2%", "≥ +30%", "No change to compare", "Not in this preview"] {
            XCTAssertTrue(markup.contains(label), label)
        }
        XCTAssertEqual(fill(of: "FRA", in: markup), "url(#m-none)")
        // And the territories without a shape are not drawn but handed back, sorted
        XCTAssertEqual(map.unshaped, ["FJI", "XKX"])
        XCTAssertFalse(markup.contains("data-territory=\"XKX\""))
        // And the world around them is drawn plain, each shape saying it is not in the preview
        XCTAssertTrue(markup.contains("class=\"map-land\" data-territory=\"DEU\""))
        XCTAssertTrue(markup.contains("<title>DEU: not in this preview</title>"))
    }
}
