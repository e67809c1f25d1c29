import Foundation
import XCTest

@testable import HubHTTPServer
@testable import IngestService

/// The idea list's page cache: keyed by the parsed filters, bounded by bytes, emptied by writes.
final class PublicIdeaListCacheTests: XCTestCase {
    var community: CommunityFixture!

    override func setUpWithError() throws { community = try CommunityFixture() }
    override func tearDown() { community?.shutdown() }

    /// A list handler of its own on the fixture's store, so its cache can be looked at.
    func handler(pageCacheBytes: Int = IdeasHandler.pageCacheBytes) throws -> IdeasHandler {
        IdeasHandler(
            store: community.store, requestGuard: try XCTUnwrap(community.hub.app?.publicGuard),
            cursors: CursorSigner(store: community.store), pageCacheBytes: pageCacheBytes)
    }

    func list(_ handler: IdeasHandler, _ rawQuery: String, token: String = PublicAPI.voterToken) throws -> HTTPResponse {
        let response = try handler.list(
            HTTPRequest(
                method: "GET", path: "/api/v1/ideas",
                rawQuery: "app_id=\(community.project.appId)&voter_token=\(token)&" + rawQuery))
        XCTAssertEqual(response.status, 200, rawQuery)
        return response
    }

    func testSpellingsOfTheSameFiltersShareOneCachedPage() throws {
        // Given a few ideas and a list handler with an empty cache
        for i in 0..<3 { try community.createIdea(title: "Idea number \(i)") }
        let ideas = try handler()
        // When the default first page is asked for with differently spelled queries
        let spellings = [
            "", "sort=top", "limit=20", "sort=top&limit=20", "limit=20&sort=top", "utm_source=mail&ref=x",
            "board=&status=&query=&cursor=", "query=%20%20", "sort=top&sort=recent", "lim%69t=20", "query=+",
            "sort=top&limit=20&limit=3",
        ]
        let bodies = try spellings.map { try list(ideas, $0).body }
        // Then every answer is the same page, cached once
        XCTAssertEqual(Set(bodies).count, 1)
        XCTAssertEqual(ideas.pages.count, 1)
        // And limits clamped alike share an entry too
        _ = try list(ideas, "limit=50")
        _ = try list(ideas, "limit=500")
        XCTAssertEqual(ideas.pages.count, 2)
        // And other filters, and another viewer, are pages of their own
        _ = try list(ideas, "sort=recent")
        _ = try list(ideas, "query=number")
        _ = try list(ideas, "", token: "voter-token-0000000002")
        XCTAssertEqual(ideas.pages.count, 5)
        // And a query with an error is answered with every field error and not cached
        XCTAssertThrowsError(try list(ideas, "board=nope&sort=best")) { error in
            XCTAssertEqual(Set((error as? APIError)?.fields?.keys.map { $0 } ?? []), ["board", "sort"])
        }
        XCTAssertEqual(ideas.pages.count, 5)
    }

    func testCachedPagesNeverExceedTheByteBudget() throws {
        // Given 50 ideas of 4,000 characters each (a page of n of them is n × ~4 KB) and a budget of 100,000 bytes
        for i in 0..<50 { try community.createIdea(title: "Long idea \(i)", description: String(repeating: "d", count: 4_000)) }
        let budget = 100_000
        let ideas = try handler(pageCacheBytes: budget)
        // When a page larger than the whole budget is listed
        let all = try list(ideas, "limit=50")
        // Then it is answered but not kept
        XCTAssertGreaterThan(all.body.count, budget)
        XCTAssertEqual(ideas.pages.count, 0)
        // And a page that fits is kept and counted at least at its size
        let one = try list(ideas, "limit=1")
        XCTAssertEqual(ideas.pages.count, 1)
        XCTAssertGreaterThanOrEqual(ideas.pages.bytes, one.body.count)
        // When pages of every size from 1 to 50 are listed, twice
        var mostKept = 0
        for limit in Array(1...50) + Array(1...50) {
            _ = try list(ideas, "limit=\(limit)")
            // Then what is kept never exceeds the budget
            XCTAssertLessThanOrEqual(ideas.pages.bytes, budget, "limit \(limit)")
            mostKept = max(mostKept, ideas.pages.count)
        }
        // And the cache was used all along: pages stayed while they fit
        XCTAssertGreaterThan(mostKept, 5)
    }

    func testAWriteEmptiesCachedPagesWhateverTheirSpelling() throws {
        // Given a page read under two spellings through the hub, the second one a hit
        let idea = try XCTUnwrap(try community.createIdea(title: "Dark mode")["id"] as? String)
        let base = "/api/v1/ideas?app_id=\(community.project.appId)&voter_token=\(PublicAPI.voterToken)"
        let first = try community.hub.get(base + "&sort=top")
        let hit = try community.hub.get(base + "&limit=20&utm=1")
        XCTAssertEqual(hit.body, first.body)
        // When the participant votes
        let vote = try community.send("PUT", "/ideas/\(idea)/vote", ["voted": true])
        XCTAssertEqual(vote.status, 200, vote.text)
        // Then either spelling serves the page with the vote
        for path in [base + "&sort=top", base + "&limit=20&utm=1", base] {
            let page = try community.hub.get(path).json
            let item = try XCTUnwrap((page["items"] as? [[String: Any]])?.first)
            XCTAssertEqual(item["voteCount"] as? Int, 1, path)
            XCTAssertEqual(item["hasVoted"] as? Bool, true, path)
        }
    }
}
