import Foundation
import XCTest

@testable import HubCrypto
@testable import HubHTTPServer
@testable import HubRuntime
@testable import IngestService

final class PublicRequestSecurityTests: XCTestCase {
    func testRateLimiterRefusesPastTheBudgetWithRetryAfterAndRefills() throws {
        // Given a budget of 3 per minute
        let clock = ManualClock(Date(timeIntervalSince1970: 1_000))
        let limiter = RateLimiter(limit: 3, window: 60, clock: clock)
        for _ in 0..<3 { try limiter.consume("10.0.0.1") }
        // Then the 4th is 429 with a Retry-After of the time until a token returns (20 s)
        XCTAssertThrowsError(try limiter.consume("10.0.0.1")) { error in
            let api = error as? APIError
            XCTAssertEqual(api?.status, 429)
            XCTAssertEqual(api?.code, "RATE_LIMITED")
            XCTAssertEqual(api?.headers.first { $0.0 == "Retry-After" }?.1, "20")
        }
        // And another key has its own budget, and time refills the first
        try limiter.consume("10.0.0.2")
        clock.advance(by: 20)
        try limiter.consume("10.0.0.1")
        XCTAssertThrowsError(try limiter.consume("10.0.0.1"))
    }

    func testRateLimiterStaysBoundedInKeys() throws {
        let limiter = RateLimiter(limit: 5, window: 60, clock: ManualClock(Date()), maxKeys: 100)
        for i in 0..<1_000 { try limiter.consume("ip-\(i)") }
        XCTAssertLessThanOrEqual(limiter.keyCount, 101)
    }

    func testOriginRules() throws {
        let allowed = ["https://app.example.com", "http://localhost:3000"]
        XCTAssertNoThrow(try OriginCheck.check("https://APP.example.com:443", allowed: allowed, rule: .required))
        XCTAssertNoThrow(try OriginCheck.check("http://localhost:3000", allowed: allowed, rule: .required))
        XCTAssertNoThrow(try OriginCheck.check(nil, allowed: allowed, rule: .ifPresent))
        for bad in [
            nil, "", "null", "http://app.example.com", "https://evil.example.com", "http://localhost:3001",
            "https://app.example.com/path",
        ] as [String?] {
            XCTAssertThrowsError(try OriginCheck.check(bad, allowed: allowed, rule: .required), "\(bad ?? "nil")") {
                XCTAssertEqual(($0 as? APIError)?.code, "ORIGIN_NOT_ALLOWED")
            }
        }
        XCTAssertThrowsError(try OriginCheck.check("https://evil.example.com", allowed: allowed, rule: .ifPresent))
    }

    func testAnOriginSpelledExactlyAsAllowedPassesOnlyIfItIsAnOrigin() throws {
        // Given allowed entries that a hand-edited database could hold, one of them no origin at all
        let allowed = ["https://app.example.com/path", "null", "HTTPS://Shop.Example.com"]
        // Then the same text is refused where it is not an origin, as any other spelling of it would be
        for bad in ["https://app.example.com/path", "null"] {
            XCTAssertThrowsError(try OriginCheck.check(bad, allowed: allowed, rule: .ifPresent), bad) {
                XCTAssertEqual(($0 as? APIError)?.code, "ORIGIN_NOT_ALLOWED")
            }
        }
        // And an origin passes spelled as configured or in any spelling that normalizes alike
        for good in ["HTTPS://Shop.Example.com", "https://shop.example.com", "https://shop.example.com:443"] {
            XCTAssertNoThrow(try OriginCheck.check(good, allowed: allowed, rule: .required), good)
        }
        XCTAssertThrowsError(try OriginCheck.check("https://shop.example.com:8443", allowed: allowed, rule: .required))
    }

    func testOriginNormalization() {
        // Given origins as browsers and operators write them
        let cases: [(String, String?)] = [
            ("HTTPS://App.Example.COM", "https://app.example.com:443"), ("http://localhost:3000", "http://localhost:3000"),
            ("http://localhost:080", "http://localhost:80"), ("https://a:65535", "https://a:65535"), ("https://a:1", "https://a:1"),
            ("https://[::1]", "https://[::1]:443"), ("https://[::1]:8443", "https://[::1]:8443"),
            ("https://BÜCHER.example", "https://bücher.example:443"),
            ("https://", nil), ("ftp://a", nil), ("https://a/b", nil), ("https://a?b", nil), ("https://a#b", nil),
            ("https://u@a", nil), ("https://a:0", nil), ("https://a:65536", nil), ("https://a:", nil), ("https://:80", nil),
            ("null", nil), ("https:/a", nil),
        ]
        for (origin, expected) in cases {
            // Then each is scheme://host:port lowercased with the default port explicit, or nil
            XCTAssertEqual(OriginCheck.normalize(origin), expected, origin)
        }
    }

    func testIdempotentWritesReplayConflictAndLeaveNothingOnFailure() throws {
        let hub = try HubHarness()
        defer { hub.shutdown() }
        try hub.start([.ingest])
        let store = hub.app!.store
        try store.db.execute("CREATE TABLE t (v TEXT)")
        let payload = IngestStore.canonicalPayload(Array(#"{"b": 1, "a": "x"}"#.utf8))
        XCTAssertEqual(String(decoding: payload, as: UTF8.self), #"{"a":"x","b":1}"#)
        var writes = 0
        func write() throws -> (status: Int, body: [UInt8]) {
            writes += 1
            try store.db.run("INSERT INTO t VALUES ('row')")
            return (201, Array("{\"n\":\(writes)}".utf8))
        }
        // When the same key and payload arrive twice
        let first = try store.idempotent(projectId: "p", route: "POST /x", scope: "token:abc", key: "key-00001", payload: payload, write)
        let again = try store.idempotent(
            projectId: "p", route: "POST /x", scope: "token:abc", key: "key-00001",
            payload: IngestStore.canonicalPayload(Array(#"{"a":"x","b":1}"#.utf8)), write)
        // Then the write ran once and the retry got the original response
        XCTAssertEqual(writes, 1)
        XCTAssertFalse(first.replayed)
        XCTAssertTrue(again.replayed)
        XCTAssertEqual(again.status, 201)
        XCTAssertEqual(again.body, first.body)
        XCTAssertEqual(try store.db.scalar("SELECT count(*) FROM t").intValue, 1)
        // A changed payload under the same key is a conflict; another scope is another key space
        XCTAssertThrowsError(
            try store.idempotent(
                projectId: "p", route: "POST /x", scope: "token:abc", key: "key-00001",
                payload: Array("{}".utf8), write)
        ) {
            XCTAssertEqual(($0 as? APIError)?.code, "IDEMPOTENCY_CONFLICT")
        }
        _ = try store.idempotent(projectId: "p", route: "POST /x", scope: "token:other", key: "key-00001", payload: payload, write)
        XCTAssertEqual(writes, 2)
        // A failing write leaves neither its row nor a record, so the retry can succeed
        struct Boom: Error {}
        XCTAssertThrowsError(
            try store.idempotent(projectId: "p", route: "POST /y", scope: "s", key: "key-00002", payload: payload) {
                try store.db.run("INSERT INTO t VALUES ('partial')")
                throw Boom()
            })
        XCTAssertEqual(try store.db.scalar("SELECT count(*) FROM t WHERE v = 'partial'").intValue, 0)
        XCTAssertFalse(
            try store.idempotent(projectId: "p", route: "POST /y", scope: "s", key: "key-00002", payload: payload, write).replayed)
        // Malformed keys are refused before anything runs
        for bad in ["short", String(repeating: "k", count: 129), "has space!", "ключ-ключ-ключ"] {
            XCTAssertThrowsError(try store.idempotent(projectId: "p", route: "POST /x", scope: "s", key: bad, payload: payload, write)) {
                XCTAssertEqual(($0 as? APIError)?.code, "INVALID_IDEMPOTENCY_KEY")
            }
        }
    }

    func testAClaimMadeBeforeTheWriteChecksTheKeyAndHashesThePayloadOnce() throws {
        let hub = try HubHarness()
        defer { hub.shutdown() }
        try hub.start([.ingest])
        let store = hub.app!.store
        var writes = 0
        func write() throws -> (status: Int, body: [UInt8]) {
            writes += 1
            return (201, Array("{\"n\":\(writes)}".utf8))
        }
        func records() throws -> Int? { try store.db.scalar("SELECT count(*) FROM idempotency_records").intValue }
        // Malformed keys are refused when the claim is made, before any write is queued
        for bad in ["short", String(repeating: "k", count: 129), "has space!", "ключ-ключ-ключ"] {
            XCTAssertThrowsError(try IdempotencyClaim(key: bad, payload: [])) {
                XCTAssertEqual(($0 as? APIError)?.code, "INVALID_IDEMPOTENCY_KEY")
            }
        }
        XCTAssertNoThrow(try IdempotencyClaim(key: String(repeating: "k", count: 128), payload: []))
        // A claim holds the payload's SHA-256; without a key there is nothing to hash or record
        let claim = try XCTUnwrap(try IdempotencyClaim(key: "key-00003", payload: Array("abc".utf8)))
        XCTAssertEqual(claim.payloadHash, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertNil(try IdempotencyClaim(key: nil, payload: Array("abc".utf8))?.payloadHash)
        let before = try records()
        _ = try store.idempotent(projectId: "p", route: "POST /x", scope: "s", claim: IdempotencyClaim(key: nil, payload: []), write)
        XCTAssertEqual(try records(), before)
        // When a write runs under a claim, a retry through either entry point is replayed
        let first = try store.idempotent(projectId: "p", route: "POST /x", scope: "s", claim: claim, write)
        let retry = try store.idempotent(projectId: "p", route: "POST /x", scope: "s", key: "key-00003", payload: Array("abc".utf8), write)
        let again = try store.idempotent(projectId: "p", route: "POST /x", scope: "s", claim: claim, write)
        XCTAssertEqual(writes, 2)
        XCTAssertFalse(first.replayed)
        XCTAssertTrue(retry.replayed)
        XCTAssertTrue(again.replayed)
        XCTAssertEqual(retry.body, first.body)
        // And another payload under the key is a conflict
        XCTAssertThrowsError(
            try store.idempotent(
                projectId: "p", route: "POST /x", scope: "s", claim: IdempotencyClaim(key: "key-00003", payload: Array("abd".utf8)), write)
        ) {
            XCTAssertEqual(($0 as? APIError)?.code, "IDEMPOTENCY_CONFLICT")
        }
        XCTAssertEqual(writes, 2)
    }

    /// A running ingest with one project allowing `http://localhost`, and a guard whose
    /// community budget is `budget` requests a minute.
    private func guardedProject(budget: Int) throws -> (
        hub: HubHarness, store: IngestStore, org: Organization, project: Project, guardian: PublicRequestGuard
    ) {
        let hub = try HubHarness()
        try hub.start([.ingest])
        let store = hub.app!.store
        let org = try store.createOrganization(slug: "acme", name: "Acme")
        let project = try store.createProject(organizationId: org.id, name: "App", allowedOrigins: ["http://localhost"])
        let guardian = PublicRequestGuard(
            store: store, clock: SystemClock(), communityBudget: RateLimiter(limit: budget, window: 60, clock: SystemClock()))
        return (hub, store, org, project, guardian)
    }

    func testTheHandlerReusesWhatItsHeaderCheckResolvedAndStillSpendsTheBudget() throws {
        let (hub, store, org, project, guardian) = try guardedProject(budget: 3)
        defer { hub.shutdown() }
        func request() -> HTTPRequest {
            HTTPRequest(
                method: "POST", path: "/api/v1/ideas", rawQuery: "app_id=\(project.appId)&voter_token=abcdefghijklmnop",
                headers: HTTPHeaders([(name: "Origin", value: "http://localhost")]), body: [], remoteAddress: "192.0.2.7")
        }
        // Given a request whose head was checked (nothing spent)
        let first = request()
        let checked = try guardian.resolve(first, write: true, consume: false)
        // When the project's allowed origins change before its body is in
        var changes = AdminProjectChanges()
        changes.allowedOrigins = ["https://elsewhere.example"]
        _ = try store.updateProject(id: project.id, organizationId: org.id, changes: changes)
        // Then its handler answers from the checked head, for the same write and Origin rule only
        let handled = try guardian.resolve(first, write: true)
        XCTAssertEqual(handled.project, checked.project)
        XCTAssertThrowsError(try guardian.resolve(first, write: true, origin: .ifPresent)) {
            XCTAssertEqual(($0 as? APIError)?.code, "ORIGIN_NOT_ALLOWED")
        }
        // And another request is resolved afresh
        XCTAssertThrowsError(try guardian.resolve(request(), write: true, consume: false)) {
            XCTAssertEqual(($0 as? APIError)?.code, "ORIGIN_NOT_ALLOWED")
        }
        // And the handler calls spent the budget of 3: two above, one here, none left
        XCTAssertNoThrow(try guardian.resolve(request(), write: false))
        XCTAssertThrowsError(try guardian.resolve(request(), write: false)) { XCTAssertEqual(($0 as? APIError)?.code, "RATE_LIMITED") }
    }

    func testGuardResolvesProjectParticipantAndEnforcesPolicies() throws {
        let (hub, _, _, project, guardian) = try guardedProject(budget: 5)
        defer { hub.shutdown() }
        func request(_ query: String, headers: [(String, String)] = []) -> HTTPRequest {
            HTTPRequest(
                method: "POST", path: "/api/v1/ideas", rawQuery: query,
                headers: HTTPHeaders(headers.map { (name: $0.0, value: $0.1) }), body: [], remoteAddress: "192.0.2.7")
        }
        func code(_ body: () throws -> Void) -> String? {
            do {
                try body()
                return nil
            } catch { return (error as? APIError)?.code }
        }
        // App ID and voter token checks
        XCTAssertEqual(code { _ = try guardian.resolve(request("app_id=ab"), write: false) }, "INVALID_APP_ID")
        XCTAssertEqual(code { _ = try guardian.resolve(request("app_id=app_unknown"), write: false) }, "PROJECT_NOT_FOUND")
        XCTAssertEqual(
            code { _ = try guardian.resolve(request("app_id=\(project.appId)&voter_token=short"), write: false) }, "INVALID_QUERY")
        // Writes need an allowed Origin
        XCTAssertEqual(code { _ = try guardian.resolve(request("app_id=\(project.appId)"), write: true) }, "ORIGIN_NOT_ALLOWED")
        let ok = try guardian.resolve(
            request(
                "app_id=\(project.appId)&voter_token=abcdefghijklmnop",
                headers: [("Origin", "http://localhost")]), write: true)
        XCTAssertEqual(ok.project.id, project.id)
        XCTAssertEqual(ok.participant.key, "token:" + SHA256.hex("abcdefghijklmnop"))
        // The IP budget (5 here) runs out before the project is even looked up
        XCTAssertEqual(code { _ = try guardian.resolve(request("app_id=zz"), write: false) }, "RATE_LIMITED")
        // Policies
        let anonymous = Participant(identity: nil, voterTokenHash: nil)
        let token = Participant(identity: nil, voterTokenHash: "h")
        let verified = Participant(identity: VerifiedIdentity(email: "a@b.c", expiresAt: 0, properties: nil), voterTokenHash: nil)
        XCTAssertEqual(code { try guardian.require(.disabled, verified) }, "ACTION_DISABLED")
        XCTAssertEqual(code { try guardian.require(.identified, token) }, "IDENTITY_REQUIRED")
        XCTAssertEqual(code { try guardian.require(.anyone, anonymous) }, "IDENTITY_REQUIRED")
        XCTAssertNil(code { try guardian.require(.anyone, token) })
        XCTAssertNil(code { try guardian.require(.identified, verified) })
    }

    func testIdentitySecretIsSealedAtRestWhenAKeyringIsConfigured() throws {
        let hub = try HubHarness()
        defer { hub.shutdown() }
        try hub.start([.ingest])
        let keyring = try Keyring(spec: "v1:" + Hex.encode(SecureRandom.bytes(32)))
        let store = IngestStore(db: hub.app!.store.db, clock: SystemClock(), keyring: keyring)
        let org = try store.createOrganization(slug: "acme", name: "Acme")
        let project = try store.createProject(organizationId: org.id, name: "App", allowedOrigins: [])
        XCTAssertNil(try store.identitySecret(projectId: project.id))
        let sealed = try keyring.seal(Array("the-secret".utf8), associatedData: Array(project.id.utf8))
        try store.db.run("UPDATE projects SET identity_secret = ? WHERE id = ?", [.text(sealed), .text(project.id)])
        XCTAssertEqual(try store.identitySecret(projectId: project.id), "the-secret")
        // Sealed for another project (associated data) it does not open
        try store.db.run(
            "UPDATE projects SET identity_secret = ? WHERE id = ?",
            [.text(try keyring.seal(Array("x".utf8), associatedData: Array("other".utf8))), .text(project.id)])
        XCTAssertThrowsError(try store.identitySecret(projectId: project.id))
    }
}
