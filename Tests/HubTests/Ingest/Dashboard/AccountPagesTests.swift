import Foundation
import XCTest

@testable import IngestService

/// The pages around a session (issue: "Accounts, roles, sessions"): `/login`, `/logout`,
/// `/invite/{code}`, the password change, the compiled assets, and the gate every page passes:
/// a session, a same-origin post, the form token.
final class AccountPagesTests: XCTestCase {
    var admin: AdminClient!

    override func setUpWithError() throws { admin = try AdminClient() }
    override func tearDown() { admin?.shutdown() }

    func testAPageWithoutASessionSendsToSignInAndComesBack() throws {
        // When a browser without a session opens a dashboard page
        let reply = try PageSession(hub: admin.hub).get("/dashboard/account")
        // Then it goes to sign-in, which will bring it back
        XCTAssertEqual(reply.status, 303)
        XCTAssertEqual(reply.header("location"), "/login?next=%2Fdashboard%2Faccount")
    }

    func testSigningInSetsTheSessionCookieAndGoesWhereAsked() throws {
        // Given a person with a password
        try admin.person("ann@example.com")
        let browser = PageSession(hub: admin.hub)
        // When they sign in from the form, asked to go to their account page
        let reply = try browser.post(
            "/login", [("email", "Ann@Example.com"), ("password", "correct horse battery"), ("next", "/dashboard/account")])
        // Then the cookie is HttpOnly, SameSite=Lax, for the whole site, not Secure over http
        XCTAssertEqual(reply.status, 303)
        XCTAssertEqual(reply.header("location"), "/dashboard/account")
        let cookie = try XCTUnwrap(reply.header("set-cookie"))
        XCTAssertTrue(cookie.hasPrefix("appnorth_session="), cookie)
        for part in ["Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=2592000"] { XCTAssertTrue(cookie.contains(part), cookie) }
        XCTAssertFalse(cookie.contains("Secure"), cookie)
        // And the page opens with it
        let page = try browser.get("/dashboard/account")
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(page.text.contains("ann@example.com"))
    }

    func testAnotherSitesNextIsNotFollowed() throws {
        try admin.person("ann@example.com")
        let reply = try PageSession(hub: admin.hub).post(
            "/login", [("email", "ann@example.com"), ("password", "correct horse battery"), ("next", "//evil.example/x")])
        XCTAssertEqual(reply.header("location"), "/dashboard")
    }

    func testAWrongPasswordAndAnUnknownEmailGetTheSameAnswer() throws {
        try admin.person("ann@example.com")
        let wrongPassword = try PageSession(hub: admin.hub).post("/login", [("email", "ann@example.com"), ("password", "wrong password!")])
        let unknown = try PageSession(hub: admin.hub).post("/login", [("email", "bo@example.com"), ("password", "wrong password!")])
        XCTAssertEqual(wrongPassword.status, 401)
        XCTAssertEqual(unknown.status, 401)
        XCTAssertNil(wrongPassword.header("set-cookie"))
        XCTAssertEqual(
            wrongPassword.text.replacingOccurrences(of: "ann@example.com", with: "E"),
            unknown.text.replacingOccurrences(of: "bo@example.com", with: "E"))
        XCTAssertTrue(unknown.text.contains("Wrong email or password."))
    }

    func testTheEleventhSignInOfAMinuteFromOneAddressIsThrottled() throws {
        // Given ten refused attempts from one address (the limit is 10 a minute)
        for attempt in 1...10 {
            let reply = try PageSession(hub: admin.hub).post(
                "/login", [("email", "p\(attempt)@example.com"), ("password", "wrong password!")])
            XCTAssertEqual(reply.status, 401, "attempt \(attempt)")
        }
        // When an eleventh comes
        let reply = try PageSession(hub: admin.hub).post("/login", [("email", "p11@example.com"), ("password", "wrong password!")])
        // Then it is refused before any password is checked, with how long to wait
        XCTAssertEqual(reply.status, 429)
        XCTAssertNotNil(reply.header("retry-after"))
        XCTAssertTrue(reply.text.contains("Too many sign-in attempts."))
    }

    func testACrossOriginPostIsForbiddenOriginAndChangesNothing() throws {
        // Given a signed-in owner
        let browser = try admin.pages(as: "ann@example.com")
        // When another site posts the sign-out form with their cookie and form token
        let foreign = try browser.post("/logout", origin: "https://evil.example")
        // Or a post says nowhere where it comes from
        let unsaid = try browser.post("/logout", origin: nil)
        // Or another site posts a sign-in
        let login = try PageSession(hub: admin.hub).post(
            "/login", [("email", "ann@example.com"), ("password", "correct horse battery")], origin: "https://evil.example")
        // Then each is 403 FORBIDDEN_ORIGIN and the session lives on
        for reply in [foreign, unsaid, login] {
            XCTAssertEqual(reply.status, 403)
            XCTAssertTrue(reply.text.contains("FORBIDDEN_ORIGIN"), reply.text)
            XCTAssertNil(reply.header("set-cookie"))
        }
        XCTAssertEqual(try browser.get("/dashboard/account").status, 200)
        // While the same post from the hub's own page is taken (Sec-Fetch-Site alone will do)
        let own = try browser.post("/logout", origin: nil, headers: [("Sec-Fetch-Site", "same-origin")])
        XCTAssertEqual(own.status, 303)
    }

    func testAPostWithoutTheFormTokenIsRefused() throws {
        let browser = try admin.pages(as: "ann@example.com")
        let reply = try browser.post("/logout", withToken: false)
        XCTAssertEqual(reply.status, 403)
        XCTAssertTrue(reply.text.contains("FORBIDDEN"))
        XCTAssertEqual(try browser.get("/dashboard/account").status, 200)
    }

    func testSigningOutEndsTheSessionAtOnce() throws {
        let browser = try admin.pages(as: "ann@example.com")
        let old = try XCTUnwrap(browser.cookie)
        let reply = try browser.post("/logout")
        XCTAssertEqual(reply.status, 303)
        XCTAssertEqual(reply.header("location"), "/login?out=1")
        XCTAssertTrue(try XCTUnwrap(reply.header("set-cookie")).contains("Max-Age=0"))
        let again = try PageSession(hub: admin.hub, cookie: old).get("/dashboard/account")
        XCTAssertEqual(again.status, 303)
        XCTAssertEqual(again.header("location"), "/login?next=%2Fdashboard%2Faccount&ended=1")
    }

    func testAnInvitationLinkWorksOnceAndSignsIn() throws {
        // Given an invitation made by an owner
        let owner = try admin.person("ann@example.com")
        let invitation = try admin.store.createInvitation(email: "bo@example.com", role: .member, by: owner.session.actor)
        let path = "/invite/" + invitation.code
        let browser = PageSession(hub: admin.hub)
        // When the invitee opens it, it says what it is for
        let page = try browser.get(path)
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(page.text.contains("bo@example.com"))
        // And two different passwords are refused, naming the field and keeping the name
        let mismatch = try browser.post(path, [("name", "Bo"), ("password", "a good password"), ("passwordAgain", "another one!")])
        XCTAssertEqual(mismatch.status, 400)
        XCTAssertTrue(mismatch.text.contains("must be the same password"))
        XCTAssertTrue(mismatch.text.contains("value=\"Bo\""))
        // And a password of 9 characters is refused, one of 10 taken
        let short = try browser.post(path, [("name", "Bo"), ("password", "123456789"), ("passwordAgain", "123456789")])
        XCTAssertEqual(short.status, 400)
        let accepted = try browser.post(path, [("name", "Bo"), ("password", "1234567890"), ("passwordAgain", "1234567890")])
        XCTAssertEqual(accepted.status, 303)
        XCTAssertEqual(accepted.header("location"), "/dashboard")
        XCTAssertEqual(try browser.get("/dashboard/account").status, 200)
        // Then the link is used up
        XCTAssertEqual(try PageSession(hub: admin.hub).get(path).status, 404)
        let reused = try PageSession(hub: admin.hub).post(
            path, [("name", "Eve"), ("password", "1234567890"), ("passwordAgain", "1234567890")])
        XCTAssertEqual(reused.status, 404)
        XCTAssertNil(reused.header("set-cookie"))
    }

    func testChangingThePasswordEndsOtherSessionsAndKeepsThisOne() throws {
        let browser = try admin.pages(as: "ann@example.com")
        let other = try admin.signedIn(try admin.signIn("ann@example.com", "correct horse battery"))
        let reply = try browser.post(
            "/dashboard/account",
            [
                ("currentPassword", "correct horse battery"), ("newPassword", "staple battery horse"),
                ("newPasswordAgain", "staple battery horse"),
            ])
        XCTAssertEqual(reply.status, 303)
        XCTAssertEqual(reply.header("location"), "/dashboard/account?changed=1")
        XCTAssertEqual(try browser.get("/dashboard/account").status, 200)
        XCTAssertEqual(try PageSession(hub: admin.hub, cookie: other.token).get("/dashboard/account").status, 303)
        // And the fresh session's page carries its own form token, which the next post uses
        let wrong = try browser.post(
            "/dashboard/account", [("currentPassword", "not it at all"), ("newPassword", "0123456789"), ("newPasswordAgain", "0123456789")])
        XCTAssertEqual(wrong.status, 401)
        XCTAssertTrue(wrong.text.contains("The current password is not right"))
    }

    func testPagesSendTheirSecurityHeaders() throws {
        let reply = try PageSession(hub: admin.hub).get("/login")
        XCTAssertEqual(reply.status, 200)
        let policy = try XCTUnwrap(reply.header("content-security-policy"))
        XCTAssertFalse(policy.contains("unsafe-inline"))
        XCTAssertTrue(policy.contains("default-src"))
        XCTAssertEqual(reply.header("x-frame-options"), "DENY")
        XCTAssertEqual(reply.header("referrer-policy"), "same-origin")
    }

    func testAssetsAreServedUnderTheirHashForAYear() throws {
        let page = try PageSession(hub: admin.hub).get("/login").text
        let sheet = try XCTUnwrap(page.range(of: #"/assets/app\.[0-9a-f]+\.css"#, options: .regularExpression).map { String(page[$0]) })
        let reply = try admin.hub.get(sheet)
        XCTAssertEqual(reply.status, 200)
        XCTAssertEqual(reply.header("cache-control"), "public, max-age=31536000, immutable")
        XCTAssertTrue(reply.header("content-type")?.hasPrefix("text/css") ?? false)
        XCTAssertEqual(try admin.hub.get("/assets/app.0000000000.css").status, 404)
    }
}
