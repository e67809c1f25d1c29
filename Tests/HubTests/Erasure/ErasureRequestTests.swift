import Foundation
import XCTest

@testable import HubStore

/// `POST /projects/{id}/erasures` refuses what does not name exactly one participant, another
/// organization's project and a read token, recording nothing; `GET /erasures/{id}` shows only
/// the caller organization's own; an Idempotency-Key replays the first answer.
final class ErasureRequestTests: XCTestCase {
    var fixture: ErasureFixture!

    override func setUpWithError() throws { fixture = try ErasureFixture() }
    override func tearDown() { fixture?.shutdown() }

    func erasureCount() throws -> Int? { try fixture.ingestDB.scalar("SELECT count(*) FROM erasures").intValue }

    func testExactlyOneOfEmailAndVoterTokenNamesTheParticipant() throws {
        let f = fixture!
        // When a request names both, neither, a bad email or a bad voter token
        let refused: [[String: Any]] = [
            ["email": "ana@example.com", "voterToken": "voter-token-0000000001"], [:], ["email": "not an email"],
            ["voterToken": "short"], ["voterToken": String(repeating: "a", count: 129)], ["email": 42],
        ]
        for body in refused {
            let reply = try f.erase(body)
            // Then each is a 400 with a stable code
            XCTAssertEqual(reply.status, 400, "\(body): \(reply.text)")
            XCTAssertTrue(["INVALID_PAYLOAD", "INVALID_JSON"].contains(reply.code ?? ""), "\(body): \(reply.text)")
        }
        // And nothing was recorded
        XCTAssertEqual(try erasureCount(), 0)
        // When a request names only an email (in another case, spaced), or only a voter token of
        // 16 and of 128 characters, while the erasure job is held so that none is done and forgotten yet
        let tokens = [String(repeating: "a", count: 16), String(repeating: "b", count: 128)]
        let owners: [String] = try f.holdingErasureJob {
            var owners: [String] = []
            for body: [String: Any] in [["email": " Ana@Example.com "], ["voterToken": tokens[0]], ["voterToken": tokens[1]]] {
                let accepted = try f.erase(body)
                // Then it is accepted
                XCTAssertEqual(accepted.status, 202, "\(body): \(accepted.text)")
                let id = try XCTUnwrap(accepted.json["id"] as? String)
                owners.append(
                    try f.ingestDB.scalar("SELECT owner_value FROM erasures WHERE id = ?", [.text(id)]).stringValue ?? "")
            }
            return owners
        }
        XCTAssertEqual(try erasureCount(), 3)
        // And the stored owner is the normalized email or the token's SHA-256, never the token
        XCTAssertEqual(owners, ["ana@example.com", ErasureFixture.tokenHash(tokens[0]), ErasureFixture.tokenHash(tokens[1])])
    }

    func testAnotherOrganizationsProjectAndErasureAreNotFoundAndAReadTokenMayNotErase() throws {
        let f = fixture!
        let created = try f.erase(["email": "ana@example.com"])
        XCTAssertEqual(created.status, 202, created.text)
        let id = try XCTUnwrap(created.json["id"] as? String)
        // Given another organization with its own token
        let other = try f.push.createOrganization(slug: "other-org")
        // When it asks to erase in this organization's project, or reads this organization's erasure
        let foreign = try f.erase(["email": "ana@example.com"], token: other)
        let peek = try f.erasure(id, token: other)
        // Then both are 404, and nothing more was recorded
        XCTAssertEqual(foreign.status, 404, foreign.text)
        XCTAssertEqual(peek.status, 404, peek.text)
        XCTAssertEqual(try erasureCount(), 1)
        // And the organization's own token reads it
        XCTAssertEqual(try f.erasure(id).status, 200)
        // And an unknown erasure is 404 for it too
        XCTAssertEqual(try f.erasure("00000000000000000000000000").status, 404)
        // When a read token of the organization asks to erase
        let read = try f.push.createToken(name: "reader", scope: "read")
        let refused = try f.erase(["email": "bo@example.com"], token: read)
        // Then it is refused, and it may still follow the erasure
        XCTAssertEqual(refused.status, 403, refused.text)
        XCTAssertEqual(try f.erasure(id, token: read).status, 200)
        XCTAssertEqual(try erasureCount(), 1)
    }

    func testAnIdempotencyKeyReplaysTheFirstAnswer() throws {
        let f = fixture!
        // When the same request is sent twice with one key
        let first = try f.erase(["email": "ana@example.com"], key: "erase-key-0001")
        let again = try f.erase(["email": "ana@example.com"], key: "erase-key-0001")
        // Then the second is the first answer, replayed, and one erasure is recorded
        XCTAssertEqual(first.status, 202, first.text)
        XCTAssertEqual(again.status, 202, again.text)
        XCTAssertEqual(again.header("Idempotency-Replayed"), "true")
        XCTAssertEqual(again.json["id"] as? String, first.json["id"] as? String)
        XCTAssertEqual(try erasureCount(), 1)
        // And the same key with another participant conflicts
        XCTAssertEqual(try f.erase(["email": "bo@example.com"], key: "erase-key-0001").code, "IDEMPOTENCY_CONFLICT")
    }
}
