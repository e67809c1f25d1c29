import Foundation
import XCTest

@testable import IngestService

/// A column the code reads that the schema no longer has (renamed by hand, a bad migration)
/// fails the one request with an internal error; the daemon logs the table and column, never
/// the row's values, and keeps answering.
final class RenamedColumnTests: XCTestCase {
    private var chat: ChatHTTPFixture?
    private var admin: AdminClient?

    override func tearDown() {
        chat?.shutdown()
        admin?.shutdown()
    }

    /// `/healthz`'s status of one daemon.
    private static func health(of daemon: String, _ hub: HubHarness) throws -> String? {
        return (try hub.get("/healthz").json["daemons"] as? [String: Any])?[daemon] as? String
    }

    func testAColumnChatdReadsRenamedAnswersInternalErrorAndChatdKeepsRunning() throws {
        // Given a conversation, whose owner value is the participant's token
        let fixture = try ChatHTTPFixture()
        chat = fixture
        try fixture.send("Hello")
        XCTAssertEqual(try fixture.hasUnread(), false)
        let chatdStore = try XCTUnwrap(fixture.hub.daemons[.chatd]).context.store
        try chatdStore.execute("ALTER TABLE conversations RENAME COLUMN last_team_seq TO last_team_message_seq")

        // When the participant asks for the chat status, which reads that column
        let failed = try fixture.get("/chat/status")

        // Then the request fails as an internal error through ingest
        XCTAssertEqual(failed.status, 500, failed.text)
        XCTAssertEqual(failed.code, "INTERNAL")
        // And chatd logged the table and column, not the row's values
        let logged = fixture.hub.logSink.lines.filter { $0.contains("STORE_COLUMN") }
        XCTAssertEqual(logged.count, 1, "\(logged)")
        XCTAssertTrue(logged.first?.contains("column last_team_seq of conversations is missing") == true, "\(logged)")
        XCTAssertFalse(logged.contains { $0.contains(PublicAPI.voterToken) }, "the owner's token is not logged")
        // And chatd still answers: its ping, then the same request once the column is back
        XCTAssertEqual(try Self.health(of: "chatd", fixture.hub), "ok")
        try chatdStore.execute("ALTER TABLE conversations RENAME COLUMN last_team_message_seq TO last_team_seq")
        XCTAssertEqual(try fixture.hasUnread(), false)
    }

    func testAColumnIngestReadsRenamedAnswers500InternalAndIngestKeepsRunning() throws {
        // Given a member
        let client = try AdminClient()
        admin = client
        XCTAssertEqual(try client.call("POST", "/organization/members", json: ["name": "Ann", "email": "ann@example.com"]).status, 201)
        try client.store.db.execute("ALTER TABLE organization_members RENAME COLUMN email TO address")

        // When the operator lists members, which reads that column
        let failed = try client.call("GET", "/organization/members")

        // Then the answer is 500 INTERNAL
        XCTAssertEqual(failed.status, 500, "\(failed.json)")
        XCTAssertEqual(failed.code, "INTERNAL")
        // And ingest logged the table and column, not the member's email
        let logged = client.hub.logSink.lines.filter { $0.contains("STORE_COLUMN") }
        XCTAssertEqual(logged.count, 1, "\(logged)")
        XCTAssertTrue(logged.first?.contains("column email of organization_members is missing") == true, "\(logged)")
        XCTAssertFalse(logged.contains { $0.contains("ann@example.com") }, "the email is not logged")
        // And ingest still answers, the same route too once the column is back
        XCTAssertEqual(try Self.health(of: "ingest", client.hub), "ok")
        try client.store.db.execute("ALTER TABLE organization_members RENAME COLUMN address TO email")
        let listed = try client.call("GET", "/organization/members")
        XCTAssertEqual(listed.status, 200)
        XCTAssertEqual((listed.json["items"] as? [[String: Any]])?.first?["email"] as? String, "ann@example.com")
    }
}
