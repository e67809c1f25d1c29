import HubHTTPServer
import XCTest

@testable import Dashboard

/// Issue 20, the pages around a session: sign-in (one answer for a wrong email or password, a
/// throttle that says how long), an invitation or setup link, the password change, and the
/// error page for 403 and 404.
final class SignInPagesTests: XCTestCase {
    typealias Probe = PageMarkupProbe

    func testSignInHasOneAnswerForAWrongEmailOrPasswordAndNeverEchoesThePassword() {
        // Given a refused sign-in whose email is markup
        let markup = LoginPage(email: "<img src=x onerror=alert(1)>@x.com", message: .wrongEmailOrPassword).html().markup
        // Then the page says the one generic sentence, keeps the email as text and has no password value
        XCTAssertTrue(markup.contains("Wrong email or password."))
        XCTAssertTrue(markup.contains("value=\"&lt;img src=x onerror=alert(1)&gt;@x.com\""))
        XCTAssertTrue(
            markup.contains(
                "<input type=\"password\" name=\"password\" id=\"login-password\" required autocomplete=\"current-password\" autofocus>"))
        XCTAssertTrue(Probe.postActions(markup) == ["/login"])
        Probe.assertSafe(markup, formsCarryToken: false)
    }

    func testTheThrottleSaysHowLongToWaitOnBothSidesOfAMinute() {
        let cases = [
            (1, "Try again in 1 second."), (59, "Try again in 59 seconds."), (60, "Try again in 1 minute."),
            (61, "Try again in 2 minutes."),
        ]
        for (seconds, sentence) in cases {
            let markup = LoginPage(message: .throttled(retryAfterSeconds: seconds)).html().markup
            XCTAssertTrue(markup.contains("Too many sign-in attempts. " + sentence), String(seconds))
        }
    }

    func testNextIsKeptOnlyWhenItIsAPathOfThisHub() {
        // Given where to go after signing in
        let kept = LoginPage(next: "/dashboard/conversations/c1?x=1").html().markup
        XCTAssertTrue(kept.contains("<input type=\"hidden\" name=\"next\" value=\"/dashboard/conversations/c1?x=1\">"))
        // Then another site, in any spelling, is dropped
        for next in ["//evil.example/", "https://evil.example/", "/\\evil.example", "javascript:alert(1)", "dashboard", "/x\ny"] {
            XCTAssertFalse(LoginPage.isLocalPath(next), next)
            XCTAssertFalse(LoginPage(next: next).html().markup.contains("name=\"next\""), next)
        }
    }

    func testSignInCarriesAFormTokenWhenTheHubGivesOne() {
        XCTAssertEqual(Probe.postForms(LoginPage(formToken: Probe.token).html().markup).map(\.carriesToken), [true])
        XCTAssertFalse(LoginPage().html().markup.contains("name=\"_form\""))
    }

    func testAnUnusableLinkSaysSoAndLeadsToSignIn() {
        let markup = InvitePage(code: "dead", invitation: nil).html().markup
        XCTAssertTrue(markup.contains("This link can&#39;t be used"))
        XCTAssertTrue(markup.contains("It has expired (links last 7 days), was already used, or was revoked."))
        XCTAssertTrue(markup.contains("href=\"/login\""))
        XCTAssertEqual(Probe.postActions(markup), [])
    }

    func testSomeoneNewChoosesANameAndThePasswordTwice() {
        // Given an invitation for an email without an account, to an organization named with markup
        let invitation = InvitePage.Invitation(
            kind: "invitation", organizationName: "<script>Acme</script>", role: "admin", email: "new@example.com", accountExists: false,
            expiresAt: "2026-12-07T09:15:02.123Z")
        let markup = InvitePage(code: "Zx81kQ-_", invitation: invitation, formToken: Probe.token).html().markup
        // Then it shows the organization as text, the role and its meaning, and when the link expires
        XCTAssertTrue(markup.contains("Join &lt;script&gt;Acme&lt;/script&gt;"))
        XCTAssertTrue(markup.contains("<strong>Admin</strong>"))
        XCTAssertTrue(markup.contains("2026-12-07 09:15 UTC"))
        // And it posts the name and the password twice, each asking 10 to 200 characters
        XCTAssertEqual(Probe.postActions(markup), ["/invite/Zx81kQ-_"])
        XCTAssertTrue(markup.contains("name=\"name\""))
        XCTAssertEqual(Probe.count("minlength=\"10\" maxlength=\"200\" autocomplete=\"new-password\"", in: markup), 2)
        XCTAssertTrue(markup.contains("name=\"passwordAgain\""))
        Probe.assertSafe(markup)
    }

    func testSomeoneWithAnAccountConfirmsItsPasswordOnly() {
        let invitation = InvitePage.Invitation(
            kind: "invitation", organizationName: "Acme", role: "member", email: "ana@example.com", accountExists: true,
            expiresAt: "2026-12-07T09:15:02.123Z")
        let markup = InvitePage(code: "c", invitation: invitation, message: .wrongPassword).html().markup
        XCTAssertTrue(markup.contains("That is not the password of this account."))
        XCTAssertTrue(markup.contains("autocomplete=\"current-password\""))
        XCTAssertFalse(markup.contains("name=\"name\""))
        XCTAssertFalse(markup.contains("name=\"passwordAgain\""))
    }

    func testASetupLinkSaysSoAndProblemsSitByTheirFields() {
        let invitation = InvitePage.Invitation(
            kind: "setup", organizationName: "default", role: "owner", email: "op@example.com", accountExists: false,
            expiresAt: "2026-12-07T09:15:02.123Z")
        let page = InvitePage(
            code: "c", invitation: invitation, name: "Op <1>",
            problems: FormProblems(["password": ["must be 10-200 characters"], "passwordAgain": ["does not match"]]))
        let markup = page.html().markup
        XCTAssertTrue(markup.contains("<h1>Set up your account</h1>"))
        XCTAssertTrue(markup.contains("value=\"Op &lt;1&gt;\""))
        XCTAssertTrue(
            markup.contains("<div class=\"problems\" id=\"invite-new-password-problems\"><div>must be 10-200 characters</div></div>"))
        XCTAssertTrue(markup.contains("<div class=\"problems\" id=\"invite-new-password-again-problems\"><div>does not match</div></div>"))
    }

    func testThePasswordChangeAsksTheCurrentOneAndTheNewOneTwice() {
        // When the account page is drawn after a refused change
        let page = AccountPage(problems: FormProblems(["newPassword": ["must be 10-200 characters"]]), message: .wrongCurrentPassword)
        let markup = page.html(viewer: Probe.viewer(role: "member")).markup
        // Then it posts to the account with the form token, three password fields and no values
        XCTAssertEqual(Set(Probe.postActions(markup)), ["/dashboard/account", "/logout"])
        for field in ["currentPassword", "newPassword", "newPasswordAgain"] {
            XCTAssertTrue(markup.contains("type=\"password\" name=\"" + field + "\" id="), field)
        }
        XCTAssertEqual(Probe.count("type=\"password\" name=\"newPassword", in: markup), 2)
        XCTAssertTrue(markup.contains("The current password is not right; nothing was changed."))
        XCTAssertTrue(markup.contains("must be 10-200 characters"))
        XCTAssertTrue(markup.contains("Changing it signs you out everywhere else."))
        Probe.assertSafe(markup)
        // And after a change it says the other sessions ended
        XCTAssertTrue(
            AccountPage(message: .changed).html(viewer: Probe.viewer(role: "member")).markup.contains(
                "Your other sessions were signed out."))
    }

    func testAForbiddenOriginIsNamedInTheFrame() {
        // Given a cross-site post refused for a signed-in member
        let response = ErrorPage(status: 403, code: "FORBIDDEN_ORIGIN", correlationId: "c0ffee42").response(
            viewer: Probe.viewer(role: "member"))
        let markup = String(decoding: response.body, as: UTF8.self)
        // Then it is a 403 page with the pages' headers, in the frame, naming the code and reference
        XCTAssertEqual(response.status, 403)
        XCTAssertEqual(response.header("X-Frame-Options"), "DENY")
        XCTAssertTrue(markup.contains("class=\"side\""))
        XCTAssertTrue(markup.contains("<code>FORBIDDEN_ORIGIN</code>"))
        XCTAssertTrue(markup.contains("<code>c0ffee42</code>"))
        XCTAssertTrue(markup.contains("came from a page outside this hub"))
        Probe.assertSafe(markup)
    }

    func testAForbiddenRoleSaysWhichRoleAndWhoCan() {
        let markup = ErrorPage(status: 403, code: "FORBIDDEN").html(viewer: Probe.viewer(role: "member")).markup
        XCTAssertTrue(markup.contains("Your role (Member) does not allow this. An owner or admin can do it"))
        XCTAssertTrue(markup.contains("href=\"/dashboard\""))
    }

    func testNotFoundWithoutASessionLeadsToSignIn() {
        let response = ErrorPage(status: 404, code: "NOT_FOUND").response(viewer: nil)
        let markup = String(decoding: response.body, as: UTF8.self)
        XCTAssertEqual(response.status, 404)
        XCTAssertTrue(markup.contains("<h1>Not found</h1>"))
        XCTAssertTrue(markup.contains("href=\"/login\""))
        XCTAssertFalse(markup.contains("class=\"side\""))
    }
}
