import Foundation
import XCTest

@testable import IngestService

/// The community as the SDK's "Community view" and "Build a custom UI" pages use it.
final class PublicCommunityTests: XCTestCase {
    var community: CommunityFixture!

    override func setUpWithError() throws { community = try CommunityFixture() }
    override func tearDown() { community?.shutdown() }

    func testWidgetConfigAndBoardsDecodeAsTheSDKTypes() throws {
        // Given a project with chat `anyone`, no watermark and two languages
        try community.store.db.run(
            "UPDATE projects SET chat_mode = 'anyone', watermark = 0, languages = '[\"en\",\"de\"]' WHERE id = ?",
            [.text(community.project.id)])
        // When the widget config and the boards are read
        let config = try community.get("/widget-config")
        let boards = try community.get("/boards")
        // Then they carry the project's settings, and the boards decode as AppNorthBoard
        XCTAssertEqual(config.status, 200)
        XCTAssertEqual(config.json["branding"] as? [String: Bool], ["watermark": false])
        XCTAssertEqual(config.json["features"] as? [String: String], ["chat": "anyone"])
        XCTAssertEqual(config.json["languages"] as? [String], ["en", "de"])
        XCTAssertEqual(boards.status, 200)
        let decoded = try boards.decode(SDKBoards.self)
        XCTAssertEqual(decoded.boards.map(\.slug), ["ideas"])
        XCTAssertEqual(decoded.boards[0].policies.vote, "anyone")
        XCTAssertEqual(decoded.boards[0].statuses.filter(\.isFinal).map(\.slug), ["done", "declined"])
        XCTAssertTrue(
            (boards.json["boards"] as? [[String: Any]])?[0].keys.contains("description") ?? false, "description is an explicit null")
        // And a request without a known App ID is refused with the codes of docs/limits.md
        XCTAssertEqual(try community.get("/boards", appId: "ab").code, "INVALID_APP_ID")
        XCTAssertEqual(try community.get("/boards", appId: "app_missing").code, "PROJECT_NOT_FOUND")
    }

    func testLoadBoardThenIdeaThenItsCommentsPageByPage() throws {
        // Given an idea with three comments
        let created = try community.createIdea(title: "Offline mode for lists", description: "Keep the last list on the device")
        let id = try XCTUnwrap(created["id"] as? String)
        for text in ["First!", "Me too", "Would love this"] {
            XCTAssertEqual(try community.send("POST", "/ideas/\(id)/comments", ["body": text]).status, 201)
        }
        // When a client loads the board's ideas, then the idea by slug, then its comments two at a time
        let list = try community.get("/ideas", ["board": "ideas"])
        let page = try list.decode(SDKPage<SDKIdea>.self)
        XCTAssertEqual(page.items.map(\.id), [id])
        XCTAssertNil(page.nextCursor)
        let bySlug = try community.get("/ideas/\(page.items[0].slug)").decode(SDKIdea.self)
        XCTAssertEqual(bySlug.id, id)
        XCTAssertEqual(bySlug.commentCount, 3)
        XCTAssertEqual(bySlug.status?.slug, "open")
        XCTAssertEqual(bySlug.boardSlug, "ideas")
        let first = try JSONDecoder().decode(
            SDKPage<SDKComment>.self,
            from: Data(try community.get("/ideas/\(bySlug.slug)/comments", ["limit": "2"]).body))
        let cursor = try XCTUnwrap(first.nextCursor)
        let second = try JSONDecoder().decode(
            SDKPage<SDKComment>.self,
            from: Data(try community.get("/ideas/\(id)/comments", ["limit": "2", "cursor": cursor]).body))
        // Then the comments come oldest first, across pages, ending with a null cursor
        XCTAssertEqual((first.items + second.items).map(\.body), ["First!", "Me too", "Would love this"])
        XCTAssertNil(second.nextCursor)
        XCTAssertNil(first.items[0].official)
        XCTAssertNil(first.items[0].authorName)
        // And a comment cursor of one idea means nothing for another
        let other = try XCTUnwrap(try community.createIdea(title: "Another idea")["id"] as? String)
        XCTAssertEqual(try community.get("/ideas/\(other)/comments", ["cursor": cursor]).code, "INVALID_QUERY")
        XCTAssertEqual(try community.get("/ideas/no-such-idea").code, "NOT_FOUND")
        XCTAssertEqual(try community.get("/ideas/no-such-idea/comments").status, 404)
    }

    func testVoteAndUnvoteReportAppliedAndKeepTheCountExact() throws {
        let id = try XCTUnwrap(try community.createIdea(title: "Widgets on the home screen")["id"] as? String)
        let before = try community.store.db.scalar("SELECT last_activity_at FROM ideas WHERE id = ?", [.text(id)])
        func vote(_ voted: Bool, token: String = PublicAPI.voterToken) throws -> [String: Any] {
            let response = try community.send("PUT", "/ideas/\(id)/vote", ["voted": voted], token: token)
            XCTAssertEqual(response.status, 200, response.text)
            _ = try response.decode(SDKVote.self)
            return response.json
        }
        // When one participant votes twice and another once
        XCTAssertEqual(try vote(true) as NSDictionary, ["voted": true, "voteCount": 1, "applied": true])
        XCTAssertEqual(try vote(true) as NSDictionary, ["voted": true, "voteCount": 1, "applied": false])
        XCTAssertEqual(try vote(true, token: "second-voter-token-0001") as NSDictionary, ["voted": true, "voteCount": 2, "applied": true])
        // Then hasVoted follows the caller
        XCTAssertEqual(try community.get("/ideas/\(id)").json["hasVoted"] as? Bool, true)
        XCTAssertEqual(try community.get("/ideas/\(id)", token: "third-voter-token-00001").json["hasVoted"] as? Bool, false)
        XCTAssertEqual(
            try community.get("/ideas", token: nil).json["items"].flatMap { ($0 as? [[String: Any]])?.first?["hasVoted"] as? Bool }, false)
        // When the first removes the vote twice
        XCTAssertEqual(try vote(false) as NSDictionary, ["voted": false, "voteCount": 1, "applied": true])
        XCTAssertEqual(try vote(false) as NSDictionary, ["voted": false, "voteCount": 1, "applied": false])
        // Then vote_count equals the votes and nothing else moved
        XCTAssertEqual(try community.store.db.scalar("SELECT count(*) FROM votes WHERE idea_id = ?", [.text(id)]).intValue, 1)
        XCTAssertEqual(try community.store.db.scalar("SELECT vote_count FROM ideas WHERE id = ?", [.text(id)]).intValue, 1)
        XCTAssertEqual(try community.store.db.scalar("SELECT last_activity_at FROM ideas WHERE id = ?", [.text(id)]), before)
        // And a vote needs a participant, a boolean, and an existing idea
        XCTAssertEqual(try community.send("PUT", "/ideas/\(id)/vote", ["voted": true], token: nil).code, "IDENTITY_REQUIRED")
        XCTAssertEqual(try community.send("PUT", "/ideas/\(id)/vote", [String: Any]()).code, "INVALID_PAYLOAD")
        XCTAssertEqual(try community.send("PUT", "/ideas/missing/vote", ["voted": true]).code, "NOT_FOUND")
    }

    func testModeratedBoardKeepsSubmissionsOutOfListsUntilApproved() throws {
        // Given a board that moderates ideas and comments
        try community.addBoard("reviewed", moderation: .all)
        // When an idea is submitted there
        let response = try community.send("POST", "/ideas", ["board": "reviewed", "title": "Needs a review first"])
        XCTAssertEqual(response.status, 201)
        let creation = try response.decode(SDKCreation<SDKIdea>.self)
        // Then it is reported moderated and pending, absent from lists and hidden from others
        XCTAssertTrue(creation.moderated)
        XCTAssertEqual(creation.value.moderation, "pending")
        XCTAssertEqual(try community.items("/ideas", ["board": "reviewed"]).count, 0)
        XCTAssertEqual(try community.items("/ideas").count, 0)
        XCTAssertEqual(try community.get("/ideas/\(creation.value.id)", token: "someone-else-token-01").code, "NOT_FOUND")
        XCTAssertEqual(try community.get("/ideas/\(creation.value.slug)").json["moderation"] as? String, "pending", "its author sees it")
        XCTAssertEqual(try community.send("PUT", "/ideas/\(creation.value.id)/vote", ["voted": true]).code, "NOT_FOUND")
        // When it is approved
        try community.store.db.run("UPDATE ideas SET moderation = 'approved' WHERE id = ?", [.text(creation.value.id)])
        XCTAssertEqual(try community.items("/ideas", ["board": "reviewed"]).map { $0["id"] as? String }, [creation.value.id])
        // Then a comment on it is moderated too, and counted only once approved
        let comment = try community.send("POST", "/ideas/\(creation.value.id)/comments", ["body": "Waiting here"])
        XCTAssertEqual(comment.status, 201)
        XCTAssertEqual(comment.json["moderated"] as? Bool, true)
        XCTAssertEqual(try community.items("/ideas/\(creation.value.id)/comments").count, 0)
        XCTAssertEqual(try community.get("/ideas/\(creation.value.id)").json["commentCount"] as? Int, 0)
    }

    func testEmptyBoardShowsNoItemsAndNewIdeasStartAtZero() throws {
        try community.addBoard("empty", moderation: .none)
        _ = try community.createIdea(title: "Lives on the other board")
        let list = try community.get("/ideas", ["board": "empty"])
        XCTAssertEqual(list.status, 200)
        XCTAssertEqual((list.json["items"] as? [Any])?.count, 0)
        XCTAssertTrue(list.json["nextCursor"] is NSNull)
        let idea = try community.items("/ideas", ["board": "ideas"])[0]
        XCTAssertEqual(idea["voteCount"] as? Int, 0)
        XCTAssertEqual(idea["commentCount"] as? Int, 0)
        XCTAssertEqual(idea["hasVoted"] as? Bool, false)
        XCTAssertEqual(idea["pinned"] as? Bool, false)
        XCTAssertTrue(idea["moderation"] is NSNull)
        XCTAssertTrue(idea["authorName"] is NSNull)
        XCTAssertNil(idea["authorEmail"])
        XCTAssertNil(idea["authorKey"])
    }

    func testSlugsAreDerivedUniqueAndStable() throws {
        let a = try community.createIdea(title: "Crème Brûlée: Dark Mode!")
        let b = try community.createIdea(title: "crème brûlée — dark mode")
        let c = try community.createIdea(title: "Crème brûlée dark mode???")
        XCTAssertEqual(
            [a, b, c].map { $0["slug"] as? String }, ["creme-brulee-dark-mode", "creme-brulee-dark-mode-2", "creme-brulee-dark-mode-3"])
        let long = try community.createIdea(title: String(repeating: "Very long words ", count: 8))
        let slug = try XCTUnwrap(long["slug"] as? String)
        XCTAssertLessThanOrEqual(slug.count, 60)
        XCTAssertFalse(slug.hasSuffix("-"))
        XCTAssertEqual(try community.createIdea(title: "日本語のアイデア")["slug"] as? String, "ri-ben-yunoaidea")
        // When the title is edited, the slug stays and still resolves
        let id = try XCTUnwrap(a["id"] as? String)
        try community.store.db.run("UPDATE ideas SET title = 'Something else entirely' WHERE id = ?", [.text(id)])
        let again = try community.get("/ideas/creme-brulee-dark-mode")
        XCTAssertEqual(again.json["id"] as? String, id)
        XCTAssertEqual(again.json["slug"] as? String, "creme-brulee-dark-mode")
        XCTAssertEqual(try community.createIdea(title: "Crème brûlée dark mode")["slug"] as? String, "creme-brulee-dark-mode-4")
    }

    func testMergedIdeaHandleResolvesToItsTargetAndLeavesLists() throws {
        let duplicate = try XCTUnwrap(try community.createIdea(title: "Dark theme")["id"] as? String)
        let target = try XCTUnwrap(try community.createIdea(title: "Dark mode")["id"] as? String)
        try community.store.db.run("UPDATE ideas SET merged_into_id = ? WHERE id = ?", [.text(target), .text(duplicate)])
        XCTAssertEqual(try community.get("/ideas/dark-theme").json["id"] as? String, target)
        XCTAssertEqual(try community.items("/ideas").map { $0["id"] as? String }, [target])
    }
}

/// One ingest with a project whose allowed origin is `http://localhost`, and helpers that
/// speak to its public routes the way the SDK does.
// Mirrors of the SDK's response types with exactly its property names and types, so a
// response that would not decode in the app does not decode here either.
struct SDKStatus: Decodable {
    let id: String
    let slug: String
    let label: String
    let color: String
    let position: Int
    let isDefault: Bool
    let isFinal: Bool
}
struct SDKPolicies: Decodable {
    let submission: String
    let vote: String
    let comment: String
}
struct SDKBoard: Decodable {
    let id: String
    let slug: String
    let name: String
    let description: String?
    let position: Int
    let moderation: String
    let policies: SDKPolicies
    let statuses: [SDKStatus]
}
struct SDKBoards: Decodable { let boards: [SDKBoard] }
struct SDKIdeaStatus: Decodable {
    let slug: String
    let label: String
    let color: String
}
struct SDKIdea: Decodable {
    let id: String
    let slug: String
    let boardSlug: String
    let title: String
    let description: String
    let authorName: String?
    let status: SDKIdeaStatus?
    let voteCount: Int
    let commentCount: Int
    let hasVoted: Bool
    let pinned: Bool
    let moderation: String?
    let createdAt: String
    let lastActivityAt: String
}
struct SDKComment: Decodable {
    let id: String
    let authorName: String?
    let body: String
    let createdAt: String
    let official: Bool?
}
struct SDKPage<T: Decodable>: Decodable {
    let items: [T]
    let nextCursor: String?
}
struct SDKVote: Decodable {
    let voted: Bool
    let voteCount: Int
    let applied: Bool
}
struct SDKCreation<T: Decodable>: Decodable {
    let value: T
    let moderated: Bool
}
