import Foundation
import TestSupport
import XCTest

@testable import HubRuntime
@testable import IngestService

/// Verified identity (docs/http-conventions.md, "Verified identity") over real HTTP, with
/// credentials issued the way an app's backend issues them (an independent HMAC implementation
/// in Python): a good credential, a changed, expired, over-long or rotated one, signed
/// properties; plus the IP budget (docs/limits.md, "Rate limits") and the boards' final statuses.
final class VerifiedIdentityWalkTests: XCTestCase {
    var community: CommunityFixture!
    var ideaId = ""

    override func setUpWithError() throws {
        community = try CommunityFixture()
        try community.addBoard("members", policies: BoardPolicies(submission: .identified, vote: .identified, comment: .identified))
        let board = try community.store.boards(projectId: community.project.id).first { $0.slug == "members" }!
        ideaId = try community.store.submitIdea(
            projectId: community.project.id, board: board, title: "Members idea", description: "",
            authorName: nil, authorEmail: nil, authorKey: nil
        ).id
    }

    override func tearDown() { community?.shutdown() }

    /// Rotates the project's secret through the operator API and returns the new one.
    func rotateSecret() throws -> String {
        let response = try community.call("POST", "/projects/\(community.project.id)/identity-secret", token: community.organizationToken)
        XCTAssertEqual(response.status, 201)
        return try XCTUnwrap(response.json["secret"] as? String)
    }

    /// Headers as the SDK sends them, signed by a backend in Python: v1, or v2 when
    /// `properties` (a JSON object literal) is given. `canonical` false sends the object as written.
    func credential(
        secret: String, email: String = "  Ada@Example.COM ", expiresIn: Int = 900,
        properties: String? = nil, sendProperties: String? = nil
    ) throws -> [(String, String)] {
        let script = """
            import hmac, hashlib, json, sys, time, base64
            secret, project, email, expires_in, props, sent = sys.argv[1:7]
            email = email.strip().lower()
            expires = int(time.time()) + int(expires_in)
            if props == "-":
                payload = f"v1\\n{project}\\n{expires}\\n{email}"
                header = ""
            else:
                canonical = json.dumps(json.loads(props), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
                payload = f"v2\\n{project}\\n{expires}\\n{email}\\n{canonical}"
                body = canonical if sent == "-" else sent
                header = base64.urlsafe_b64encode(body.encode()).decode().rstrip("=")
            sig = hmac.new(secret.encode(), payload.encode(), hashlib.sha256).hexdigest()
            print(json.dumps({"email": email, "expires": expires, "sig": sig, "props": header}))
            """
        let out = try TestPython.script(
            script, [secret, community.project.id, email, String(expiresIn), properties ?? "-", sendProperties ?? "-"])
        let fields = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        var headers: [(String, String)] = [
            ("X-AppNorth-Identity-Email", fields["email"] as! String),
            ("X-AppNorth-Identity-Expires", String(fields["expires"] as! Int)),
            ("X-AppNorth-Identity-Signature", fields["sig"] as! String),
        ]
        if let props = fields["props"] as? String, !props.isEmpty { headers.append(("X-AppNorth-Identity-Properties", props)) }
        return headers
    }

    func vote(_ headers: [(String, String)]) throws -> HubReply {
        try community.send("PUT", "/ideas/\(ideaId)/vote", ["voted": true], token: nil, headers: headers)
    }

    func testAnIdentifiedActionWithABackendIssuedCredentialSucceeds() throws {
        // Given the secret created through the operator API and a credential signed by the backend
        let secret = try rotateSecret()
        // When the identified vote is sent with it
        let reply = try vote(try credential(secret: secret))
        // Then it is applied and counted for the normalized email
        XCTAssertEqual(reply.status, 200, reply.text)
        XCTAssertEqual(reply.json["applied"] as? Bool, true)
        XCTAssertEqual(
            try community.store.db.scalar("SELECT voter_key FROM votes WHERE idea_id = ?", [.text(ideaId)]).stringValue,
            "email:ada@example.com")
    }

    func testWithoutASecretTheProjectAnswersIdentityNotConfigured() throws {
        let reply = try vote(try credential(secret: "never-created"))
        XCTAssertEqual(reply.status, 401)
        XCTAssertEqual(reply.code, "IDENTITY_NOT_CONFIGURED")
    }

    func testChangedExpiredOverLongAndRotatedCredentialsAreInvalidIdentity() throws {
        let secret = try rotateSecret()
        let good = try credential(secret: secret)
        func changed(_ name: String, _ value: String) -> [(String, String)] { good.map { $0.0 == name ? ($0.0, value) : $0 } }
        let expires = Int(good[1].1)!
        let cases: [(String, [(String, String)])] = [
            ("another email", changed("X-AppNorth-Identity-Email", "eve@example.com")),
            ("a later expiry", changed("X-AppNorth-Identity-Expires", String(expires + 60))),
            (
                "a flipped signature digit",
                changed("X-AppNorth-Identity-Signature", String(good[2].1.dropLast()) + (good[2].1.hasSuffix("0") ? "1" : "0"))
            ),
            ("expired", try credential(secret: secret, expiresIn: -120)),
            ("valid for more than 24 hours", try credential(secret: secret, expiresIn: 24 * 3600 + 300)),
        ]
        for (why, headers) in cases {
            let reply = try vote(headers)
            XCTAssertEqual(reply.status, 401, why)
            XCTAssertEqual(reply.code, "INVALID_IDENTITY", why)
        }
        // When the secret is rotated, the credential that worked before stops working at once
        XCTAssertEqual(try vote(good).status, 200)
        let newSecret = try rotateSecret()
        XCTAssertEqual(try vote(good).code, "INVALID_IDENTITY")
        XCTAssertEqual(try vote(try credential(secret: newSecret)).status, 200)
    }

    func testSignedPropertiesAndEachOfTheirRules() throws {
        let secret = try rotateSecret()
        // A v2 credential with scalar properties verifies; an empty object is still v2
        XCTAssertEqual(try vote(try credential(secret: secret, properties: #"{"plan":"pro","seats":3,"beta":true}"#)).status, 200)
        XCTAssertEqual(try vote(try credential(secret: secret, properties: "{}")).status, 200)
        let manyKeys = "{" + (0..<21).map { "\"k\($0)\":1" }.joined(separator: ",") + "}"
        let bigValues = "{" + (0..<11).map { "\"k\($0)\":\"" + String(repeating: "v", count: 190) + "\"" }.joined(separator: ",") + "}"
        let rules: [(String, String, String?)] = [
            ("21 keys", manyKeys, nil),
            ("key starting with a digit", #"{"1plan":"pro"}"#, nil),
            ("key with a space", #"{"my plan":"pro"}"#, nil),
            ("key of 65 characters", "{\"" + String(repeating: "k", count: 65) + "\":1}", nil),
            ("constructor", #"{"constructor":"x"}"#, nil),
            ("null value", #"{"plan":null}"#, nil),
            ("object value", #"{"plan":{"tier":1}}"#, nil),
            ("array value", #"{"plan":[1]}"#, nil),
            ("string of 201 characters", "{\"plan\":\"" + String(repeating: "p", count: 201) + "\"}", nil),
            ("serialized over 2 KiB", bigValues, nil),
            ("keys not in canonical order", #"{"plan":"pro","beta":true}"#, #"{"plan":"pro","beta":true}"#),
            ("whitespace", #"{"plan":"pro"}"#, #"{"plan": "pro"}"#),
            ("properties changed after signing", #"{"plan":"pro"}"#, #"{"plan":"enterprise"}"#),
        ]
        for (why, properties, sent) in rules {
            let reply = try vote(try credential(secret: secret, properties: properties, sendProperties: sent))
            XCTAssertEqual(reply.status, 401, why)
            XCTAssertEqual(reply.code, "INVALID_IDENTITY", why)
        }
    }

    func testClosedIdeasFollowTheBoardsFinalStatuses() throws {
        // Given two ideas, one moved to the final status `done` by the team
        let open = try XCTUnwrap(try community.createIdea(title: "Still open")["id"] as? String)
        let shipped = try XCTUnwrap(try community.createIdea(title: "Already shipped")["id"] as? String)
        let response = try community.call("PATCH", "/ideas/\(shipped)", json: ["status": "done"], token: community.organizationToken)
        XCTAssertEqual(response.status, 200)
        // Then the board marks which statuses are final, and filtering by them separates the two
        let boards = try community.get("/boards").json["boards"] as? [[String: Any]] ?? []
        let statuses = (boards.first { $0["slug"] as? String == "ideas" }?["statuses"] as? [[String: Any]]) ?? []
        let finals = statuses.filter { $0["isFinal"] as? Bool == true }.compactMap { $0["slug"] as? String }
        XCTAssertEqual(finals, ["done", "declined"])
        let closed = try finals.flatMap { try community.items("/ideas", ["board": "ideas", "status": $0]) }.compactMap {
            $0["id"] as? String
        }
        let stillOpen = try community.items("/ideas", ["board": "ideas", "status": "open"]).compactMap { $0["id"] as? String }
        XCTAssertEqual(closed, [shipped])
        XCTAssertEqual(stillOpen, [open])
        XCTAssertEqual(
            try community.get("/ideas/\(shipped)").json["status"] as? [String: String],
            ["slug": "done", "label": "Done", "color": "#16A34A"])
    }
}

final class CommunityRateLimitTests: XCTestCase {
    func testTheIPBudgetAnswers429WithRetryAfterBeforeTheProjectIsResolved() throws {
        // Given a budget of 3 public requests per minute per IP
        let community = try CommunityFixture(environment: ["APPNORTH_COMMUNITY_RATE_PER_MIN": "3"])
        defer { community.shutdown() }
        for _ in 0..<3 { XCTAssertEqual(try community.get("/boards").status, 200) }
        // When a fourth arrives, even for an App ID that does not exist
        let limited = try community.get("/boards", appId: "app_does_not_exist")
        // Then it is 429 RATE_LIMITED with Retry-After and the error envelope
        XCTAssertEqual(limited.status, 429)
        XCTAssertEqual(limited.code, "RATE_LIMITED")
        XCTAssertEqual(limited.header("retry-after"), "20")
        XCTAssertEqual(limited.json["correlationId"] as? String, limited.header("x-correlation-id"))
        // And operator routes are not part of the community budget
        XCTAssertNotEqual(try community.hub.get("/healthz").status, 429)
    }
}
