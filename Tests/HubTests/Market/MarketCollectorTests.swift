import Foundation
import XCTest

@testable import HubHTTPClient
@testable import HubRuntime
@testable import HubStore
@testable import MarketService

/// The feed's quirks, the provider's pacing and backoff, and lookups, against the fake feed
/// with the collector driven directly.
final class MarketCollectorTests: XCTestCase {
    var feed: MarketFeedFake!
    var db: SQLiteDatabase!
    var store: MarketStore!
    let clock = ManualClock(ISOTime.parse("2026-11-20T10:00:00.000Z")!)
    let logger = Logger(daemon: "marketd", level: .error, clock: SystemClock(), sink: MemoryLogSink())

    override func setUpWithError() throws {
        feed = try MarketFeedFake()
        let path = NSTemporaryDirectory() + "market-collector-\(TimeSortableID.shared.next()).sqlite"
        db = try SQLiteDatabase(path: path)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        _ = try Migrator.apply(MarketDaemon.migrations, to: db)
        store = MarketStore(db: db, clock: clock)
    }

    override func tearDown() {
        db?.close()
        feed?.stop()
    }

    final class Sleeps: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [TimeInterval] = []
        func record(_ seconds: TimeInterval) { lock.withLock { values.append(seconds) } }
        var all: [TimeInterval] { lock.withLock { values } }
    }

    func provider(minGap: TimeInterval = 0, sleeps: Sleeps? = nil) -> MarketProviderClient {
        if let sleeps {
            return MarketProviderClient(
                baseURL: feed.baseURL, minGap: minGap, http: HTTPClient(), logger: logger,
                sleep: { sleeps.record($0) })
        }
        return MarketProviderClient(baseURL: feed.baseURL, minGap: minGap, http: HTTPClient(), logger: logger)
    }

    func collector(limit: Int, genres: [String] = [], provider: MarketProviderClient? = nil) -> MarketCollector {
        MarketCollector(
            store: store, provider: provider ?? self.provider(),
            settings: .init(storefronts: ["us"], charts: ["topfreeapplications"], genres: genres, limit: limit),
            logger: logger)
    }

    func testASingleEntryAsAnObjectAndLinksAsObjectOrArrayAreRead() throws {
        // Given a one-app chart whose entry is an object, and a two-app genre chart (links object, then array)
        try feed.chart(MarketFeedFake.path(limit: 1), ids: ["1000000001"], extra: ["single": true])
        try feed.chart(MarketFeedFake.path(limit: 1, genre: "6014"), ids: ["1000000002"])

        // When a pass runs
        XCTAssertEqual(try collector(limit: 1, genres: ["6014"]).runPass(), 2)

        // Then both are complete snapshots with the apps' store facts
        let snapshots = try db.query("SELECT genre, complete, entry_count FROM snapshots ORDER BY genre")
        XCTAssertEqual(snapshots.map { $0.string("genre") }, ["", "6014"])
        XCTAssertEqual(snapshots.map { $0.bool("complete") }, [true, true])
        let app = try XCTUnwrap(db.queryOne("SELECT * FROM apps WHERE adam_id = '1000000001'"))
        XCTAssertEqual(app.string("developer_id"), "5000028")
        XCTAssertEqual(app.string("bundle_id"), "com.example.app1000000001")
        XCTAssertEqual(app.string("first_seen_at"), "2026-11-20T10:00:00.000Z")
        XCTAssertEqual(app.string("version"), "1.2.3", "filled by the lookup")
    }

    func testTwoEntryFeedReadsTheAlternateLinkFromAnArray() throws {
        // Given entries whose second link is an array with the alternate first
        let parsed = try MarketFeedParser.parse(
            Array(
                #"""
                {"feed":{"entry":[
                  {"im:name":{"label":"A"},"id":{"attributes":{"im:id":"11"}},
                   "link":{"attributes":{"rel":"alternate","href":"https://a"}}},
                  {"im:name":{"label":"B"},"id":{"attributes":{"im:id":"12"}},
                   "link":[{"attributes":{"rel":"enclosure","href":"https://preview"}},{"attributes":{"rel":"alternate","href":"https://b"}}]},
                  {"im:name":{"label":"no id"}}
                ]}}
                """#.utf8))

        // Then both links resolve, and the entry without an ID is counted, not invented
        XCTAssertEqual(parsed.entries.map(\.storeUrl), ["https://a", "https://b"])
        XCTAssertEqual(parsed.invalidEntries, 1)
        XCTAssertNil(parsed.entries[0].developerName)
    }

    func testAFieldOfAnUnexpectedTypeLosesThatFieldOnly() throws {
        // Given a feed whose price is a string, whose second entry is not an object and whose
        // third has a numeric ID
        let parsed = try MarketFeedParser.parse(
            Array(
                #"""
                {"feed":{"entry":[
                  {"im:name":{"label":"A"},"id":{"attributes":{"im:id":"11"}},"im:price":"free","im:image":[{"label":"https://i"}, 3]},
                  "oops",
                  {"im:name":{"label":"C"},"id":{"attributes":{"im:id":13}}}
                ]}}
                """#.utf8))

        // Then the first app is read without a price, and the other two are counted as invalid
        XCTAssertEqual(parsed.entries.map(\.adamId), ["11"])
        XCTAssertNil(parsed.entries[0].price)
        XCTAssertEqual(parsed.entries[0].iconUrl, nil, "the last image is not a label")
        XCTAssertEqual(parsed.invalidEntries, 2)
    }

    func testAMissingEntryOrATruncatedFeedIsKeptAsIncomplete() throws {
        // Given a feed without `entry` and a genre feed cut in the middle
        try feed.script(MarketFeedFake.path(limit: 5), ["noEntry": true])
        try feed.script(MarketFeedFake.path(limit: 5, genre: "6014"), ["truncate": 3000])

        // When a pass runs
        XCTAssertEqual(try collector(limit: 5, genres: ["6014"]).runPass(), 2)

        // Then both snapshots exist, incomplete, with why
        let rows = try db.query("SELECT complete, problem FROM snapshots ORDER BY genre")
        XCTAssertEqual(rows.map { $0.bool("complete") }, [false, false])
        XCTAssertEqual(rows.map { $0.string("problem") }, ["feed has no entry", "feed body is not a chart feed"])
    }

    func testAFeedListingAnAppTwiceIsIncomplete() throws {
        // Given a three-app chart that lists app 1 twice
        try feed.chart(MarketFeedFake.path(limit: 3), ids: ["1000000001", "1000000002", "1000000001"])

        // When a pass runs
        try collector(limit: 3).runPass()

        // Then the snapshot is kept but not complete, with the first place of the repeated app
        let row = try XCTUnwrap(db.queryOne("SELECT id, complete, problem FROM snapshots"))
        XCTAssertEqual(row.bool("complete"), false)
        XCTAssertEqual(row.string("problem"), "an app listed twice")
        XCTAssertEqual(
            try db.query("SELECT rank FROM snapshot_entries WHERE snapshot_id = ? ORDER BY rank", [row["id"]]).compactMap {
                $0.int("rank")
            },
            [1, 2])
    }

    func testRetryAfterIsHonouredOn429And503And403() throws {
        // Given a feed answering 429 (Retry-After 7), 503 (Retry-After 3), 403 (none), then the chart
        let path = MarketFeedFake.path(limit: 3)
        try feed.script(path, ["queue": [["status": 429, "retryAfter": "7"], ["status": 503, "retryAfter": "3"], ["status": 403]]])
        let sleeps = Sleeps()

        // When a pass runs
        XCTAssertEqual(try collector(limit: 3, provider: provider(sleeps: sleeps)).runPass(), 1)

        // Then it waited as told, backed off exponentially without a hint, and got a complete chart
        XCTAssertEqual(sleeps.all, [7, 3, 8])
        XCTAssertEqual(try feed.log().filter { $0.path == path }.count, 4)
        XCTAssertEqual(try db.scalar("SELECT complete FROM snapshots").boolValue, true)
    }

    func testAProviderThatKeepsFailingIsGivenUpAfterTheLastAttempt() throws {
        // Given a feed that always answers 500
        try feed.script(MarketFeedFake.path(limit: 3), ["status": 500])
        let sleeps = Sleeps()

        // When a pass runs
        try collector(limit: 3, provider: provider(sleeps: sleeps)).runPass()

        // Then four attempts with growing waits, and an incomplete, empty snapshot
        XCTAssertEqual(sleeps.all, [2, 4, 8])
        let row = try XCTUnwrap(db.queryOne("SELECT complete, entry_count, problem FROM snapshots"))
        XCTAssertEqual(row.bool("complete"), false)
        XCTAssertEqual(row.int("entry_count"), 0)
        XCTAssertEqual(row.string("problem"), "HTTP 500")
    }

    func testCallsAreSpacedByTheMinimumGap() throws {
        // Given a minimum gap of 150 ms and three charts
        let pacing = MarketCollector(
            store: store, provider: provider(minGap: 0.15),
            settings: .init(
                storefronts: ["us", "gb", "de"], charts: ["topfreeapplications"],
                genres: [], limit: 2), logger: logger)

        // When a pass runs
        XCTAssertEqual(try pacing.runPass(), 3)

        // Then no two provider calls started closer than the gap, and each app was looked up
        // in the storefront it was seen in
        let log = try feed.log()
        let times = log.map(\.at)
        XCTAssertEqual(times.count, 6, "three charts and a lookup per storefront")
        let countries = log.filter { $0.path.hasPrefix("/lookup") }.compactMap {
            $0.path.components(separatedBy: "country=").last?.prefix(2)
        }
        XCTAssertEqual(countries.map(String.init).sorted(), ["de", "gb", "us"])
        for (a, b) in zip(times, times.dropFirst()) { XCTAssertGreaterThanOrEqual(b - a, 0.14) }
    }

    func testLookupsAreBatchedAndMissingFactsStayMissing() throws {
        // Given a chart of 150 apps
        let ids = (1...150).map { String(1_000_000_000 + $0) }
        try feed.chart(MarketFeedFake.path(limit: 150), ids: ids)

        // When a pass runs
        try collector(limit: 150).runPass()

        // Then two lookup calls described every app, and a rating the store did not give is null
        let lookups = try feed.log().filter { $0.path.hasPrefix("/lookup") }
        XCTAssertEqual(lookups.count, 2)
        XCTAssertEqual(try db.scalar("SELECT count(*) FROM apps WHERE looked_up_at IS NULL").intValue, 0)
        let unrated = try XCTUnwrap(db.queryOne("SELECT rating, rating_count FROM apps WHERE adam_id = '1000000005'"))
        XCTAssertTrue(unrated["rating"].isNull)
        XCTAssertTrue(unrated["rating_count"].isNull)
        XCTAssertEqual(try db.scalar("SELECT rating_count FROM apps WHERE adam_id = '1000000001'").intValue, 1)
    }
}
