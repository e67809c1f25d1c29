import Foundation
import TestSupport
import XCTest

@testable import ChatService
@testable import HubCrypto
@testable import HubRuntime
@testable import HubStore
@testable import IngestService
@testable import PushService

/// ingest, chatd and pushd in this process on a manual clock, a fake APNs, and one project
/// (chat mode `anyone`) with APNs credentials whose key the fake trusts.
final class PushFixture: OperatorAPIClient, PublicAPIClient {
    static let keyring = String(repeating: "ab", count: 32)
    static let keyId = "KEY1234567"
    static let teamId = "TEAM123456"
    static let bundleId = "com.example.chat"

    let fake: PushFakeAPNs
    let hub: HubHarness
    let clock: ManualClock
    let key = ES256PrivateKey.generate()
    let projectId: String
    let appId: String

    /// `withCredentials: false` leaves the project without APNs credentials.
    init(withCredentials: Bool = true, environment extra: [String: String] = [:]) throws {
        fake = try PushFakeAPNs()
        clock = ManualClock(Date())
        var env = [
            "APPNORTH_CREDENTIALS_KEY": PushFixture.keyring,
            "APPNORTH_APNS_URL_SANDBOX": fake.baseURL, "APPNORTH_APNS_URL_PRODUCTION": fake.baseURL,
            "APPNORTH_TLS_CA_FILE": fake.caFile, "APPNORTH_PUSH_INTERVAL_S": "0", "APPNORTH_RPC_TIMEOUT_MS": "2000",
        ]
        env.merge(extra) { _, new in new }
        do {
            hub = try HubHarness(environment: OperatorAPI.environment(env), clock: clock)
            try hub.start([.ingest, .chatd, .pushd])
        } catch {
            fake.stop()
            throw error
        }
        (projectId, appId) = try hub.newProject(chatMode: "anyone")
        try fake.trust(kid: PushFixture.keyId, teamId: PushFixture.teamId, key: key)
        if withCredentials {
            let put = try call("PUT", "/projects/\(projectId)/push-credentials", json: credentialsBody())
            XCTAssertEqual(put.status, 204, put.text)
        }
    }

    func shutdown() {
        hub.shutdown()
        fake.stop()
    }

    func credentialsBody(bundleId: String = PushFixture.bundleId, environment: String = "production") -> [String: Any] {
        [
            "keyId": PushFixture.keyId, "teamId": PushFixture.teamId, "bundleId": bundleId, "environment": environment,
            "privateKey": key.pkcs8PEM,
        ]
    }

    static func randomToken() -> String { Hex.encode(SecureRandom.bytes(32)) }

    static func voter(_ n: Int) -> String { "voter-token-push-\(String(format: "%06d", n))" }

    /// `POST` (or `DELETE`) `/api/v1/push/devices` as the SDK sends it.
    @discardableResult
    func device(
        _ method: String = "POST", token: String, environment: String = "production", voter: String? = PushFixture.voter(1),
        headers: [(String, String)] = []
    ) throws -> HubReply {
        try send(method, "/push/devices", ["token": token, "environment": environment], token: voter, origin: nil, headers: headers)
    }

    /// A user message from `voter`; returns the conversation it went to.
    func userMessage(voter: String, body: String = "Hello from the app") throws -> String {
        let sent = try send("POST", "/chat/messages", ["body": body], token: voter, origin: nil)
        XCTAssertEqual(sent.status, 201, sent.text)
        let owner = Hex.encode(SHA256.hash(Array(voter.utf8)))
        let chatdDB = try XCTUnwrap(hub.daemons[.chatd]).context.store
        return try XCTUnwrap(
            chatdDB.scalar(
                "SELECT id FROM conversations WHERE owner_value = ? ORDER BY seq DESC LIMIT 1",
                [.text(owner)]
            ).stringValue)
    }

    /// A team reply (or internal note) in a conversation.
    func teamReply(_ conversationId: String, body: String, internal: Bool = false) throws {
        let reply = try call("POST", "/conversations/\(conversationId)/messages", json: ["body": body, "internal": `internal`])
        XCTAssertEqual(reply.status, 201, reply.text)
    }

    /// The user reads their conversation (`GET /chat/messages` marks team replies read).
    func read(voter: String) throws {
        XCTAssertEqual(try get("/chat/messages", token: voter).status, 200)
    }

    /// Waits until nothing pushd consumes is pending in chatd's outbox: every such event is in
    /// pushd's queue (topics without a consumer stay pending until they expire).
    func waitForEvents(timeout: TimeInterval = 10) throws {
        let chatd = ChatStore(db: try XCTUnwrap(hub.daemons[.chatd]).context.store, clock: hub.clock)
        let delivered = try eventually(timeout: timeout, every: 0.02) {
            try chatd.outbox.pending(topics: OutboxConsumers.chatd).isEmpty
        }
        XCTAssertTrue(delivered, "chat events were not delivered to pushd within \(timeout) s")
    }

    /// One pass of the push job through the operator API; how many pushes it attempted.
    @discardableResult
    func runPush() throws -> Int {
        let response = try call("POST", "/jobs/push/run")
        XCTAssertEqual(response.status, 200, response.text)
        return try XCTUnwrap(response.json["processed"] as? Int)
    }

    var pushDB: SQLiteDatabase { hub.daemons[.pushd]!.context.store }

    /// Queue rows of a token: (status, attempts, next attempt ms, reason).
    func queue(token: String) throws -> [(status: String, attempts: Int, nextAttemptMs: Int64, reason: String?, kind: String)] {
        try pushDB.query("SELECT * FROM push_queue WHERE token = ? ORDER BY id", [.text(token)]).map {
            ($0.string("status")!, $0.int("attempts")!, $0.int64("next_attempt_ms")!, $0.string("last_reason"), $0.string("kind")!)
        }
    }

    func deviceCount(token: String) throws -> Int {
        try pushDB.scalar("SELECT COUNT(*) FROM push_devices WHERE token = ?", [.text(token)]).intValue ?? -1
    }

    /// A registered device with a conversation and one team reply queued for it.
    func queuedReply(
        token: String = PushFixture.randomToken(), voter: String = PushFixture.voter(1),
        body: String = "Secret reply text"
    ) throws -> (token: String, conversationId: String) {
        XCTAssertEqual(try device(token: token, voter: voter).status, 204)
        let conversation = try userMessage(voter: voter)
        try teamReply(conversation, body: body)
        try waitForEvents()
        return (token, conversation)
    }

    /// Pending pushes in a closed pushd store, read with a connection of the test's own.
    static func pending(in path: String) throws -> Int? {
        let db = try SQLiteDatabase(path: path)
        defer { db.close() }
        return try db.scalar("SELECT COUNT(*) FROM push_queue WHERE status = 'pending'").intValue
    }
}
