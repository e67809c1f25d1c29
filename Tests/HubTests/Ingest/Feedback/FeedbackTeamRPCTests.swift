import Foundation
import XCTest

@testable import HubMessaging
@testable import HubRuntime
@testable import HubStore
@testable import IngestService

/// `feedback.team.reply` and `feedback.team.status` over ingest's RPC, as pushd calls them for a
/// chat-ops integration: one reply per key, the operator reply's limits, outside authors named
/// in the timeline and the operator API, and status changes with their source.
final class FeedbackTeamRPCTests: XCTestCase {
    var community: CommunityFixture!
    var client: RPCClient!
    let source = "telegram:int_1"

    override func setUpWithError() throws {
        community = try CommunityFixture()
        client = try community.hub.client(of: .ingest, defaultTimeout: 5)
    }

    override func tearDown() {
        client?.close()
        community?.shutdown()
    }

    func report(email: String? = "bo@example.com") throws -> String {
        var extra: [String: Any] = [:]
        if let email { extra["email"] = email }
        let reply = try community.send("POST", "/feedback", FeedbackSubmissionTests.report(extra))
        XCTAssertEqual(reply.status, 201, reply.text)
        return try XCTUnwrap(reply.json["id"] as? String)
    }

    func reply(
        _ id: String, _ message: String, key: String, author: String = "telegram:4242", name: String? = "Ana",
        projectId: String? = nil
    ) -> Result<FeedbackTeamReply.Response, RPCError> {
        client.call(
            FeedbackTeamReply.self,
            .init(
                projectId: projectId ?? community.projectId, reportId: id, message: message, idempotencyKey: key, author: author,
                authorName: name, source: source), timeout: 5)
    }

    func status(_ id: String, _ status: String) -> Result<FeedbackTeamStatus.Response, RPCError> {
        client.call(
            FeedbackTeamStatus.self,
            .init(projectId: community.projectId, reportId: id, status: status, author: "telegram:4242", source: source), timeout: 5)
    }

    func count(_ sql: String, _ id: String) throws -> Int? {
        try community.store.db.scalar(sql, [.text(id)]).intValue
    }

    func repliedEvents(_ id: String) throws -> [FeedbackRepliedEvent] {
        try community.store.outbox.pending(limit: 1_000).filter { $0.topic == "feedback.replied" }
            .map { try $0.payload(as: FeedbackRepliedEvent.self) }.filter { $0.id == id }
    }

    func testOneKeyStoresOneReplyForThreeCallsAndAnotherTextUnderItIs409() throws {
        // Given a report with a contact email
        let id = try report()
        // When an integration delivers the same message three times
        let first = try reply(id, "Fixed in 2.1", key: "tg:-1001:77").get()
        let second = try reply(id, "Fixed in 2.1", key: "tg:-1001:77").get()
        let third = try reply(id, "Fixed in 2.1", key: "tg:-1001:77").get()
        // Then one reply is stored; the later calls answer it as replayed
        XCTAssertEqual([first.replayed, second.replayed, third.replayed], [false, true, true])
        XCTAssertEqual(Set([first.replyId, second.replyId, third.replyId]).count, 1)
        XCTAssertFalse(first.convertedToNote)
        XCTAssertEqual(try count("SELECT count(*) FROM feedback_replies WHERE feedback_id = ?", id), 1)
        // And one feedback.replied names the text, the outside author and the integration
        let events = try repliedEvents(id)
        XCTAssertEqual(events.count, 1)
        XCTAssertEqual(events.first?.replyId, first.replyId)
        XCTAssertEqual(events.first?.message, "Fixed in 2.1")
        XCTAssertEqual(events.first?.author, "telegram:4242")
        XCTAssertEqual(events.first?.source, "telegram:int_1")
        // When the key comes with another text
        let conflict = reply(id, "Something else", key: "tg:-1001:77")
        // Then it is 409 IDEMPOTENCY_CONFLICT and nothing more is stored
        guard case .failure(let error) = conflict else { return XCTFail("another text under the key was accepted") }
        XCTAssertEqual(error.code, "IDEMPOTENCY_CONFLICT")
        XCTAssertEqual(error.status, 409)
        XCTAssertEqual(try count("SELECT count(*) FROM feedback_replies WHERE feedback_id = ?", id), 1)
        XCTAssertEqual(try repliedEvents(id).count, 1)
        // And another key is another reply
        XCTAssertNotEqual(try reply(id, "Fixed in 2.1", key: "tg:-1001:78").get().replyId, first.replyId)
    }

    func testAnOutsideAuthorIsNamedInTheTimelineAndTheOperatorAPIAndAMemberIsStoredAsTheMember() throws {
        // Given a report and a member of its organization
        let id = try report()
        let owner = AccountActor(organizationId: community.project.organizationId, role: .owner, memberId: nil)
        let member = try community.store.addMember(
            organizationId: community.project.organizationId, name: "Cy", email: "cy@example.com", by: owner)
        // When a Telegram user and the mapped member reply
        _ = try reply(id, "Looking into it", key: "tg:1").get()
        let mapped = try reply(id, "Fixed", key: "tg:2", author: "member:" + member.id, name: nil).get()
        // Then the operator API names the outside author "Ana (Telegram)" on the reply and in the timeline
        let detail = try community.call("GET", "/feedback/\(id)", token: community.organizationToken).json
        let replies = try XCTUnwrap(detail["replies"] as? [[String: Any]])
        XCTAssertEqual(replies.map { $0["authorName"] as? String }, ["Ana (Telegram)", nil])
        let timeline = try XCTUnwrap(detail["timeline"] as? [[String: Any]]).filter { $0["kind"] as? String == "reply" }
        XCTAssertEqual(timeline.map { $0["actor"] as? String }, ["telegram:4242", "member:" + member.id])
        XCTAssertEqual((timeline.first?["detail"] as? [String: Any])?["authorName"] as? String, "Ana (Telegram)")
        // And the member's reply is stored as theirs
        XCTAssertEqual(
            try community.store.db.scalar("SELECT author_member_id FROM feedback_replies WHERE id = ?", [.text(mapped.replyId)])
                .stringValue, member.id)
        XCTAssertEqual(try repliedEvents(id).map(\.author), ["telegram:4242", "member:" + member.id])
    }

    func testTheReportMustBeTheProjectsAndTheTextWithinTheOperatorReplysLimits() throws {
        // Given a report
        let id = try report()
        // When replies name another project, an unknown report, and texts at and past 5,000 characters
        let elsewhere = reply(id, "Hi", key: "k1", projectId: "prj_other")
        let unknown = reply("no-such-report", "Hi", key: "k2")
        let longest = reply(id, String(repeating: "a", count: 5_000), key: "k3")
        let tooLong = reply(id, String(repeating: "a", count: 5_001), key: "k4")
        let blank = reply(id, "   ", key: "k5")
        let badAuthor = reply(id, "Hi", key: "k6", author: "slack:1")
        // Then the first two are 404 NOT_FOUND, 5,000 characters are taken and 5,001 or blank are 400
        for result in [elsewhere, unknown] {
            guard case .failure(let error) = result else { return XCTFail("a report outside the project was answered") }
            XCTAssertEqual(error.code, "NOT_FOUND")
            XCTAssertEqual(error.status, 404)
        }
        XCTAssertNoThrow(try longest.get())
        for result in [tooLong, blank] {
            guard case .failure(let error) = result else { return XCTFail("a bad text was stored") }
            XCTAssertEqual(error.code, "INVALID_PAYLOAD")
            XCTAssertEqual(error.fields?.keys.sorted(), ["message"])
        }
        guard case .failure(let author) = badAuthor else { return XCTFail("an unknown author kind was stored") }
        XCTAssertEqual(author.fields?.keys.sorted(), ["author"])
        XCTAssertEqual(try count("SELECT count(*) FROM feedback_replies WHERE feedback_id = ?", id), 1)
    }

    func testStatusChangesOnceWithItsSourceAndAgainChangesNothing() throws {
        // Given a new report (todo)
        let id = try report()
        // When an integration sets done twice
        let first = try status(id, "done").get()
        let again = try status(id, "done").get()
        // Then the first changed it with one feedback.status naming the integration, the second changed nothing
        XCTAssertEqual(first, FeedbackTeamStatus.Response(status: "done", changed: true))
        XCTAssertEqual(again, FeedbackTeamStatus.Response(status: "done", changed: false))
        let events = try community.store.outbox.pending(limit: 1_000).filter { $0.topic == "feedback.status" }
            .map { try $0.payload(as: FeedbackStatusEvent.self) }
        XCTAssertEqual(events, [FeedbackStatusEvent(id: id, projectId: community.projectId, status: "done", source: source)])
        XCTAssertEqual(try community.store.db.scalar("SELECT status FROM feedback WHERE id = ?", [.text(id)]).stringValue, "done")
        // And a status outside todo, in_progress and done is 400
        guard case .failure(let error) = status(id, "closed") else { return XCTFail("an unknown status was set") }
        XCTAssertEqual(error.code, "INVALID_PAYLOAD")
        XCTAssertEqual(error.fields?.keys.sorted(), ["status"])
    }
}
