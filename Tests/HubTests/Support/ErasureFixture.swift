import Foundation
import TestSupport
import XCTest

@testable import HubCrypto
@testable import HubStore
@testable import IngestService

/// ingest, chatd and pushd in this process (`PushFixture`: a fake APNs, push credentials, chat
/// mode `anyone`) and what a participant leaves in them through the public API as the SDK
/// sends it: chat messages with photos, a push device, reports with screenshots, ideas,
/// votes and comments. `who` is a verified identity's headers, or none for a voter token.
final class ErasureFixture {
    let push: PushFixture
    var hub: HubHarness { push.hub }
    var projectId: String { push.projectId }

    init() throws { push = try PushFixture() }

    func shutdown() { push.shutdown() }

    /// The headers of a verified `email` (the project gets its identity secret).
    func identity(_ email: String) throws -> [(String, String)] { try push.identityHeaders(email: email) }

    func send(_ method: String, _ path: String, _ body: Any, voter: String?, who: [(String, String)]) throws -> HubReply {
        try push.send(method, path, body, token: voter, headers: who)
    }

    /// A chat message, with a photo when `photo`; the message's JSON.
    @discardableResult
    func chat(_ text: String, photo: Bool = false, voter: String?, who: [(String, String)] = []) throws -> [String: Any] {
        var body: [String: Any] = ["body": text]
        if photo { body["imageTokens"] = [try imageToken(voter: voter, who: who)] }
        let sent = try send("POST", "/chat/messages", body, voter: voter, who: who)
        XCTAssertEqual(sent.status, 201, sent.text)
        return sent.json
    }

    /// The three steps of a photo upload; the image token.
    func imageToken(voter: String?, who: [(String, String)]) throws -> String {
        let bytes = try TestImages.pillow("small_jpeg")
        let started = try send("POST", "/chat/images", ["contentType": "image/jpeg", "byteSize": bytes.count], voter: voter, who: who)
        XCTAssertEqual(started.status, 200, started.text)
        let put = try hub.send(
            "PUT", url: try XCTUnwrap(started.json["uploadUrl"] as? String), headers: [("Content-Type", "image/jpeg")], body: bytes)
        XCTAssertEqual(put.status, 204, put.text)
        let done = try send(
            "POST", "/chat/images", ["uploadToken": try XCTUnwrap(started.json["uploadToken"] as? String)], voter: voter, who: who)
        XCTAssertEqual(done.status, 201, done.text)
        return try XCTUnwrap(done.json["imageToken"] as? String)
    }

    /// The newest conversation of a chat owner (`value`: email or token hash).
    func conversationId(owner value: String) throws -> String {
        try XCTUnwrap(
            chatDB.scalar("SELECT id FROM conversations WHERE owner_value = ? ORDER BY seq DESC LIMIT 1", [.text(value)]).stringValue)
    }

    /// A registered APNs device; its token.
    @discardableResult
    func device(voter: String?, who: [(String, String)] = []) throws -> String {
        let token = PushFixture.randomToken()
        let registered = try send("POST", "/push/devices", ["token": token, "environment": "production"], voter: voter, who: who)
        XCTAssertEqual(registered.status, 204, registered.text)
        return token
    }

    /// A private report with a 1×1 PNG screenshot; its ID.
    @discardableResult
    func report(_ message: String, email: String? = nil, voter: String?, who: [(String, String)] = []) throws -> String {
        var body: [String: Any] = [
            "type": "problem", "message": message, "pageURL": "https://app.example.com/settings", "pageTitle": "Settings",
            "viewport": ["width": 390, "height": 844], "diagnostics": [[String: Any]](),
            "screenshot": "data:image/png;base64," + FeedbackSubmissionScreenshotTests.png1x1,
        ]
        if let email { body["email"] = email }
        let sent = try send("POST", "/feedback", body, voter: voter, who: who)
        XCTAssertEqual(sent.status, 201, sent.text)
        return try XCTUnwrap(sent.json["id"] as? String)
    }

    /// An idea on the `ideas` board; its ID.
    func idea(_ title: String, author: String, voter: String?, who: [(String, String)] = []) throws -> String {
        let sent = try send(
            "POST", "/ideas", ["board": "ideas", "title": title, "description": "Details of " + title, "authorName": author],
            voter: voter, who: who)
        XCTAssertEqual(sent.status, 201, sent.text)
        return try XCTUnwrap((sent.json["value"] as? [String: Any])?["id"] as? String)
    }

    func vote(_ ideaId: String, voter: String?, who: [(String, String)] = []) throws {
        let sent = try send("PUT", "/ideas/\(ideaId)/vote", ["voted": true], voter: voter, who: who)
        XCTAssertEqual(sent.status, 200, sent.text)
    }

    func comment(_ ideaId: String, _ text: String, author: String, voter: String?, who: [(String, String)] = []) throws {
        let sent = try send("POST", "/ideas/\(ideaId)/comments", ["body": text, "authorName": author], voter: voter, who: who)
        XCTAssertEqual(sent.status, 201, sent.text)
    }

    /// The idea as the public API shows it.
    func publicIdea(_ ideaId: String) throws -> [String: Any] {
        let reply = try push.get("/ideas/\(ideaId)", token: nil)
        XCTAssertEqual(reply.status, 200, reply.text)
        return reply.json
    }

    func publicComments(_ ideaId: String) throws -> [[String: Any]] {
        let reply = try push.get("/ideas/\(ideaId)/comments", token: nil)
        XCTAssertEqual(reply.status, 200, reply.text)
        return reply.items
    }

    /// Waits until every chat and report event has reached pushd.
    func waitForEvents() throws {
        try push.waitForEvents()
        let ingest = hub.app!.store
        let delivered = try eventually(timeout: 10, every: 0.02) {
            try ingest.outbox.pending(topics: OutboxConsumers.ingest).isEmpty
        }
        XCTAssertTrue(delivered, "report events were not delivered to pushd")
    }

    // MARK: Erasure

    func erase(_ body: [String: Any], project: String? = nil, token: String = OperatorAPI.token, key: String? = nil) throws -> HubReply {
        var headers = OperatorAPI.bearer(token)
        if let key { headers.append(("Idempotency-Key", key)) }
        return try hub.request("POST", OperatorAPI.prefix + "/projects/\(project ?? projectId)/erasures", headers: headers, json: body)
    }

    func erasure(_ id: String, token: String = OperatorAPI.token) throws -> HubReply {
        try push.call("GET", "/erasures/\(id)", token: token)
    }

    /// Polls the erasure until `condition` holds of its JSON, or fails after 20 s; the last JSON.
    @discardableResult
    func waitFor(_ id: String, _ what: String, _ condition: ([String: Any]) -> Bool) throws -> [String: Any] {
        var last: [String: Any] = [:]
        let reached = try eventually(timeout: 20, every: 0.05) {
            last = try erasure(id).json
            return condition(last)
        }
        XCTAssertTrue(reached, "erasure \(id) never reached \(what): \(last)")
        return last
    }

    func waitUntilDone(_ id: String) throws -> [String: Any] {
        try waitFor(id, "done") { $0["state"] as? String == "done" }
    }

    /// Runs `body` while no pass of the erasure job can start (a woken pass waits for it), so
    /// an erasure recorded inside is read as recorded, whatever the job's timing.
    func holdingErasureJob<T>(_ body: () throws -> T) rethrows -> T {
        let driver = hub.app!.erasure
        driver.passLock.lock()
        defer { driver.passLock.unlock() }
        return try body()
    }

    /// One pass of the erasure job now, every pending erasure whatever its retry time.
    func runErasureJob() throws {
        let ran = try push.call("POST", "/jobs/erasure/run")
        XCTAssertEqual(ran.status, 200, ran.text)
    }

    static func daemon(_ erasure: [String: Any], _ name: String) -> [String: Any] {
        (erasure["daemons"] as? [String: Any])?[name] as? [String: Any] ?? [:]
    }

    static func erased(_ erasure: [String: Any], _ name: String, _ kind: String) -> Int {
        (daemon(erasure, name)["erased"] as? [String: Any])?[kind] as? Int ?? 0
    }

    // MARK: What is stored

    var ingestDB: SQLiteDatabase { hub.app!.store.db }
    var chatDB: SQLiteDatabase { hub.daemons[.chatd]!.context.store }
    var pushDB: SQLiteDatabase { push.pushDB }
    var objectsDirectory: String { hub.config.objectStoreDirectory }

    /// Every place a needle is found: each text value of every row of every table of the three
    /// stores (`daemon.table.column`), and each file under the object directory by its path.
    func findings(of needles: [String]) throws -> [String] {
        var found: [String] = []
        for (name, db) in [("ingest", ingestDB), ("chatd", chatDB), ("pushd", pushDB)] {
            let tables = try db.query("SELECT name FROM sqlite_master WHERE type = 'table'").map { try $0.text("name") }
            for table in tables {
                for row in try db.query("SELECT * FROM \"\(table)\"") {
                    for column in row.columns {
                        guard let text = row.string(column) ?? row.blob(column).map({ String(decoding: $0, as: UTF8.self) }) else {
                            continue
                        }
                        for needle in needles where text.contains(needle) { found.append("\(name).\(table).\(column): \(needle)") }
                    }
                }
            }
        }
        for path in objectFiles() {
            let bytes = String(decoding: FileManager.default.contents(atPath: objectsDirectory + "/" + path) ?? Data(), as: UTF8.self)
            for needle in needles where path.contains(needle.lowercased()) || bytes.contains(needle) {
                found.append("objects/\(path): \(needle)")
            }
        }
        return found
    }

    /// Every file under the object directory, relative to it.
    func objectFiles() -> [String] {
        (FileManager.default.enumerator(atPath: objectsDirectory)?.allObjects as? [String] ?? []).filter {
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: objectsDirectory + "/" + $0, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
    }

    static func tokenHash(_ voter: String) -> String { Hex.encode(SHA256.hash(Array(voter.utf8))) }
}
