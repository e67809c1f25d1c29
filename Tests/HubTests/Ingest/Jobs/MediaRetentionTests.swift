import Foundation
import TestSupport
import XCTest

@testable import HubRuntime
@testable import IngestService

/// A workspace's media retention applied by `POST /jobs/cleanup/run` (issue 28, "Retention"):
/// report screenshots and sent chat photos older than the workspace's days are deleted from the
/// object store and shown as removed; younger ones, and other workspaces', stay.
final class MediaRetentionTests: XCTestCase {
    var chat: ChatHTTPFixture!
    var photos: ChatPhotoFixture!
    var objects: LocalDirectoryObjectStore!

    override func setUpWithError() throws {
        chat = try ChatHTTPFixture()
        photos = ChatPhotoFixture(chat: chat)
        objects = LocalDirectoryObjectStore(root: chat.hub.config.objectStoreDirectory)
    }

    override func tearDown() { chat?.shutdown() }

    var ingest: IngestStore { chat.hub.app!.store }

    func ago(days: Double) -> String { ISOTime.format(Date().addingTimeInterval(-days * 86_400)) }

    /// A public POST to another project's routes, as its SDK sends it.
    func post(_ path: String, _ body: Any, appId: String, key: String? = nil) throws -> HubReply {
        var headers = [("Origin", PublicAPI.origin)]
        if let key { headers.append(("Idempotency-Key", key)) }
        return try chat.hub.request("POST", chat.url(path, token: PublicAPI.voterToken, appId: appId), headers: headers, json: body)
    }

    /// A report with a screenshot, received `days` ago; its ID and screenshot key.
    func report(appId: String, days: Double) throws -> (id: String, key: String) {
        let shot = "data:image/png;base64," + FeedbackSubmissionScreenshotTests.png1x1
        let sent = try post("/feedback", FeedbackSubmissionTests.report(["screenshot": shot]), appId: appId)
        XCTAssertEqual(sent.status, 201, sent.text)
        let id = try XCTUnwrap(sent.json["id"] as? String)
        try ingest.db.run("UPDATE feedback SET created_at = ? WHERE id = ?", [.text(ago(days: days)), .text(id)])
        let key = try XCTUnwrap(ingest.db.scalar("SELECT screenshot_key FROM feedback WHERE id = ?", [.text(id)]).stringValue)
        XCTAssertTrue(try objects.exists(key: key))
        return (id, key)
    }

    /// A participant's message with one photo, uploaded `days` ago; the photo's ID and object key.
    func photo(appId: String, days: Double, key: String) throws -> (id: String, key: String) {
        let bytes = try TestImages.pillow("small_jpeg")
        let started = try post("/chat/images", ["contentType": "image/jpeg", "byteSize": bytes.count], appId: appId)
        XCTAssertEqual(started.status, 200, started.text)
        let put = try photos.raw(
            "PUT", try XCTUnwrap(started.json["uploadUrl"] as? String), headers: [("Content-Type", "image/jpeg")], body: bytes)
        XCTAssertEqual(put.status, 204, put.text)
        let done = try post("/chat/images", ["uploadToken": try XCTUnwrap(started.json["uploadToken"] as? String)], appId: appId)
        XCTAssertEqual(done.status, 201, done.text)
        let sent = try post(
            "/chat/messages", ["body": "", "imageTokens": [done.json["imageToken"] as? String ?? ""]], appId: appId, key: key)
        XCTAssertEqual(sent.status, 201, sent.text)
        let id = try XCTUnwrap((sent.json["images"] as? [[String: Any]])?.first?["id"] as? String)
        let db = try photos.chatStore()
        try db.run("UPDATE images SET created_at = ? WHERE id = ?", [.text(ago(days: days)), .text(id)])
        let objectKey = try XCTUnwrap(db.scalar("SELECT sent_key FROM images WHERE id = ?", [.text(id)]).stringValue)
        XCTAssertTrue(try objects.exists(key: objectKey))
        return (id, objectKey)
    }

    /// The photo as the participant's SDK reads it in the project's thread.
    func threadImage(_ id: String, appId: String) throws -> [String: Any]? {
        let reply = try chat.hub.request("GET", chat.url("/chat/messages", token: PublicAPI.voterToken, appId: appId))
        XCTAssertEqual(reply.status, 200, reply.text)
        let images = (reply.json["messages"] as? [[String: Any]] ?? []).flatMap { $0["images"] as? [[String: Any]] ?? [] }
        return images.first { $0["id"] as? String == id }
    }

    func setRetention(_ days: Any, token: String = OperatorAPI.token) throws -> HubReply {
        try chat.call("PATCH", "/organization/retention", json: ["mediaRetentionDays": days], token: token)
    }

    func testScreenshotsAndPhotosPastTheDaysGoWhileYoungerOnesAndAnotherWorkspacesStay() throws {
        // Given a workspace keeping media 30 days, with a report screenshot and a chat photo
        // from 31 days ago and another of each from 29 days ago
        XCTAssertEqual(try setRetention(30).json["mediaRetentionDays"] as? Int, 30)
        let oldShot = try report(appId: chat.appId, days: 31)
        let youngShot = try report(appId: chat.appId, days: 29)
        let oldPhoto = try photo(appId: chat.appId, days: 31, key: "retention-old-0001")
        let youngPhoto = try photo(appId: chat.appId, days: 29, key: "retention-new-0001")
        // And another workspace, with retention off as every workspace starts, holding a year-old screenshot and photo
        let other = try chat.createOrganization(slug: "other")
        XCTAssertTrue(try chat.call("GET", "/organization/retention", token: other).json["mediaRetentionDays"] is NSNull)
        let otherApp = try chat.newProject(chatMode: "anyone", token: other).appId
        let otherShot = try report(appId: otherApp, days: 365)
        let otherPhoto = try photo(appId: otherApp, days: 365, key: "retention-other-01")

        // When the cleanup job runs
        let run = try chat.call("POST", "/jobs/cleanup/run")
        XCTAssertEqual(run.status, 200, run.text)

        // Then the old screenshot's object is gone and the report says the retention policy removed it
        XCTAssertFalse(try objects.exists(key: oldShot.key))
        let oldReport = try chat.call("GET", "/feedback/\(oldShot.id)")
        XCTAssertTrue(oldReport.json["screenshot"] is NSNull, oldReport.text)
        XCTAssertEqual(oldReport.json["screenshotStored"] as? Bool, false)
        XCTAssertEqual((oldReport.json["screenshotRemoved"] as? [String: Any])?["reason"] as? String, "retention")
        // And the old photo's object is gone and the SDK gets it without a URL, marked expired
        XCTAssertFalse(try objects.exists(key: oldPhoto.key))
        let expired = try XCTUnwrap(try threadImage(oldPhoto.id, appId: chat.appId))
        XCTAssertTrue(expired["url"] is NSNull, "\(expired)")
        XCTAssertEqual(expired["expired"] as? Bool, true)
        // And the younger screenshot and photo stay, the photo still served
        XCTAssertTrue(try objects.exists(key: youngShot.key))
        XCTAssertTrue(try chat.call("GET", "/feedback/\(youngShot.id)").json["screenshotRemoved"] is NSNull)
        XCTAssertTrue(try objects.exists(key: youngPhoto.key))
        let kept = try XCTUnwrap(try threadImage(youngPhoto.id, appId: chat.appId))
        XCTAssertNil(kept["expired"])
        XCTAssertEqual(try photos.raw("GET", try XCTUnwrap(kept["url"] as? String)).status, 200)
        // And the other workspace keeps everything
        XCTAssertTrue(try objects.exists(key: otherShot.key))
        XCTAssertTrue(try objects.exists(key: otherPhoto.key))
        XCTAssertTrue(try threadImage(otherPhoto.id, appId: otherApp)?["url"] is String)

        // And the dashboard shows the removal on the report and the expired photo in the conversation
        let owner = try AdminClient(hub: chat.hub).pages(as: "ann@example.com")
        let reportPage = try owner.get("/dashboard/reports/\(oldShot.id)")
        XCTAssertEqual(reportPage.status, 200)
        XCTAssertTrue(reportPage.text.contains("data retention policy"), reportPage.text)
        let conversationId = try XCTUnwrap(chat.conversations().first?["id"] as? String)
        let thread = try owner.get("/dashboard/conversations/\(conversationId)")
        XCTAssertEqual(thread.status, 200)
        XCTAssertTrue(thread.text.contains("Photo 1 of 1 expired"), thread.text)
        // And a second pass finds nothing more to remove
        XCTAssertEqual(try chat.call("POST", "/jobs/cleanup/run").json["processed"] as? Int, 0)
    }

    func testAStoreThatCannotDeleteLeavesTheReportAndPhotoForTheNextPass() throws {
        // Given a workspace keeping media one day, a two-day-old screenshot and photo
        XCTAssertEqual(try setRetention(1).status, 200)
        let shot = try report(appId: chat.appId, days: 2)
        let photo = try photo(appId: chat.appId, days: 2, key: "retention-fail-001")
        // And a store that refuses to delete either object: a directory stands where each file was
        let root = chat.hub.config.objectStoreDirectory
        let saved = try [shot.key, photo.key].map { key -> [UInt8] in
            let bytes = try XCTUnwrap(try objects.get(key: key))
            try FileManager.default.removeItem(atPath: root + "/" + key)
            try FileManager.default.createDirectory(atPath: root + "/" + key + "/held", withIntermediateDirectories: true)
            return bytes
        }

        // When the cleanup job runs
        let failed = try chat.call("POST", "/jobs/cleanup/run")
        // Then it fails and the report still holds its screenshot
        XCTAssertNotEqual(failed.status, 200, failed.text)
        XCTAssertEqual(try chat.call("GET", "/feedback/\(shot.id)").json["screenshotStored"] as? Bool, true)

        // When the screenshot's object can go again but the photo's cannot
        try FileManager.default.removeItem(atPath: root + "/" + shot.key)
        try objects.put(key: shot.key, bytes: saved[0], contentType: "image/png")
        let partly = try chat.call("POST", "/jobs/cleanup/run")
        // Then the screenshot goes and the pass fails at the photo, which is not marked expired
        XCTAssertNotEqual(partly.status, 200, partly.text)
        XCTAssertEqual(try chat.call("GET", "/feedback/\(shot.id)").json["screenshotStored"] as? Bool, false)
        XCTAssertTrue(try photos.chatStore().scalar("SELECT expired_at FROM images WHERE id = ?", [.text(photo.id)]).isNull)
        XCTAssertNil(try threadImage(photo.id, appId: chat.appId)?["expired"])

        // When the store works again
        try FileManager.default.removeItem(atPath: root + "/" + photo.key)
        try objects.put(key: photo.key, bytes: saved[1], contentType: "image/jpeg")
        let recovered = try chat.call("POST", "/jobs/cleanup/run")
        // Then the next pass removes the photo
        XCTAssertEqual(recovered.status, 200, recovered.text)
        XCTAssertFalse(try objects.exists(key: photo.key))
        XCTAssertEqual(try threadImage(photo.id, appId: chat.appId)?["expired"] as? Bool, true)
    }
}
