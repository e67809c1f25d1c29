import Foundation
import XCTest

@testable import HubRuntime
@testable import IngestService

/// The identity handoff (`POST /api/v1/identity/handoff`) and its exchange on the hosted
/// roadmap: a code's 60 seconds and single use, the budgets of 30 a minute per address and 20
/// per project, and a secret rotation ending the sessions it opened.
final class RoadmapHandoffTests: XCTestCase {
    var clock: ManualClock!
    var hub: HubHarness!
    var store: IngestStore!
    var project: Project!
    var secret = ""

    override func setUpWithError() throws {
        clock = ManualClock(Date())
        hub = try HubHarness(environment: OperatorAPI.environment([:]), clock: clock)
        try hub.start([.ingest])
        store = hub.app!.store
        let token = try hub.createOrganization(slug: "acme")
        project = try XCTUnwrap(store.project(id: hub.createProject(token: token)))
        secret = try store.rotateIdentitySecret(projectId: project.id)
    }

    override func tearDown() { hub?.shutdown() }

    private func handoff(_ email: String = "ana@example.com", for project: Project? = nil, body: Any? = nil) throws -> HubReply {
        let target = project ?? self.project!
        let expires = Int64(clock.now().timeIntervalSince1970) + 3_600
        return try hub.request(
            "POST", "/api/v1/identity/handoff?app_id=\(target.appId)",
            headers: IdentityCredential.headers(email: email, projectId: target.id, secret: secret, expires: expires), json: body ?? [:])
    }

    /// The code in a handoff URL's fragment.
    private func code(of reply: HubReply) throws -> String {
        XCTAssertEqual(reply.status, 201, reply.text)
        let url = try XCTUnwrap(reply.json["url"] as? String)
        return try XCTUnwrap(url.components(separatedBy: "#handoff=").last)
    }

    /// The exchange as the page's script posts it, with an anonymous page's form token.
    private func exchange(_ code: String, cookie: String? = nil) throws -> HubReply {
        let page = try hub.get("/roadmap/\(project.appId)")
        let token = try XCTUnwrap(
            page.text.range(of: #"name="_form" value="([^"]+)""#, options: .regularExpression).map {
                String(page.text[$0].dropFirst(20).dropLast())
            })
        let form = "_form=\(token)&code=\(code)&next=/roadmap/\(project.appId)"
        var headers = [("Origin", hub.baseURL)]
        if let cookie { headers.append(("Cookie", cookie)) }
        return try hub.request(
            "POST", "/roadmap/\(project.appId)/session", headers: headers, body: Array(form.utf8),
            contentType: "application/x-www-form-urlencoded")
    }

    private func sessionCookie(_ reply: HubReply) -> String? {
        reply.headers.first { $0.0 == "set-cookie" && $0.1.hasPrefix("appnorth_roadmap=") }.map { String($0.1.prefix { $0 != ";" }) }
    }

    func testACodeOpensASessionWithin60SecondsOnceAndIsRefusedAt61() throws {
        // Given a handoff URL, which names neither the credential nor the secret
        let reply = try handoff()
        let url = try XCTUnwrap(reply.json["url"] as? String)
        XCTAssertEqual(reply.json["expiresIn"] as? Int, 60)
        XCTAssertTrue(url.hasPrefix(hub.baseURL + "/roadmap/\(project.appId)#handoff="), url)
        XCTAssertFalse(url.contains(secret))
        let first = try code(of: reply)
        let late = try code(of: try handoff())

        // When the first is exchanged 59 s later
        clock.advance(by: 59)
        let opened = try exchange(first)

        // Then it opens a seven-day session of this roadmap only
        XCTAssertEqual(opened.status, 303, opened.text)
        let setCookie = try XCTUnwrap(opened.headers.first { $0.0 == "set-cookie" }?.1)
        XCTAssertTrue(setCookie.contains("Path=/roadmap/\(project.appId);"), setCookie)
        XCTAssertTrue(
            setCookie.contains("Max-Age=604800") && setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Lax"), setCookie)
        // And the same code a second time is refused
        let again = try exchange(first)
        XCTAssertEqual(again.status, 410)
        XCTAssertTrue(again.text.contains("This link was already used."))
        XCTAssertNil(sessionCookie(again))

        // When the other code is used 61 s after it was made
        clock.advance(by: 2)
        let expired = try exchange(late)
        // Then it is refused as expired
        XCTAssertEqual(expired.status, 410)
        XCTAssertTrue(expired.text.contains("This link has expired."))
        XCTAssertNil(sessionCookie(expired))
    }

    func testHandoffBudgetsAre20AMinutePerProjectAnd30PerAddress() throws {
        // Given two projects of one organization
        let otherId = try hub.createProject(name: "Other", token: try hub.createOrganization(slug: "beta"))
        let other = try XCTUnwrap(store.project(id: otherId))
        let otherSecret = try store.rotateIdentitySecret(projectId: otherId)

        // When one address asks 21 times for the first project
        for _ in 0..<20 { XCTAssertEqual(try handoff().status, 201) }
        let overProject = try handoff()
        // Then the 21st is refused by the project's budget
        XCTAssertEqual(overProject.status, 429)
        XCTAssertEqual(overProject.code, "RATE_LIMITED")
        XCTAssertNotNil(overProject.header("Retry-After"))

        // When it goes on with the other project: its 30th request is answered, its 31st is not
        secret = otherSecret
        for _ in 0..<9 { XCTAssertEqual(try handoff(for: other).status, 201) }
        let overAddress = try handoff(for: other)
        XCTAssertEqual(overAddress.status, 429)
        XCTAssertNotNil(overAddress.header("Retry-After"))

        // And a minute later both budgets are back
        clock.advance(by: 60)
        XCTAssertEqual(try handoff(for: other).status, 201)
    }

    func testARequestWithoutAVerifiedIdentityGetsNoCode() throws {
        // When the handoff is asked without a credential, or for an idea that is not public
        let anonymous = try hub.request("POST", "/api/v1/identity/handoff?app_id=\(project.appId)", json: [:])
        let unknownIdea = try handoff(body: ["idea": "no-such-idea"])
        // Then neither makes a code
        XCTAssertEqual(anonymous.status, 401)
        XCTAssertEqual(anonymous.code, "IDENTITY_REQUIRED")
        XCTAssertEqual(unknownIdea.status, 404)
        XCTAssertEqual(try store.db.scalar("SELECT count(*) FROM handoff_codes").intValue, 0)
    }

    func testRotatingTheIdentitySecretEndsTheRoadmapSessions() throws {
        // Given ana signed in on the roadmap through a handoff
        let cookie = try XCTUnwrap(sessionCookie(try exchange(try code(of: try handoff()))))
        let signedIn = try hub.get("/roadmap/\(project.appId)", headers: [("Cookie", cookie)])
        XCTAssertTrue(signedIn.text.contains("Signed in as ana@example.com"))
        XCTAssertEqual(signedIn.header("Cache-Control"), "private, no-store")

        // When the project's secret is rotated, within the same millisecond
        secret = try store.rotateIdentitySecret(projectId: project.id)
        let after = try hub.get("/roadmap/\(project.appId)", headers: [("Cookie", cookie)])

        // Then her cookie opens no session any more, and the answer removes it
        XCTAssertEqual(after.status, 200)
        XCTAssertFalse(after.text.contains("Signed in as"))
        let cleared = try XCTUnwrap(after.headers.first { $0.0 == "set-cookie" }?.1)
        XCTAssertTrue(cleared.hasPrefix("appnorth_roadmap=;") && cleared.contains("Max-Age=0"), cleared)
    }
}
