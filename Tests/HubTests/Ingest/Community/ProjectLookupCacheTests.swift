import Foundation
import HubStore
import XCTest

@testable import IngestService

/// Every public request resolves its project, and every idea its board: those lookups are
/// cached until projects or boards change, not at every idea, comment or vote written.
final class ProjectLookupCacheTests: XCTestCase {
    var community: CommunityFixture!

    override func setUpWithError() throws {
        community = try CommunityFixture(environment: ["APPNORTH_COMMUNITY_RATE_PER_MIN": "100000"])
    }
    override func tearDown() { community?.shutdown() }

    func testIdeasCommentsAndVotesLeaveTheProjectAndBoardLookupsCached() throws {
        let store = community.store
        // Given the project and its boards looked up once
        _ = try store.project(appId: community.appId)
        _ = try store.boards(projectId: community.projectId)
        let projects = store.projectChanges.generation
        let community = store.communityChanges.generation
        // When an idea is created over HTTP, commented on and voted for
        let id = try XCTUnwrap(self.community.createIdea(title: "Cached lookups")["id"] as? String)
        let idea = try XCTUnwrap(try store.communityIdea(id: id, viewerKey: nil))
        _ = try store.submitComment(idea: idea, moderated: false, body: "Yes", authorName: nil, authorEmail: nil, authorKey: "k1")
        _ = try store.setVote(ideaId: id, voterKey: "k1", voted: true)
        // Then the public lists' generation moved, and the lookups' did not
        XCTAssertGreaterThan(store.communityChanges.generation, community)
        XCTAssertEqual(store.projectChanges.generation, projects)
    }

    func testABoardOrProjectChangeIsSeenAtOnce() throws {
        let store = community.store
        let board = try XCTUnwrap(try store.boards(projectId: community.projectId).first)
        let project = try XCTUnwrap(try store.project(appId: community.appId))
        // When the board is renamed and the project's allowed origins change
        var boardChanges = AdminBoardChanges()
        boardChanges.name = "Renamed board"
        _ = try store.updateBoard(id: board.id, projectId: community.projectId, changes: boardChanges)
        var projectChanges = AdminProjectChanges()
        projectChanges.allowedOrigins = ["https://changed.example.com"]
        _ = try store.updateProject(id: project.id, organizationId: project.organizationId, changes: projectChanges)
        // Then the next lookups answer the new values, not the cached ones
        XCTAssertEqual(try store.boards(projectId: community.projectId).first { $0.id == board.id }?.name, "Renamed board")
        XCTAssertEqual(try store.project(appId: community.appId)?.allowedOrigins, ["https://changed.example.com"])
    }
}
