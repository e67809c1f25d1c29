import Foundation
import TestSupport
import XCTest

@testable import HubStore
@testable import IngestService

/// Erasing one participant of an app (docs/privacy.md) through `POST /projects/{id}/erasures`
/// and `GET /erasures/{id}` with ingest, chatd and pushd running: nothing of theirs stays in
/// any row or file, their public writing stays as "Deleted user", vote counts follow, another
/// participant keeps everything, and an object store that refuses deletes holds the erasure
/// pending until it is back.
final class ParticipantErasureTests: XCTestCase {
    var fixture: ErasureFixture!

    override func setUpWithError() throws { fixture = try ErasureFixture() }
    override func tearDown() { fixture?.shutdown() }

    static let email = "erin.erase@example.com"
    static let eraseVoter = "erase-voter-token-000001"
    static let keepVoter = "keep-voter-token-0000001"

    func testErasedParticipantsLeaveNothingBehindWhileTheirPublicWritingStaysAsDeletedUser() throws {
        let f = fixture!
        let erin = try f.identity(Self.email)
        // Given someone else's idea, and a participant who stays, with a chat, a device, a report, a vote and a comment
        let keptIdea = try f.idea("Dark mode", author: "Kim", voter: Self.keepVoter)
        try f.chat("KEEP-CHAT hello", voter: Self.keepVoter)
        let keptDevice = try f.device(voter: Self.keepVoter)
        let keptReport = try f.report("KEEP-REPORT the app is fine", voter: Self.keepVoter)
        try f.vote(keptIdea, voter: Self.keepVoter)
        try f.comment(keptIdea, "KEEP-COMMENT me too", author: "Kim", voter: Self.keepVoter)
        // And a verified participant who chatted with a photo, got a team reply queued as a push,
        // reported with a screenshot, wrote an idea, voted and commented
        try f.device(voter: nil, who: erin)
        try f.chat("ERASE-CHAT my account number is 12345", photo: true, voter: nil, who: erin)
        let conversation = try f.conversationId(owner: Self.email)
        try f.push.teamReply(conversation, body: "ERASE-REPLY we looked at 12345")
        try f.report("ERASE-REPORT my card was charged twice", email: Self.email, voter: nil, who: erin)
        let erinIdea = try f.idea("Export to CSV", author: "Erin Erase", voter: nil, who: erin)
        try f.vote(keptIdea, voter: nil, who: erin)
        try f.vote(erinIdea, voter: nil, who: erin)
        try f.comment(keptIdea, "Please add this", author: "Erin Erase", voter: nil, who: erin)
        // And an anonymous participant who chatted, registered a device and voted with a voter token
        try f.chat("ERASE-TOKEN-CHAT anonymous question", voter: Self.eraseVoter)
        try f.device(voter: Self.eraseVoter)
        try f.vote(keptIdea, voter: Self.eraseVoter)
        try f.waitForEvents()
        XCTAssertEqual(try f.publicIdea(keptIdea)["voteCount"] as? Int, 3)
        XCTAssertEqual(
            try f.pushDB.scalar("SELECT count(*) FROM push_queue WHERE owner_value = ? AND status = 'pending'", [.text(Self.email)])
                .intValue, 1, "the team reply waits as a queued push")
        let erinFiles = f.objectFiles()
        let needles = [
            Self.email, ErasureFixture.tokenHash(Self.eraseVoter), Self.eraseVoter, "ERASE-CHAT", "ERASE-REPLY", "ERASE-REPORT",
            "ERASE-TOKEN-CHAT", "Erin Erase",
        ]
        XCTAssertFalse(try f.findings(of: needles).isEmpty, "the scan finds what is there before the erasure")

        // When the operator erases the verified participant by email, and the anonymous one by voter token
        let byEmail = try f.erase(["email": " Erin.Erase@Example.com "])
        XCTAssertEqual(byEmail.status, 202, byEmail.text)
        XCTAssertEqual(Set((byEmail.json["daemons"] as? [String: Any])?.keys ?? [:].keys), ["ingest", "chatd", "pushd"])
        let byToken = try f.erase(["voterToken": Self.eraseVoter])
        XCTAssertEqual(byToken.status, 202, byToken.text)
        let emailDone = try f.waitUntilDone(try XCTUnwrap(byEmail.json["id"] as? String))
        let tokenDone = try f.waitUntilDone(try XCTUnwrap(byToken.json["id"] as? String))

        // Then each daemon reports what it erased
        XCTAssertEqual(ErasureFixture.erased(emailDone, "chatd", "conversations"), 1, "\(emailDone)")
        XCTAssertEqual(ErasureFixture.erased(emailDone, "chatd", "photos"), 1, "\(emailDone)")
        XCTAssertEqual(ErasureFixture.erased(emailDone, "pushd", "devices"), 1, "\(emailDone)")
        XCTAssertEqual(ErasureFixture.erased(emailDone, "pushd", "queuedPushes"), 1, "\(emailDone)")
        XCTAssertEqual(ErasureFixture.erased(emailDone, "ingest", "reports"), 1, "\(emailDone)")
        XCTAssertEqual(ErasureFixture.erased(emailDone, "ingest", "votes"), 2, "\(emailDone)")
        XCTAssertEqual(ErasureFixture.erased(tokenDone, "chatd", "conversations"), 1, "\(tokenDone)")
        XCTAssertEqual(ErasureFixture.erased(tokenDone, "pushd", "devices"), 1, "\(tokenDone)")
        XCTAssertEqual(ErasureFixture.erased(tokenDone, "ingest", "votes"), 1, "\(tokenDone)")
        // And no row of any store, and no file, holds their email, token, token hash, messages, report or name
        XCTAssertEqual(try f.findings(of: needles), [])
        XCTAssertEqual(Set(f.objectFiles()).count, Set(erinFiles).count - 3, "the photo's two copies and the screenshot are gone")
        // And the vote counts are the remaining votes
        XCTAssertEqual(try f.publicIdea(keptIdea)["voteCount"] as? Int, 1)
        XCTAssertEqual(try f.publicIdea(erinIdea)["voteCount"] as? Int, 0)
        // And their idea and comment stay, by "Deleted user"
        XCTAssertEqual(try f.publicIdea(erinIdea)["title"] as? String, "Export to CSV")
        XCTAssertEqual(try f.publicIdea(erinIdea)["authorName"] as? String, "Deleted user")
        let comments = try f.publicComments(keptIdea)
        XCTAssertEqual(comments.map { $0["body"] as? String }, ["KEEP-COMMENT me too", "Please add this"])
        XCTAssertEqual(comments.map { $0["authorName"] as? String }, ["Kim", "Deleted user"])
        // And the other participant keeps their chat, device, report, vote and comment
        let kept = try f.push.get("/chat/messages", token: Self.keepVoter)
        XCTAssertTrue(kept.text.contains("KEEP-CHAT hello"), kept.text)
        XCTAssertEqual(try f.push.deviceCount(token: keptDevice), 1)
        XCTAssertEqual(try f.ingestDB.scalar("SELECT count(*) FROM feedback WHERE id = ?", [.text(keptReport)]).intValue, 1)
        XCTAssertEqual(try f.publicIdea(keptIdea)["authorName"] as? String, "Kim")
    }

    func testAnObjectStoreRefusingDeletesLeavesTheErasurePendingUntilItIsBack() throws {
        let f = fixture!
        let erin = try f.identity(Self.email)
        // Given a participant with a chat photo and a report screenshot
        try f.chat("ERASE-CHAT with a photo", photo: true, voter: nil, who: erin)
        try f.report("ERASE-REPORT with a screenshot", voter: nil, who: erin)
        try f.waitForEvents()
        let photo = try XCTUnwrap(f.chatDB.scalar("SELECT sent_key FROM images WHERE sent_key IS NOT NULL").stringValue)
        let screenshot = try XCTUnwrap(f.ingestDB.scalar("SELECT screenshot_key FROM feedback").stringValue)
        // And an object store that cannot delete either object: each file is set aside and a
        // directory stands in its place, which unlink refuses whoever runs it
        let blockedPhoto = try Blocked(f.objectsDirectory + "/" + photo)
        let blockedScreenshot = try Blocked(f.objectsDirectory + "/" + screenshot)

        // When the participant is erased
        let created = try f.erase(["email": Self.email])
        XCTAssertEqual(created.status, 202, created.text)
        let id = try XCTUnwrap(created.json["id"] as? String)
        // Then chatd stays pending with OBJECTS_UNAVAILABLE, keeps the conversation, and the daemons after it wait
        let stuck = try f.waitFor(id, "chatd's error") { ErasureFixture.daemon($0, "chatd")["lastError"] is String }
        XCTAssertEqual(stuck["state"] as? String, "pending")
        XCTAssertTrue((ErasureFixture.daemon(stuck, "chatd")["lastError"] as? String ?? "").hasPrefix("OBJECTS_UNAVAILABLE"), "\(stuck)")
        XCTAssertEqual(ErasureFixture.daemon(stuck, "pushd")["state"] as? String, "pending")
        XCTAssertEqual(ErasureFixture.daemon(stuck, "ingest")["attempts"] as? Int, 0)
        XCTAssertEqual(try f.chatDB.scalar("SELECT count(*) FROM conversations").intValue, 1)
        // And the row still names whose data it is, so a retry can find it
        XCTAssertEqual(try f.ingestDB.scalar("SELECT owner_value FROM erasures WHERE id = ?", [.text(id)]).stringValue, Self.email)

        // When photo storage is back and the job runs again
        try blockedPhoto.restore()
        try f.runErasureJob()
        // Then chatd and pushd are done and ingest waits on its screenshot, its report still there
        let half = try f.waitFor(id, "ingest's error") { ErasureFixture.daemon($0, "ingest")["lastError"] is String }
        XCTAssertEqual(ErasureFixture.daemon(half, "chatd")["state"] as? String, "done", "\(half)")
        XCTAssertEqual(ErasureFixture.daemon(half, "pushd")["state"] as? String, "done", "\(half)")
        XCTAssertEqual(half["state"] as? String, "pending")
        XCTAssertTrue((ErasureFixture.daemon(half, "ingest")["lastError"] as? String ?? "").hasPrefix("OBJECTS_UNAVAILABLE"), "\(half)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: f.objectsDirectory + "/" + photo))
        XCTAssertEqual(try f.ingestDB.scalar("SELECT count(*) FROM feedback").intValue, 1)

        // When the screenshot's storage is back too and the job runs again
        try blockedScreenshot.restore()
        try f.runErasureJob()
        // Then the erasure is done, the screenshot and report are gone, and the row forgot the participant
        let done = try f.waitUntilDone(id)
        XCTAssertEqual(ErasureFixture.erased(done, "ingest", "screenshots"), 1, "\(done)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: f.objectsDirectory + "/" + screenshot))
        XCTAssertEqual(try f.ingestDB.scalar("SELECT count(*) FROM feedback").intValue, 0)
        XCTAssertEqual(try f.findings(of: [Self.email, "ERASE-CHAT", "ERASE-REPORT"]), [])
    }

    /// An object whose file is set aside with a non-empty directory in its place, until `restore`.
    struct Blocked {
        let path: String
        let aside: String

        init(_ path: String) throws {
            self.path = path
            aside = NSTemporaryDirectory() + "appnorth-aside-" + UUID().uuidString
            try FileManager.default.moveItem(atPath: path, toPath: aside)
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            _ = FileManager.default.createFile(atPath: path + "/keep", contents: Data([1]))
        }

        func restore() throws {
            try FileManager.default.removeItem(atPath: path)
            try FileManager.default.moveItem(atPath: aside, toPath: path)
        }
    }
}
