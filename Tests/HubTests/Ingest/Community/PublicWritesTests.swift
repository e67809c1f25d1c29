import Foundation
import XCTest

@testable import IngestService

/// Community writes: retries with Idempotency-Key, input limits, body size, policies and identity.
final class PublicWritesTests: XCTestCase {
    var community: CommunityFixture!

    override func setUpWithError() throws { community = try CommunityFixture() }
    override func tearDown() { community?.shutdown() }

    private func ideaCount() throws -> Int { try community.store.db.scalar("SELECT count(*) FROM ideas").intValue ?? -1 }

    func testSameKeyAndPayloadCreatesOneIdeaAndReplaysTheBodyWhileAChangedPayloadConflicts() throws {
        let payload: [String: Any] = ["board": "ideas", "title": "Sync with iCloud", "description": "Across devices"]
        // When the same creation is sent twice with one key
        let first = try community.send("POST", "/ideas", payload, key: "retry-key-0001")
        let second = try community.send("POST", "/ideas", payload, key: "retry-key-0001")
        // Then one idea exists and the retry got the identical response, marked as a replay
        XCTAssertEqual(first.status, 201)
        XCTAssertEqual(second.status, 201)
        XCTAssertEqual(second.body, first.body)
        XCTAssertNil(first.header("Idempotency-Replayed"))
        XCTAssertEqual(second.header("Idempotency-Replayed"), "true")
        XCTAssertEqual(try ideaCount(), 1)
        // When the key is reused with another payload
        var changed = payload
        changed["title"] = "Sync with iCloud Drive"
        let conflict = try community.send("POST", "/ideas", changed, key: "retry-key-0001")
        XCTAssertEqual(conflict.status, 409)
        XCTAssertEqual(conflict.code, "IDEMPOTENCY_CONFLICT")
        XCTAssertEqual(try ideaCount(), 1)
        // And another participant's key space, a new key, or no key create new ideas; a bad key creates nothing
        XCTAssertEqual(try community.send("POST", "/ideas", payload, token: "other-voter-token-0001", key: "retry-key-0001").status, 201)
        XCTAssertEqual(try community.send("POST", "/ideas", payload, key: "retry-key-0002").status, 201)
        XCTAssertEqual(try community.send("POST", "/ideas", payload).status, 201)
        XCTAssertEqual(try community.send("POST", "/ideas", payload, key: "bad key!").code, "INVALID_IDEMPOTENCY_KEY")
        XCTAssertEqual(try ideaCount(), 4)
        // And comments replay the same way
        let id = try XCTUnwrap(first.json["value"].flatMap { ($0 as? [String: Any])?["id"] as? String })
        let c1 = try community.send("POST", "/ideas/\(id)/comments", ["body": "Yes please"], key: "comment-key-01")
        let c2 = try community.send("POST", "/ideas/\(id)/comments", ["body": "Yes please"], key: "comment-key-01")
        XCTAssertEqual(c1.status, 201)
        XCTAssertEqual(c2.body, c1.body)
        XCTAssertEqual(
            try community.send("POST", "/ideas/\(id)/comments", ["body": "No thanks"], key: "comment-key-01").code,
            "IDEMPOTENCY_CONFLICT")
        XCTAssertEqual(try community.get("/ideas/\(id)").json["commentCount"] as? Int, 1)
    }

    func testACreatedIdeaAnswersWhatReadingItBackAnswers() throws {
        let store = community.store
        _ = try community.addBoard("moderated", moderation: .ideas)
        for slug in ["ideas", "moderated"] {
            let board = try XCTUnwrap(try store.boards(projectId: community.projectId).first { $0.slug == slug })
            for authorKey in [nil, "participant-key-1"] as [String?] {
                // When an idea is created on an open and on a moderated board, with and without an author key
                let created = try store.submitIdea(
                    projectId: community.projectId, board: board, title: "Read back \(slug)", description: "Words",
                    authorName: authorKey == nil ? nil : "Ana", authorEmail: nil, authorKey: authorKey)
                // Then what it answers is what reading it back for the same viewer answers
                XCTAssertEqual(created, try store.communityIdea(id: created.id, viewerKey: authorKey), "\(slug) \(authorKey ?? "nil")")
            }
        }
    }

    func testInputLimitsAnswerInvalidPayloadWithEveryFieldError() throws {
        // Title of 3 and an author name of 81 in one request: both reported
        let short = try community.send(
            "POST", "/ideas", ["board": "ideas", "title": "abc", "authorName": String(repeating: "n", count: 81)])
        XCTAssertEqual(short.status, 400)
        XCTAssertEqual(short.code, "INVALID_PAYLOAD")
        XCTAssertEqual(Set(short.fields.keys), ["title", "authorName"])
        let long = try community.send(
            "POST", "/ideas",
            [
                "board": "ideas", "title": String(repeating: "t", count: 141),
                "description": String(repeating: "d", count: 4_001),
            ])
        XCTAssertEqual(Set(long.fields.keys), ["title", "description"])
        let missing = try community.send("POST", "/ideas", ["title": "No board given"])
        XCTAssertEqual(missing.fields["board"], ["is required"])
        XCTAssertEqual(try community.send("POST", "/ideas", ["board": "nope", "title": "Unknown board"]).fields.keys.first, "board")
        XCTAssertEqual(try ideaCount(), 0)
        // Bounds themselves are accepted
        let edge = try community.send(
            "POST", "/ideas",
            [
                "board": "ideas", "title": String(repeating: "t", count: 140),
                "description": String(repeating: "d", count: 4_000),
                "authorName": String(repeating: "n", count: 80),
            ])
        XCTAssertEqual(edge.status, 201, edge.text)
        XCTAssertEqual((edge.json["value"] as? [String: Any])?["authorName"] as? String, String(repeating: "n", count: 80))
        // Comments: 1 character is too short, 2,001 too long, an empty author name is refused
        let id = try XCTUnwrap((edge.json["value"] as? [String: Any])?["id"] as? String)
        XCTAssertEqual(try community.send("POST", "/ideas/\(id)/comments", ["body": "x"]).fields.keys.first, "body")
        XCTAssertEqual(
            try community.send("POST", "/ideas/\(id)/comments", ["body": String(repeating: "c", count: 2_001)]).code, "INVALID_PAYLOAD")
        XCTAssertEqual(
            try community.send("POST", "/ideas/\(id)/comments", ["body": "ok", "authorName": ""]).fields.keys.first, "authorName")
        XCTAssertEqual(try community.send("POST", "/ideas/\(id)/comments", ["body": "ok", "authorName": "Ann"]).status, 201)
        // Wrong types and non-JSON bodies
        XCTAssertEqual(try community.send("POST", "/ideas", ["board": "ideas", "title": 42]).code, "INVALID_JSON")
        let plain = try community.send("POST", "/ideas", bytes: Array("title".utf8), contentType: "text/plain")
        XCTAssertEqual(plain.status, 415)
    }

    func testCommunityBodiesOver32000BytesAre413() throws {
        let body = Array("{\"board\":\"ideas\",\"title\":\"Big\",\"description\":\"\(String(repeating: "x", count: 33_000))\"}".utf8)
        for path in ["/ideas", "/ideas/any/comments", "/ideas/any/vote"] {
            let response = try community.send(path.hasSuffix("vote") ? "PUT" : "POST", path, bytes: body)
            XCTAssertEqual(response.status, 413, path)
        }
        XCTAssertEqual(try ideaCount(), 0)
    }

    func testPoliciesDisabledAndIdentifiedWithAndWithoutAVerifiedIdentity() throws {
        // Given a board with everything disabled and one for identified members only
        try community.addBoard("locked", policies: BoardPolicies(submission: .disabled, vote: .disabled, comment: .disabled))
        try community.addBoard("members", policies: BoardPolicies(submission: .identified, vote: .identified, comment: .identified))
        let boards = try community.store.boards(projectId: community.project.id)
        let locked = try community.store.submitIdea(
            projectId: community.project.id, board: boards.first { $0.slug == "locked" }!,
            title: "Seeded", description: "", authorName: nil, authorEmail: nil, authorKey: nil)
        // Then disabled actions are 403 ACTION_DISABLED even for a verified identity
        let identity = try community.identityHeaders(email: "Ann@Example.com".lowercased())
        for (method, path, body) in [
            ("POST", "/ideas", ["board": "locked", "title": "Not allowed"] as [String: Any]),
            ("PUT", "/ideas/\(locked.id)/vote", ["voted": true]),
            ("POST", "/ideas/\(locked.id)/comments", ["body": "Not allowed"]),
        ] {
            let reply = try community.send(method, path, body, headers: identity)
            XCTAssertEqual(reply.status, 403, path)
            XCTAssertEqual(reply.code, "ACTION_DISABLED", path)
        }
        // And identified actions need a verified identity, not just a voter token
        let anonymous = try community.send("POST", "/ideas", ["board": "members", "title": "Members only"])
        XCTAssertEqual(anonymous.status, 401)
        XCTAssertEqual(anonymous.code, "IDENTITY_REQUIRED")
        // When a valid v1 credential is sent
        let created = try community.send(
            "POST", "/ideas", ["board": "members", "title": "Members only", "authorName": "Ann"],
            token: nil, headers: identity)
        XCTAssertEqual(created.status, 201, created.text)
        let id = try XCTUnwrap((created.json["value"] as? [String: Any])?["id"] as? String)
        XCTAssertEqual(
            try community.store.db.scalar("SELECT author_key FROM ideas WHERE id = ?", [.text(id)]).stringValue,
            "email:ann@example.com")
        XCTAssertFalse(created.text.contains("ann@example.com"), "the email is never exposed")
        let vote = try community.send("PUT", "/ideas/\(id)/vote", ["voted": true], token: nil, headers: identity)
        XCTAssertEqual(vote.json["applied"] as? Bool, true)
        XCTAssertEqual(try community.send("PUT", "/ideas/\(id)/vote", ["voted": true]).code, "IDENTITY_REQUIRED")
        XCTAssertEqual(
            try community.send("POST", "/ideas/\(id)/comments", ["body": "Signed in"], token: nil, headers: identity).status, 201)
        // Then the identity's vote shows as hasVoted for it (also alongside a voter token) and not for the token alone
        XCTAssertEqual(try community.get("/ideas/\(id)", token: nil, headers: identity).json["hasVoted"] as? Bool, true)
        XCTAssertEqual(try community.get("/ideas/\(id)", headers: identity).json["hasVoted"] as? Bool, true)
        XCTAssertEqual(try community.get("/ideas/\(id)").json["hasVoted"] as? Bool, false)
        // And a forged signature is INVALID_IDENTITY; `anyone` without token or identity is IDENTITY_REQUIRED
        var forged = identity
        forged[2].1 = String(repeating: "0", count: 64)
        XCTAssertEqual(
            try community.send("POST", "/ideas", ["board": "members", "title": "Forged one"], headers: forged).code, "INVALID_IDENTITY")
        XCTAssertEqual(
            try community.send("POST", "/ideas", ["board": "ideas", "title": "Nobody at all"], token: nil).code, "IDENTITY_REQUIRED")
    }

    func testWritesNeedAnAllowedOrigin() throws {
        XCTAssertEqual(
            try community.send("POST", "/ideas", ["board": "ideas", "title": "No origin"], origin: nil).code, "ORIGIN_NOT_ALLOWED")
        XCTAssertEqual(
            try community.send("POST", "/ideas", ["board": "ideas", "title": "Evil origin"], origin: "https://evil.example").status, 403)
        XCTAssertEqual(try ideaCount(), 0)
    }
}
