import Foundation
import XCTest

@testable import HubCrypto
@testable import HubStore
@testable import IngestService

/// `GET /api/v1/ideas`: order, keyset pages through opaque cursors, filters and search.
final class PublicIdeaListTests: XCTestCase {
    var community: CommunityFixture!

    override func setUpWithError() throws { community = try CommunityFixture() }
    override func tearDown() { community?.shutdown() }

    /// 45 ideas with tied vote and comment counts and two pinned ones.
    private func seedFortyFive() throws -> [String] {
        var ids: [String] = []
        for i in 0..<45 { ids.append(try XCTUnwrap(try community.createIdea(title: "Idea number \(i)")["id"] as? String)) }
        for (i, id) in ids.enumerated() {
            try community.store.db.run(
                "UPDATE ideas SET vote_count = ?, comment_count = ?, pinned = ? WHERE id = ?",
                [.int(Int64(i % 5)), .int(Int64(i % 3)), .int(i == 7 || i == 30 ? 1 : 0), .text(id)])
        }
        return ids
    }

    private func allPages(_ query: [String: String]) throws -> (ids: [String], pages: Int) {
        var ids: [String] = []
        var cursor: String?
        var pages = 0
        repeat {
            var q = query
            if let cursor { q["cursor"] = cursor }
            let reply = try community.get("/ideas", q)
            XCTAssertEqual(reply.status, 200, reply.text)
            let page = try reply.decode(SDKPage<SDKIdea>.self)
            ids += page.items.map(\.id)
            cursor = page.nextCursor
            pages += 1
        } while cursor != nil && pages < 20
        return (ids, pages)
    }

    func testEverySortPagesThroughRealCursorsWithoutDuplicatesOrGapsPinnedFirst() throws {
        _ = try seedFortyFive()
        let rows = try community.store.db.query("SELECT id, pinned, vote_count, comment_count, created_at FROM ideas")
        for sort in IdeaSort.allCases {
            // When every page of 10 is read through the returned nextCursor
            let (ids, pages) = try allPages(["sort": sort.rawValue, "limit": "10"])
            // Then 5 pages hold each idea once, in pinned-first then key then ID order
            XCTAssertEqual(pages, 5, sort.rawValue)
            XCTAssertEqual(Set(ids).count, 45, sort.rawValue)
            let expected = PublicIdeaListTests.order(rows, sort)
            XCTAssertEqual(ids, expected, sort.rawValue)
        }
        // And the default order is top with 20 per page
        let first = try community.get("/ideas")
        XCTAssertEqual((first.json["items"] as? [Any])?.count, 20)
        XCTAssertEqual(try allPages([:]).ids, try allPages(["sort": "top"]).ids)
        // And limit is clamped, never refused for being out of range
        XCTAssertEqual(try community.items("/ideas", ["limit": "0"]).count, 1)
        XCTAssertEqual(try community.items("/ideas", ["limit": "1000"]).count, 45)
    }

    /// `rows` (id, pinned, vote_count, comment_count, created_at) as a list in `sort` order lists
    /// them: pinned first, then the sort's key, then the ID, each descending.
    private static func order(_ rows: [Row], _ sort: IdeaSort) -> [String] {
        rows.sorted { a, b in
            let pa = a.int("pinned")!
            let pb = b.int("pinned")!
            if pa != pb { return pa > pb }
            switch sort {
            case .top: if a.int("vote_count")! != b.int("vote_count")! { return a.int("vote_count")! > b.int("vote_count")! }
            case .discussed:
                if a.int("comment_count")! != b.int("comment_count")! { return a.int("comment_count")! > b.int("comment_count")! }
            case .recent:
                if a.string("created_at")! != b.string("created_at")! { return a.string("created_at")! > b.string("created_at")! }
            }
            return a.string("id")! > b.string("id")!
        }.map { $0.string("id")! }
    }

    func testAProjectOfThreeBoardsIsOneOrderMergedFromEachBoardsIndex() throws {
        // Given 36 ideas over three boards, with tied counts, a pinned idea on two boards, a
        // rejected one, and a status and a word shared across boards
        try community.addBoard("bugs")
        try community.addBoard("design")
        var ids: [String] = []
        for i in 0..<36 {
            let idea = try community.createIdea(
                title: "Board idea \(i)", description: i % 4 == 0 ? "with a lantern" : "", board: ["ideas", "bugs", "design"][i % 3])
            ids.append(try XCTUnwrap(idea["id"] as? String))
        }
        for (i, id) in ids.enumerated() {
            try community.store.db.run(
                "UPDATE ideas SET vote_count = ?, comment_count = ?, pinned = ? WHERE id = ?",
                [.int(Int64(i % 4)), .int(Int64(i % 7 % 3)), .int(i == 5 || i == 31 ? 1 : 0), .text(id)])
        }
        try community.store.db.run("UPDATE ideas SET moderation = 'rejected' WHERE id = ?", [.text(ids[12])])
        let planned = [ids[1], ids[2], ids[9], ids[20]]
        for id in planned {
            try community.store.db.run(
                """
                UPDATE ideas SET status_id = (SELECT id FROM board_statuses WHERE board_id = ideas.board_id AND slug = 'planned')
                WHERE id = ?
                """, [.text(id)])
        }
        let rows = try community.store.db.query(
            "SELECT id, pinned, vote_count, comment_count, created_at, description, status_id FROM ideas WHERE id != ?",
            [.text(ids[12])])
        XCTAssertEqual(rows.count, 35)
        for sort in IdeaSort.allCases {
            // When the project's list is read 4 at a time through its cursors
            let (listed, pages) = try allPages(["sort": sort.rawValue, "limit": "4"])
            // Then every board's ideas come in one order, each once, as a single index would list them
            XCTAssertEqual(listed, PublicIdeaListTests.order(rows, sort), sort.rawValue)
            XCTAssertEqual(pages, 9, sort.rawValue)
            // And each board's page is read from that board's index
            let query = try XCTUnwrap(
                try community.store.publicIdeaPageQuery(
                    projectId: community.project.id, filter: IdeaListFilter(sort: sort), after: [.int(0), .int(1), .text(ids[30])],
                    limit: 5, viewerKey: nil))
            let plan = try community.store.db.query("EXPLAIN QUERY PLAN " + query.sql, query.args).compactMap { $0.string("detail") }
            XCTAssertEqual(plan.filter { $0.contains("USING INDEX ideas_visible_board_\(sort.rawValue) (board_id=?") }.count, 3, "\(plan)")
            // And a board alone is still its own list
            XCTAssertEqual(
                try allPages(["sort": sort.rawValue, "board": "bugs", "limit": "4"]).ids,
                PublicIdeaListTests.order(rows.filter { r in ids.firstIndex(of: r.string("id")!)! % 3 == 1 }, sort))
        }
        // And a search or a status filter over the project finds its ideas on every board, in order
        XCTAssertEqual(
            try allPages(["query": "lantern", "limit": "2"]).ids,
            PublicIdeaListTests.order(rows.filter { $0.string("description") == "with a lantern" }, .top))
        XCTAssertEqual(
            try allPages(["status": "planned", "sort": "recent", "limit": "3"]).ids,
            PublicIdeaListTests.order(rows.filter { planned.contains($0.string("id")!) }, .recent))
        // And no per-project list index is left to write (0028_idea_lists_by_board_only)
        XCTAssertEqual(
            try community.store.db.scalar("SELECT count(*) FROM sqlite_master WHERE name LIKE 'ideas_visible_project_%'").intValue, 0)
        XCTAssertEqual(
            try community.store.db.scalar("SELECT count(*) FROM sqlite_master WHERE name LIKE 'ideas_visible_board_%'").intValue, 3)
    }

    func testTamperedOrForeignCursorsAreInvalidQueries() throws {
        _ = try seedFortyFive()
        let cursor = try XCTUnwrap(try community.get("/ideas", ["sort": "top", "limit": "5"]).json["nextCursor"] as? String)
        XCTAssertEqual(try community.get("/ideas", ["sort": "top", "limit": "5", "cursor": cursor]).status, 200)
        // When a byte of the position or the MAC is changed, or the cursor is made up
        var bytes = Array(cursor.utf8)
        bytes[2] = bytes[2] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        let payloadTampered = String(decoding: bytes, as: UTF8.self)
        let macTampered = String(cursor.dropLast()) + (cursor.hasSuffix("A") ? "B" : "A")
        let forged = Base64URL.encode(Array("i1\ni999\ntzzzz".utf8)) + "." + String(cursor.split(separator: ".")[1])
        for bad in [payloadTampered, macTampered, forged, "garbage", "a.b.c", String(repeating: "x", count: 2_000)] {
            let reply = try community.get("/ideas", ["sort": "top", "cursor": bad])
            XCTAssertEqual(reply.status, 400, bad)
            XCTAssertEqual(reply.code, "INVALID_QUERY")
            XCTAssertNotNil(reply.fields["cursor"])
        }
        // When the cursor is reused with another sort, board, status or search
        for other in [
            ["sort": "recent"], ["sort": "top", "board": "ideas"], ["sort": "top", "status": "open"], ["sort": "top", "query": "idea"],
        ] {
            var query = other
            query["cursor"] = cursor
            XCTAssertEqual(try community.get("/ideas", query).code, "INVALID_QUERY", "\(other)")
        }
        // And the signing key is the store's, kept in daemon_meta: a cursor outlives a restart of ingest
        let key = try community.store.db.scalar("SELECT value FROM daemon_meta WHERE key = 'cursor_key'").stringValue
        XCTAssertEqual(key?.count, 64)
        community.hub.stopDaemon(.ingest)
        try community.hub.start([.ingest])
        let resumed = try community.get("/ideas", ["sort": "top", "limit": "5", "cursor": cursor])
        XCTAssertEqual(resumed.status, 200, resumed.text)
        XCTAssertEqual((resumed.json["items"] as? [Any])?.count, 5)
    }

    func testFiltersByBoardAndStatusAndRefusesUnknownOnes() throws {
        let ids = try seedFortyFive()
        try community.addBoard("bugs")
        let bug = try XCTUnwrap(try community.createIdea(title: "Crash on launch", board: "bugs")["id"] as? String)
        try community.store.db.run(
            """
            UPDATE ideas SET status_id = (SELECT s.id FROM board_statuses s JOIN boards b ON b.id = s.board_id
                                          WHERE b.project_id = ? AND b.slug = 'ideas' AND s.slug = 'planned')
            WHERE id IN (?, ?)
            """, [.text(community.project.id), .text(ids[3]), .text(ids[4])])
        XCTAssertEqual(try community.items("/ideas", ["board": "bugs"]).map { $0["id"] as? String }, [bug])
        XCTAssertEqual(Set(try community.items("/ideas", ["status": "planned"]).compactMap { $0["id"] as? String }), [ids[3], ids[4]])
        XCTAssertEqual(try community.items("/ideas", ["board": "bugs", "status": "planned"]).count, 0)
        XCTAssertEqual(try community.items("/ideas", ["limit": "50"]).count, 46)
        // Unknown names are 400 INVALID_QUERY naming every bad parameter
        let bad = try community.get("/ideas", ["board": "nope", "status": "nope", "sort": "best", "limit": "ten"])
        XCTAssertEqual(bad.status, 400)
        XCTAssertEqual(bad.code, "INVALID_QUERY")
        XCTAssertEqual(Set(bad.fields.keys), ["board", "status", "sort", "limit"])
    }

    func testSearchFindsTitleAndDescriptionWordsByPrefixAndWithoutAccents() throws {
        let dark = try XCTUnwrap(
            try community.createIdea(title: "Dark mode for the editor", description: "Please add a night theme")["id"] as? String)
        let creme = try XCTUnwrap(try community.createIdea(title: "Crème brûlée recipes", description: "Café desserts")["id"] as? String)
        let export = try XCTUnwrap(try community.createIdea(title: "Export to CSV", description: "Spreadsheet support")["id"] as? String)
        func search(_ text: String, _ extra: [String: String] = [:]) throws -> [String] {
            var query = extra
            query["query"] = text
            return try community.items("/ideas", query).compactMap { $0["id"] as? String }
        }
        XCTAssertEqual(try search("dark"), [dark])
        XCTAssertEqual(try search("nigh"), [dark], "prefix of a description word")
        XCTAssertEqual(try search("creme"), [creme], "diacritics folded in the text")
        XCTAssertEqual(try search("CAFÉ"), [creme], "diacritics folded in the query")
        XCTAssertEqual(try search("expo spread"), [export], "all words must match")
        XCTAssertEqual(try search("dark spreadsheet"), [])
        XCTAssertEqual(try search("   ").count, 3, "blank query is no search")
        XCTAssertEqual(try search("dark", ["sort": "recent", "board": "ideas"]), [dark])
        // Hostile input is text, never FTS syntax and never a 5xx
        let junk = String(repeating: "\"(*:-^", count: 20)
        for hostile in [
            "\"", "*", "NEAR(", "NEAR(dark mode, 2)", "-", ":", "title:dark", "((dark", "dark)", "dark OR", "AND", "NOT",
            "\"dark", "^dark", "{title description}: x", "dark*", "'; DROP TABLE ideas; --", "e\u{301}", "🙂", "\u{0}", junk,
        ] {
            let reply = try community.get("/ideas", ["query": hostile])
            XCTAssertEqual(reply.status, 200, "\(hostile): \(reply.text)")
        }
        XCTAssertEqual(try search("title:dark"), [], "`title` is a word here, not a column filter")
        XCTAssertEqual(try search("dark*"), [dark])
        let tooLong = try community.get("/ideas", ["query": String(repeating: "a", count: 121)])
        XCTAssertEqual(tooLong.code, "INVALID_QUERY")
        XCTAssertNotNil(tooLong.fields["query"])
        XCTAssertEqual(try community.get("/ideas", ["query": String(repeating: "a", count: 120)]).status, 200)
    }

    func testFirstPageOfTenThousandIdeasUsesTheOrderingIndexesAndIsFast() throws {
        // Given 10,000 visible ideas (and a few hidden ones) in one project
        let board = try XCTUnwrap(try community.store.boards(projectId: community.project.id).first?.id)
        try community.store.db.transaction {
            try community.store.db.run(
                """
                WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 10050)
                INSERT INTO ideas (id, project_id, board_id, slug, title, description, vote_count, comment_count, pinned, moderation,
                                   created_at, last_activity_at, updated_at)
                SELECT printf('bulk-%08d', x), ?1, ?2, printf('bulk-%d', x), printf('Bulk idea %d', x), 'generated',
                       abs(random()) % 1000, abs(random()) % 40, x % 2000 = 0, CASE WHEN x > 10000 THEN 'pending' END,
                       strftime('%Y-%m-%dT%H:%M:%fZ', 'now', printf('-%d seconds', x)),
                       strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
                FROM n
                """, [.text(community.project.id), .text(board)])
            // Queued for the search index as `IngestStore.submitIdea` queues its ideas.
            try community.store.db.run("INSERT INTO ideas_fts_pending (idea_rowid) SELECT rowid FROM ideas WHERE id LIKE 'bulk-%'")
        }
        try community.store.db.execute("ANALYZE")
        for sort in IdeaSort.allCases {
            for boardId in [nil, board] {
                // Then the page is read from a visible-ideas index in order, without a sort step
                let filter = IdeaListFilter(boardId: boardId, statusIds: nil, match: nil, sort: sort)
                let query = try XCTUnwrap(
                    try community.store.publicIdeaPageQuery(
                        projectId: community.project.id, filter: filter, after: nil, limit: 21, viewerKey: nil))
                let plan = try community.store.db.query("EXPLAIN QUERY PLAN " + query.sql, query.args)
                    .compactMap { $0.string("detail") }.joined(separator: " | ")
                // (a project's list reads its boards' indexes: this project has one board)
                XCTAssertTrue(plan.contains("ideas_visible_board_\(sort.rawValue)"), plan)
                XCTAssertFalse(plan.contains("TEMP B-TREE"), plan)
                // And fast: the median of 20 first pages of 20 in the store
                var times: [Double] = []
                var count = 0
                for _ in 0..<20 {
                    let start = DispatchTime.now().uptimeNanoseconds
                    count = try community.store.publicIdeaPage(
                        projectId: community.project.id, filter: filter, after: nil, limit: 21,
                        viewerKey: "token:abc"
                    ).count
                    times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
                }
                XCTAssertEqual(count, 21)
                let median = times.sorted()[times.count / 2]
                print("first page \(sort.rawValue) board=\(boardId != nil): median \(String(format: "%.3f", median)) ms")
                XCTAssertLessThan(median, 20)
            }
        }
        // And over HTTP, with pinned ideas first and hidden ones absent
        var httpTimes: [Double] = []
        var items: [[String: Any]] = []
        for _ in 0..<20 {
            let start = DispatchTime.now().uptimeNanoseconds
            items = try community.items("/ideas", ["sort": "top"])
            httpTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        print("first page over HTTP: median \(String(format: "%.3f", httpTimes.sorted()[10])) ms")
        XCTAssertEqual(items.count, 20)
        XCTAssertEqual(items.prefix(5).map { $0["pinned"] as? Bool }, [true, true, true, true, true])
        XCTAssertEqual(items[5]["pinned"] as? Bool, false)
        let total = try community.store.publicIdeaPage(
            projectId: community.project.id, filter: IdeaListFilter(sort: .recent), after: nil,
            limit: 20_000, viewerKey: nil
        ).count
        XCTAssertEqual(total, 10_000)
    }
}
