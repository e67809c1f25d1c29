import Foundation
import XCTest

@testable import ChatService
@testable import HubCrypto
@testable import HubMessaging
@testable import HubRuntime
@testable import HubStore

/// chatd's part of an account erasure (`erasure.organization`): two organizations' chat seeded
/// into every table of chatd.sqlite, with their photos; erasing one leaves no row or photo
/// naming it, and the other's stay as they were.
final class ChatAccountErasureTests: XCTestCase {
    var chat: ChatRPCFixture!

    override func setUpWithError() throws { chat = try ChatRPCFixture() }
    override func tearDown() { chat?.shutdown() }

    var db: SQLiteDatabase { chat.store }
    var objects: LocalDirectoryObjectStore { LocalDirectoryObjectStore(root: chat.hub.config.objectStoreDirectory) }

    /// Everything of one organization's app `tag`: every value it writes holds the tag.
    func seed(_ tag: String) throws -> ErasureSubject {
        let project = "prj_\(tag)"
        let email = "ana@\(tag).example"
        try StoreTextScan.insert(
            db, "conversations",
            [
                "id": .text("cnv_\(tag)"), "project_id": .text(project), "owner_kind": "email", "owner_value": .text(email),
                "status": "open", "locale": "en", "created_at": "2026-11-20T10:00:00.000Z",
                "last_message_at": "2026-11-20T10:00:00.000Z", "user_read_seq": 1, "team_read_seq": 1,
            ])
        let conversation = try XCTUnwrap(db.scalar("SELECT seq FROM conversations WHERE id = ?", [.text("cnv_\(tag)")]).int64Value)
        try StoreTextScan.insert(
            db, "messages",
            [
                "id": .text("msg_\(tag)"), "conversation_seq": .int(conversation), "project_id": .text(project), "sender": "team",
                "body": .text("Your refund for \(tag) is on its way"), "author": .text("agent@\(tag).example"), "kind": "offer",
                "card": .text(#"{"kind":"offer","paywallId":"pw_\#(tag)","titleAtSend":"Pro \#(tag)","buttonLabel":"See"}"#),
                "created_at": "2026-11-20T10:00:00.000Z",
            ])
        let message = try XCTUnwrap(db.scalar("SELECT seq FROM messages WHERE id = ?", [.text("msg_\(tag)")]).int64Value)
        let staged = "chat-image-staging/img_\(tag).jpg"
        let sent = "chat-images/\(project)/img_\(tag).jpg"
        try StoreTextScan.insert(
            db, "images",
            [
                "id": .text("img_\(tag)"), "project_id": .text(project), "token_hash": .text(SHA256.hex(tag)),
                "uploader_kind": "email", "uploader_value": .text(email), "conversation_id": .text("cnv_\(tag)"), "width": 10,
                "height": 10, "byte_size": 100, "staging_key": .text(staged), "sent_key": .text(sent), "message_seq": .int(message),
                "position": 0, "created_at": "2026-11-20T10:00:00.000Z", "expires_at": "2026-11-21T10:00:00.000Z",
            ])
        try StoreTextScan.insert(
            db, "chat_paywall_snapshots",
            [
                "project_id": .text(project), "owner_kind": "email", "owner_value": .text(email),
                "snapshot": .text(#"{"paywalls":[{"id":"pw_\#(tag)"}]}"#), "received_at": "2026-11-20T10:00:00.000Z",
            ])
        try StoreTextScan.insert(
            db, "chat_paywalls",
            [
                "project_id": .text(project), "owner_kind": "email", "owner_value": .text(email), "paywall_id": .text("pw_\(tag)"),
                "title": .text("Pro \(tag)"), "available": 1,
            ])
        try StoreTextScan.insert(
            db, "outbox",
            [
                "id": .text("evt_\(tag)"), "topic": "chat.user_message", "project_id": .text(project),
                "payload": .text(#"{"ownerEmail":"\#(email)"}"#), "created_at": "2026-11-20T10:00:00.000Z",
            ])
        // The sent photo, its staged preview and raw upload, and a copy a rolled-back send left
        // under the sent path.
        for key in [staged, "chat-image-staging/img_\(tag).upload", sent, "chat-images/\(project)/img_\(tag)_orphan.jpg"] {
            try objects.put(key: key, bytes: Array("jpeg of \(tag)".utf8), contentType: "image/jpeg")
        }
        return .organization("org_\(tag)", projectIds: [project])
    }

    func photos(of tag: String) throws -> [String] {
        try objects.list(prefix: "").map(\.key).filter { $0.contains(tag) }
    }

    func testErasingAnOrganizationLeavesNoneOfItsChatOrPhotosAndKeepsTheOthers() throws {
        // Given two organizations with chat in every table of chatd.sqlite and four photo objects each
        let erased = try seed("acmegone")
        _ = try seed("bettykept")
        let before = try StoreTextScan.rows(db, holding: ["bettykept"])
        XCTAssertEqual(
            Set(try StoreTextScan.rows(db, holding: ["acmegone"]).keys), try StoreTextScan.tables(db),
            "the seed reaches every table chatd has")
        XCTAssertEqual(try photos(of: "acmegone").count, 4)

        // When chatd is asked to erase the first
        let report = try chat.call(ErasureOrganization.self, ErasureApplyRequest(erasureId: "era_1", subject: erased))

        // Then no row or photo names it, and the report counts what went
        XCTAssertEqual(try StoreTextScan.rows(db, holding: ["acmegone"]), [:])
        XCTAssertEqual(try photos(of: "acmegone"), [])
        XCTAssertEqual(report.conversationIds, [])
        XCTAssertEqual(
            report.erased,
            [
                "conversations": 1, "messages": 1, "cards": 1, "readStates": 1, "images": 1, "photos": 4, "paywalls": 1,
                "paywallSnapshots": 1, "events": 1,
            ])
        // And the other organization's rows and photos are untouched
        XCTAssertEqual(try StoreTextScan.rows(db, holding: ["bettykept"]), before)
        XCTAssertEqual(try photos(of: "bettykept").count, 4)

        // When it is asked again (a retry after a lost reply)
        let again = try chat.call(ErasureOrganization.self, ErasureApplyRequest(erasureId: "era_1", subject: erased))

        // Then it confirms with nothing left to count
        XCTAssertEqual(again.erased, [:])
    }

    func testARefusedPhotoDeleteAnswersObjectsUnavailableKeepingTheRowsUntilStorageAnswers() throws {
        // Given an organization with chat and photos, and an object store refusing deletes
        let subject = try seed("acmegone")
        let rows = try StoreTextScan.rows(db, holding: ["acmegone"])
        let refusing = ChatStore(db: db, clock: SystemClock(), objects: RefusingObjectStore(objects))

        // When its chat is erased
        XCTAssertThrowsError(try refusing.eraseOrganization(subject)) { error in
            // Then the erasure fails with the retryable code, and every row and photo is still there
            XCTAssertEqual((error as? RPCError)?.code, "OBJECTS_UNAVAILABLE")
            XCTAssertEqual((error as? RPCError)?.status, 503)
        }
        XCTAssertEqual(try StoreTextScan.rows(db, holding: ["acmegone"]), rows)
        XCTAssertEqual(try photos(of: "acmegone").count, 4)

        // When storage answers again and the driver retries
        _ = try chat.call(ErasureOrganization.self, ErasureApplyRequest(erasureId: "era_1", subject: subject))

        // Then everything is gone
        XCTAssertEqual(try StoreTextScan.rows(db, holding: ["acmegone"]), [:])
        XCTAssertEqual(try photos(of: "acmegone"), [])
    }
}
