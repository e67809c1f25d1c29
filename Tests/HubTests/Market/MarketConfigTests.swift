import Foundation
import XCTest

@testable import HubDaemon

/// marketd's settings: storefronts, charts, genres, interval and pacing.
final class MarketConfigTests: XCTestCase {
    func config(_ env: [String: String]) throws -> HubConfig {
        try HubConfig(environment: env.merging(["APPNORTH_DATA_DIR": "/tmp/x"]) { a, _ in a }, currentDirectory: "/")
    }

    func testDefaultsCollectTheUSTopChartsPolitely() throws {
        // When nothing is set
        let c = try config([:])

        // Then the US top charts, no genres, every six hours, three seconds between calls
        XCTAssertEqual(c.marketStorefronts, ["us"])
        XCTAssertEqual(c.marketCharts, ["topfreeapplications", "toppaidapplications", "topgrossingapplications"])
        XCTAssertEqual(c.marketGenres, [])
        XCTAssertEqual(c.marketInterval, 21_600)
        XCTAssertEqual(c.marketMinGap, 3)
        XCTAssertEqual(c.marketChartLimit, 200)
        XCTAssertEqual(c.itunesURL, "https://itunes.apple.com")
    }

    func testListsAreTrimmedLowercasedAndDeduplicated() throws {
        // When lists are given loosely
        let c = try config([
            "APPNORTH_MARKET_STOREFRONTS": " US, gb ,us,, fr", "APPNORTH_MARKET_CHARTS": "toppaidapplications",
            "APPNORTH_MARKET_GENRES": "6014,6016", "APPNORTH_MARKET_MIN_GAP_MS": "0",
            "APPNORTH_ITUNES_URL": "http://127.0.0.1:9/",
        ])

        // Then they are normalized
        XCTAssertEqual(c.marketStorefronts, ["us", "gb", "fr"])
        XCTAssertEqual(c.marketCharts, ["toppaidapplications"])
        XCTAssertEqual(c.marketGenres, ["6014", "6016"])
        XCTAssertEqual(c.marketMinGap, 0)
        XCTAssertEqual(c.itunesURL, "http://127.0.0.1:9")
    }

    func testInvalidValuesAreRefusedByName() throws {
        for (name, value) in [
            ("APPNORTH_MARKET_STOREFRONTS", "usa"), ("APPNORTH_MARKET_CHARTS", "topapps"),
            ("APPNORTH_MARKET_GENRES", "games"), ("APPNORTH_MARKET_INTERVAL_S", "-1"),
            ("APPNORTH_MARKET_CHART_LIMIT", "201"),
        ] {
            // When one setting is wrong
            XCTAssertThrowsError(try config([name: value])) { error in
                // Then the error names it
                XCTAssertTrue(String(describing: error).contains(name), "\(error)")
            }
        }
    }
}
