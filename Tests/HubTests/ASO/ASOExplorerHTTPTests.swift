import Foundation
import XCTest

@testable import HubHTTPClient
@testable import HubMessaging
@testable import HubRuntime
@testable import IngestService

/// `GET /api/admin/v1/aso/explorer` end to end: its shape (docs/aso-difficulty.md, "The answer"),
/// own apps, validation, the plan gate and the provider failure statuses with `Retry-After`.
final class ASOExplorerHTTPTests: XCTestCase {
    var hub: ASOHubFixture!

    override func setUpWithError() throws { hub = try ASOHubFixture() }
    override func tearDown() { hub?.shutdown() }

    func testLiveThenCachedAnswerHasTheContractShape() throws {
        // Given a project whose App Store ID is among the results, and one app with missing details
        _ = try hub.createProject(appStoreId: "222")
        try hub.fake.script(
            term: "photo editor", country: "gb",
            results: [
                ASOFakeITunes.app(111, "Photo Editor Pro", ratingCount: 50_000, rating: 4.6, price: 2.99, formattedPrice: "£2.99"),
                ASOFakeITunes.app(222, "My Photo Editor", ratingCount: 10, rating: 4.0),
                ASOFakeITunes.app(
                    333, "Collage Maker", ratingCount: nil, rating: nil, updated: nil, released: nil, price: nil,
                    formattedPrice: nil),
            ])

        // When the term is explored twice
        let live = try hub.call("GET", "/aso/explorer?term=Photo%20%20Editor&country=GB")
        let cached = try hub.call("GET", "/aso/explorer?term=photo+editor&country=gb")

        // Then the first is live and the second cached, with every key of the answer
        XCTAssertEqual(live.status, 200, "\(live.json)")
        XCTAssertEqual(Set(live.json.keys), ["source", "observedAt", "cached", "results", "difficulty", "related", "quota"])
        XCTAssertEqual(live.json["source"] as? String, "itunes-search")
        XCTAssertEqual(live.json["cached"] as? Bool, false)
        XCTAssertEqual(cached.json["cached"] as? Bool, true)
        XCTAssertEqual(cached.json["observedAt"] as? String, live.json["observedAt"] as? String)
        XCTAssertNotNil(ISOTime.parse(try XCTUnwrap(live.json["observedAt"] as? String)))
        // Results in provider order, own app marked, missing fields null
        let results = try XCTUnwrap(live.json["results"] as? [[String: Any]])
        XCTAssertEqual(results.map { $0["adamId"] as? String }, ["111", "222", "333"])
        XCTAssertEqual(results.map { $0["rank"] as? Int }, [1, 2, 3])
        XCTAssertEqual(results.map { $0["own"] as? Bool }, [false, true, false])
        XCTAssertEqual(results[0]["name"] as? String, "Photo Editor Pro")
        XCTAssertEqual(results[0]["rating"] as? Double, 4.6)
        XCTAssertEqual(results[0]["ratingCount"] as? Int, 50_000)
        XCTAssertEqual(results[0]["price"] as? Double, 2.99)
        XCTAssertEqual(results[0]["releaseDate"] as? String, "2019-03-01T08:00:00Z")
        for key in ["rating", "ratingCount", "releaseDate", "updatedAt", "price", "formattedPrice"] {
            XCTAssertTrue(results[2][key] is NSNull, "\(key) should be null: \(results[2])")
        }
        let difficulty = try XCTUnwrap(live.json["difficulty"] as? [String: Any])
        XCTAssertEqual(Set(difficulty.keys), ["score", "label", "provisional"])
        XCTAssertEqual(difficulty["provisional"] as? Bool, true)
        let quota = try XCTUnwrap(live.json["quota"] as? [String: Any])
        XCTAssertEqual(quota["limit"] as? Int, 30)
        XCTAssertEqual(quota["used"] as? Int, 1)
        XCTAssertEqual(quota["remaining"] as? Int, 29)
        XCTAssertEqual((cached.json["quota"] as? [String: Any])?["used"] as? Int, 1)
        XCTAssertEqual(live.json["related"] as? [String], ["editor pro", "pro", "collage", "collage maker", "maker"])
        XCTAssertEqual(try hub.fake.searches().count, 1)
    }

    func testInvalidTermAndCountryAreQueryErrorsThatUseNoQuota() throws {
        // Given / When
        let long = try hub.call("GET", "/aso/explorer?term=\(String(repeating: "a", count: 101))&country=us")
        let blank = try hub.call("GET", "/aso/explorer?term=%20%20&country=us")
        let country = try hub.call("GET", "/aso/explorer?term=notes&country=zz")

        // Then
        XCTAssertEqual(long.status, 400)
        XCTAssertEqual(long.code, "INVALID_QUERY")
        XCTAssertNotNil(long.fields["term"])
        XCTAssertNotNil(blank.fields["term"])
        XCTAssertEqual(country.status, 400)
        XCTAssertNotNil(country.fields["country"])
        XCTAssertEqual(try hub.fake.searches().count, 0)
    }

    func testFreePlanGetsThePlanGate() throws {
        // Given an organization on the Free plan
        let token = try hub.createOrganization(slug: "freebie", plan: "free")
        // When
        let refused = try hub.call("GET", "/aso/explorer?term=notes&country=us", token: token)
        // Then
        XCTAssertEqual(refused.status, 403)
        XCTAssertEqual(refused.code, "PLAN_REQUIRED")
        XCTAssertEqual(try hub.fake.searches().count, 0)
    }

    func testProviderFailuresKeepTheirStatusesAndRetryAfter() throws {
        // Given one term throttled and one failing
        try hub.fake.script(term: "busy", status: 429, retryAfter: 42)
        try hub.fake.script(term: "down", status: 502)

        // When
        let busy = try hub.call("GET", "/aso/explorer?term=busy&country=us")
        let down = try hub.call("GET", "/aso/explorer?term=down&country=us")

        // Then 503 with Retry-After and 502, neither looking like results
        XCTAssertEqual(busy.status, 503)
        XCTAssertEqual(busy.header("Retry-After"), "42")
        XCTAssertEqual(busy.code, "PROVIDER_RATE_LIMITED")
        XCTAssertNil(busy.json["results"])
        XCTAssertTrue(busy.fields.isEmpty)
        XCTAssertEqual(down.status, 502)
        XCTAssertEqual(down.code, "PROVIDER_UNAVAILABLE")
    }

    func testExhaustedQuotaIs429OverHTTP() throws {
        // Given 30 live searches
        for i in 0..<30 { XCTAssertEqual(try hub.call("GET", "/aso/explorer?term=t\(i)&country=us").status, 200) }
        // When
        let refused = try hub.call("GET", "/aso/explorer?term=t30&country=us")
        let cached = try hub.call("GET", "/aso/explorer?term=t0&country=us")
        // Then
        XCTAssertEqual(refused.status, 429)
        XCTAssertEqual(refused.code, "QUOTA_EXHAUSTED")
        XCTAssertEqual(cached.status, 200)
        XCTAssertEqual(cached.json["cached"] as? Bool, true)
    }

    func testAProviderCallDoesNotBlockOtherAsodCalls() throws {
        // Given a provider that takes 1.5 s for one term, and a cached term
        _ = try hub.call("GET", "/aso/explorer?term=cached&country=us")
        try hub.fake.script(term: "slow", delayMs: 1_500)
        let slowDone = expectation(description: "slow search answered")
        // Its own client: the harness's client serializes the requests made through it.
        let url = hub.hub.baseURL + OperatorAPI.prefix + "/aso/explorer?term=slow&country=us"
        DispatchQueue.global().async {
            let client = HTTPClient()
            let response = try? client.send(HTTPClientRequest(url: url, headers: OperatorAPI.bearer()))
            XCTAssertEqual(response?.status, 200)
            slowDone.fulfill()
        }
        Thread.sleep(forTimeInterval: 0.3)

        // When the cached term is opened while the slow search is in flight
        let started = Date()
        let hit = try hub.call("GET", "/aso/explorer?term=cached&country=us")

        // Then it answers at once
        XCTAssertEqual(hit.status, 200)
        XCTAssertLessThan(Date().timeIntervalSince(started), 0.5)
        wait(for: [slowDone], timeout: 10)
    }

    func testHandWrittenAnswerMatchesTheEncoderOutput() throws {
        // Given an answer with escapes, nulls, fractional numbers and every flag
        let results = [
            ASOSearchResult(
                rank: 1, adamId: "1", name: "Quote \" and \\ and \n é", sellerName: nil, bundleId: "b",
                rating: 4.25, ratingCount: 0, releaseDate: nil, updatedAt: "2026-01-01T00:00:00Z", price: 0.99,
                formattedPrice: "$0.99", currency: nil, url: nil, own: true),
            ASOSearchResult(
                rank: 2, adamId: "2", name: nil, sellerName: nil, bundleId: nil, rating: nil, ratingCount: nil,
                releaseDate: nil, updatedAt: nil, price: nil, formattedPrice: nil, currency: nil, url: nil,
                own: false),
        ]
        let response = ASOExplorer.Response(
            source: "itunes-search", observedAt: "2026-11-30T12:00:00.000Z", cached: true, results: results,
            difficulty: .unavailable, related: ["a \"b\""], quota: ASOQuota(limit: 30, used: 2, resetsAt: "2026-12-01T00:00:00.000Z"))
        // When
        let handWritten = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(ASOExplorerJSON.render(response))) as? [String: Any])
        func object<T: Encodable>(_ value: T) throws -> Any { try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) }
        // Then every part equals what the encoder writes for the typed values
        XCTAssertEqual(handWritten["results"] as? NSArray, try object(results) as? NSArray)
        XCTAssertEqual(response.results, results)
        XCTAssertEqual(response.results.first?.name, "Quote \" and \\ and \n é")
        XCTAssertEqual(handWritten["difficulty"] as? NSDictionary, try object(response.difficulty) as? NSDictionary)
        XCTAssertEqual(handWritten["quota"] as? NSDictionary, try object(response.quota) as? NSDictionary)
        XCTAssertEqual(handWritten["related"] as? [String], ["a \"b\""])
        XCTAssertEqual(handWritten["cached"] as? Bool, true)
        XCTAssertEqual(Set(handWritten.keys), ["source", "observedAt", "cached", "results", "difficulty", "related", "quota"])
    }
}
