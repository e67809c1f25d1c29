import Foundation
import XCTest

@testable import HubRuntime
@testable import HubStore
@testable import MarketService

/// Charts short by nature (docs/market-snapshots.md): a chart that answers fewer entries than
/// asked day after day becomes comparable; a short answer from a full chart, a new chart or well
/// below the chart's usual length stays incomplete. Through the operator API, 20 entries asked.
final class MarketShortChartTests: XCTestCase {
    var f: MarketHubFixture!

    override func setUpWithError() throws { f = try MarketHubFixture(limit: 20) }
    override func tearDown() { f?.shutdown() }

    /// Collects the chart answering `apps` on day `day`; how many snapshots the pass recorded.
    @discardableResult
    func collect(day: Int, _ apps: [Int]) throws -> Int {
        f.setDay(day)
        try f.feed.chart(f.path, ids: MarketHubFixture.ids(apps))
        return try f.runPass()
    }

    /// (day, complete, entry count, problem) of every snapshot of a genre ('' overall), oldest first.
    func snapshots(genre: String = "") throws -> [(day: String, complete: Bool, count: Int, problem: String?)] {
        try f.marketDB.query("SELECT * FROM snapshots WHERE genre = ? ORDER BY day", [.text(genre)]).map {
            ($0.string("day")!, $0.bool("complete")!, $0.int("entry_count")!, $0.string("problem"))
        }
    }

    func trendingDate(genre: String? = nil) throws -> String? {
        try f.call("GET", "/market/trending" + (genre.map { "?genre=" + $0 } ?? "")).json["snapshotDate"] as? String
    }

    func testAChartAnsweringTwelveOfTwentyEveryDayBecomesComparableOnItsFourthDay() throws {
        // Given a chart answering 12 of the 20 entries asked on three days
        for day in 0...2 { try collect(day: day, Array(1...12)) }
        // Then, after two earlier short days as after none, nothing is comparable yet
        XCTAssertEqual(try snapshots().map(\.complete), [false, false, false])
        XCTAssertEqual(try snapshots().last?.problem, "12 of 20 entries")
        XCTAssertNil(try trendingDate())

        // When it answers 12 again on the fourth day
        try collect(day: 3, Array(1...12))

        // Then that day is complete and trending shows it, but rising has no complete day before it
        XCTAssertEqual(try snapshots().map(\.complete), [false, false, false, true])
        XCTAssertNil(try snapshots().last?.problem)
        XCTAssertEqual(try trendingDate(), "2026-11-23")
        let trending = try f.call("GET", "/market/trending").items
        XCTAssertEqual(trending.map { $0["adamId"] as? String }, MarketHubFixture.ids(Array(1...12)))
        XCTAssertTrue(try f.call("GET", "/market/rising?kind=riser").json["fromDate"] is NSNull)

        // When the fifth day moves app 9 up to 2nd and brings app 13 in for app 12
        try collect(day: 4, [1, 9, 2, 3, 4, 5, 6, 7, 8, 10, 11, 13])

        // Then rising compares the fourth and fifth days; earlier short days were not re-marked
        let risers = try f.call("GET", "/market/rising?kind=riser")
        XCTAssertEqual(risers.json["fromDate"] as? String, "2026-11-23")
        XCTAssertEqual(risers.json["toDate"] as? String, "2026-11-24")
        let up = risers.items
        XCTAssertEqual(up.first?["adamId"] as? String, MarketHubFixture.ids([9])[0])
        XCTAssertEqual(up.first?["previousRank"] as? Int, 9)
        XCTAssertEqual(up.first?["change"] as? Int, 7)
        let new = try f.call("GET", "/market/rising?kind=new").items
        XCTAssertEqual(new.map { $0["adamId"] as? String }, MarketHubFixture.ids([13]))
        XCTAssertEqual(try snapshots().map(\.complete), [false, false, false, true, true])
    }

    func testAFullChartAnsweringShortStaysIncompleteAndNeverReplacesTheCompleteDay() throws {
        // Given a chart answering all 20 entries on four days
        for day in 0...3 { try collect(day: day, Array(1...20)) }

        // When a later pass on the fourth day, and the fifth, sixth and seventh days answer 12
        let laterPass = try collect(day: 3, Array(1...12))
        for day in 4...6 { try collect(day: day, Array(1...12)) }

        // Then the fourth day keeps its full snapshot and the short days stay incomplete:
        // each has a full day among its three before
        XCTAssertEqual(laterPass, 0, "the short answer replaced the day's full snapshot")
        XCTAssertEqual(try snapshots().map(\.complete), [true, true, true, true, false, false, false])
        XCTAssertEqual(try snapshots()[3].count, 20)
        XCTAssertEqual(try trendingDate(), "2026-11-23")
        XCTAssertEqual(try f.call("GET", "/market/trending").items.count, 20)
        let rising = try f.call("GET", "/market/rising?kind=faller").json
        XCTAssertEqual(rising["toDate"] as? String, "2026-11-23")

        // When the eighth day answers 12 too, after three short days
        try collect(day: 7, Array(1...12))

        // Then the chart has become a shorter one and that day is comparable
        XCTAssertEqual(try snapshots().last?.complete, true)
        XCTAssertEqual(try trendingDate(), "2026-11-27")
    }

    func testAShortAnswerMustHoldNinetyPercentOfTheChartsUsualLength() throws {
        // Given a chart answering 10 of 20 on three days
        for day in 0...2 { try collect(day: day, Array(1...10)) }

        // When the fourth day answers 8, then a later pass that day 9
        try collect(day: 3, Array(1...8))
        let eight = try snapshots().last
        try collect(day: 3, Array(1...9))

        // Then 8 (below 90% of 10) was incomplete with why, and 9 (90%) is complete and replaced it
        XCTAssertEqual(eight?.complete, false)
        XCTAssertEqual(eight?.problem, "8 of 20 entries, below 90% of the chart's usual 10")
        XCTAssertEqual(try snapshots().last?.complete, true)
        XCTAssertEqual(try snapshots().last?.count, 9)
        XCTAssertEqual(try trendingDate(), "2026-11-23")
    }

    func testTheThreeShortDaysMustLieWithinTheSevenDaysBefore() throws {
        // Given two genre charts answering 12 of 20: Games on days 0, 6 and 7, Entertainment on
        // days 1, 6 and 7 (failing on the other days, which are skipped)
        f.shutdown()
        f = try MarketHubFixture(limit: 20, environment: ["APPNORTH_MARKET_GENRES": "6014,6016"])
        let games = MarketFeedFake.path(limit: 20, genre: "6014")
        let entertainment = MarketFeedFake.path(limit: 20, genre: "6016")
        for day in 0...7 {
            f.setDay(day)
            for (path, days) in [(games, [0, 6, 7]), (entertainment, [1, 6, 7])] {
                if days.contains(day) {
                    try f.feed.chart(path, ids: MarketHubFixture.ids(Array(1...12)))
                } else {
                    try f.feed.script(path, ["status": 404])
                }
            }
            XCTAssertGreaterThan(try f.runPass(), 0)
        }

        // When both answer 12 on day 8
        try f.feed.chart(games, ids: MarketHubFixture.ids(Array(1...12)))
        try f.feed.chart(entertainment, ids: MarketHubFixture.ids(Array(1...12)))
        f.setDay(8)
        XCTAssertGreaterThan(try f.runPass(), 0)

        // Then Entertainment's day 1 (seven days before) counts, and Games' day 0 (eight days before) does not
        XCTAssertEqual(try snapshots(genre: "6016").last?.complete, true)
        XCTAssertEqual(try snapshots(genre: "6014").last?.complete, false)
        XCTAssertEqual(try trendingDate(genre: "6016"), "2026-11-28")
        XCTAssertNil(try trendingDate(genre: "6014"))
    }

    func testSnapshotsRecordedBeforeTheRuleAreClassifiedFromWhatWasRecorded() throws {
        // Given a store at the step before the answers were recorded, with one snapshot of each kind
        let path = NSTemporaryDirectory() + "market-answers-\(TimeSortableID.shared.next()).sqlite"
        let db = try SQLiteDatabase(path: path)
        defer {
            db.close()
            try? FileManager.default.removeItem(atPath: path)
        }
        let index = try XCTUnwrap(MarketDaemon.migrations.firstIndex { $0.name == "0006_market_snapshot_answers" })
        _ = try Migrator.apply(Array(MarketDaemon.migrations[..<index]), to: db)
        let legacy: [(genre: String, complete: Int, count: Int, problem: String?)] = [
            ("a", 1, 200, nil), ("b", 0, 87, "87 of 200 entries"), ("c", 0, 0, "HTTP 500"),
            ("d", 0, 150, "an app listed twice"), ("e", 0, 120, "3 entries without an ID or name"), ("f", 0, 0, "0 of 200 entries"),
        ]
        for row in legacy {
            try db.run(
                """
                INSERT INTO snapshots (storefront, chart, genre, day, complete, entry_count, expected_count, problem, collected_at)
                VALUES ('us', 'topfreeapplications', ?, '2026-11-20', ?, ?, 200, ?, '2026-11-20T10:00:00.000Z')
                """, [.text(row.genre), .int(Int64(row.complete)), .int(Int64(row.count)), SQLValue(row.problem)])
        }

        // When the step runs
        _ = try Migrator.apply(MarketDaemon.migrations, to: db)

        // Then complete rows are full, rows short only in length are short, and the rest faulty
        let answers = try db.query("SELECT answer FROM snapshots ORDER BY genre").compactMap { $0.string("answer") }
        XCTAssertEqual(answers, ["full", "short", "faulty", "faulty", "faulty", "faulty"])
    }
}
