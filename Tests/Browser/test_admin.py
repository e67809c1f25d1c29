"""Signing in, the team and the apps, as the owner and a member do them in the dashboard
(issue 20's acceptance: the owner signs in; invites a member who accepts; a token is created
and revoked; the member cannot open settings or change credentials; a removed member's
session and tokens stop at once), checked against the operator API."""
import re

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from selenium.webdriver.support import expected_conditions as shown

from harness.chrome import PHONE


def submit(browser, form_css):
    """Clicks the form's submit button, as a person does."""
    browser.find(form_css + " button[type=submit]").click()


def confirm(browser):
    """Accepts the question a `data-confirm` form asks."""
    browser.wait_until(shown.alert_is_present(), "the confirmation to be asked").accept()


def type_into(browser, css, text):
    field = browser.find(css)
    field.clear()
    field.send_keys(text)


def sign_in_form(browser, email, password):
    type_into(browser, "input[name=email]", email)
    type_into(browser, "input[name=password]", password)
    submit(browser, "form")


def test_owner_signs_in_through_the_login_form(browser, team):
    # Given the first owner, made with deploy/appnorth user add and their setup link
    owner = team.owner

    # When they open the apps page without a session
    browser.open("/dashboard/apps")

    # Then the sign-in page asks for email and password, and will bring them back
    browser.wait_url("/login?next=")
    browser.wait_for("input[name=email]")
    browser.shot("login")

    # When the password is wrong, one sentence says so, never which of the two was wrong
    sign_in_form(browser, owner.email, owner.password + "x")
    browser.wait_text(".flash.bad", "Wrong email or password.")
    assert browser.text(".flash.bad") == "Wrong email or password."
    assert browser.find("input[name=email]").get_attribute("value") == owner.email
    browser.shot("login-error")
    # The refused post is answered 401, which the console logs as a failed load: expected here.
    assert all("/login" in error and "401" in error for error in browser.console_errors())

    # When they type it right, they land where they were going, signed in
    type_into(browser, "input[name=password]", owner.password)
    submit(browser, "form")
    browser.wait_url("/dashboard/apps")
    browser.wait_text("nav.side .me", owner.name)
    assert browser.find_all("nav.side a[href='/dashboard/settings']")
    assert browser.console_errors() == []


def test_owner_invites_a_member_who_joins(browser, open_browser, team, operator):
    # Given the owner on Settings
    team.sign_in(browser, team.owner, "/dashboard/settings")
    email = "new-member@example.com"

    # When they make an invitation link for a member
    type_into(browser, "form[action='/dashboard/settings/invitations'] input[name=email]", email)
    browser.find("form[action='/dashboard/settings/invitations'] input[name=role][value=member]").click()
    submit(browser, "form[action='/dashboard/settings/invitations']")

    # Then the link is shown, once
    link = browser.wait_for("pre[aria-label='Invitation link']").text.strip()
    assert re.fullmatch(r"https?://\S+/invite/\S+", link), link
    browser.shot("settings-invitation")
    browser.open("/dashboard/settings")
    assert email in browser.text("#invitations")
    assert link not in browser.driver.page_source

    # When the member opens it in another browser, on a phone, and sets name and password
    member = open_browser(PHONE, label="member")
    member.open(link)
    member.wait_text("main", email)
    member.shot("invite")
    type_into(member, "input[name=name]", "Nia Member")
    type_into(member, "input[name=password]", "a long enough password")
    type_into(member, "input[name=passwordAgain]", "a long enough password")
    submit(member, "form")

    # Then they land in the dashboard, signed in as a member without Settings
    member.wait_url("/dashboard")
    member.open("/dashboard/apps")
    member.wait_text("nav.side .me", "Nia Member")
    assert not member.find_all("nav.side a[href='/dashboard/settings']")
    members = operator.get("/organization/members").expect(200).json["items"]
    assert [m["role"] for m in members if m["email"] == email] == ["member"]
    # And the link is used up
    again = open_browser(label="again").open(link)
    again.wait_text("main", "This link can't be used")


def test_token_made_in_settings_works_until_revoked(browser, team, operator):
    # Given the owner on Settings
    team.sign_in(browser, team.owner, "/dashboard/settings")

    # When they make a write token
    type_into(browser, "form[action='/dashboard/settings/tokens'] input[name=name]", "Deploy script")
    browser.find("form[action='/dashboard/settings/tokens'] input[name=scope][value=write]").click()
    submit(browser, "form[action='/dashboard/settings/tokens']")

    # Then its value is shown once, and it works against the operator API
    value = browser.wait_for("pre[aria-label='API token']").text.strip()
    browser.shot("settings-token")
    with_token = operator.with_token(value)
    with_token.get("/projects").expect(200)
    browser.open("/dashboard/settings")
    assert value not in browser.driver.page_source

    # When they revoke it
    browser.find("button[aria-label='Revoke Deploy script']").click()
    confirm(browser)

    # Then the page says so, and the very next call with it is 401
    browser.wait_text(".flash.ok", "Token revoked.")
    refused = with_token.get("/projects")
    assert (refused.status, refused.code) == (401, "UNAUTHORIZED")
    browser.shot("settings")


def test_member_cannot_open_settings_or_change_credentials(browser, team, operator, project):
    # Given a member on an app's page
    member = team.person(role="member")
    team.sign_in(browser, member, f"/dashboard/apps/{project.id}")
    browser.wait_text("main", project.app_id)

    # Then the page hides Settings and the secret and key forms
    assert not browser.find_all("nav.side a[href='/dashboard/settings']")
    assert not browser.find_all("form[action$='/identity-secret']")
    assert not browser.find_all("form[action$='/push-credentials']")
    browser.shot("member-app")

    # When they open Settings anyway, the server answers 403
    browser.open("/dashboard/settings")
    browser.wait_text("main", "FORBIDDEN")
    browser.shot("forbidden")

    # When they post the identity secret form, built by script with their own form token
    browser.open(f"/dashboard/apps/{project.id}")
    browser.run_js(
        """
        const form = document.createElement("form");
        form.method = "post";
        form.action = arguments[0];
        const token = document.createElement("input");
        token.type = "hidden";
        token.name = "_form";
        token.value = document.querySelector("input[name=_form]").value;
        form.appendChild(token);
        document.body.appendChild(form);
        form.submit();
        """,
        f"/dashboard/apps/{project.id}/identity-secret",
    )

    # Then it is refused, and the app still has no secret
    browser.wait_text("main", "FORBIDDEN")
    assert operator.get(f"/projects/{project.id}").expect(200).json["identityConfigured"] is False


def test_removed_member_is_signed_out_and_their_token_stops(browser, open_browser, team, operator):
    # Given an admin signed in, with a token they made
    departing = team.person(role="admin", name="Dana Departing")
    theirs = open_browser(label="admin")
    team.sign_in(theirs, departing, "/dashboard/settings")
    type_into(theirs, "form[action='/dashboard/settings/tokens'] input[name=name]", "Dana script")
    submit(theirs, "form[action='/dashboard/settings/tokens']")
    value = theirs.wait_for("pre[aria-label='API token']").text.strip()
    operator.with_token(value).get("/projects").expect(200)

    # When the owner removes them
    team.sign_in(browser, team.owner, "/dashboard/settings")
    browser.find("button[aria-label='Remove Dana Departing']").click()
    confirm(browser)
    browser.wait_text(".flash.ok", "Member removed.")

    # Then their next page goes to sign-in, and their token is refused
    theirs.open("/dashboard/apps")
    theirs.wait_url("/login")
    refused = operator.with_token(value).get("/projects")
    assert (refused.status, refused.code) == (401, "UNAUTHORIZED")


def test_app_made_on_the_apps_page_with_secret_and_key(browser, team, operator, tmp_path):
    # Given the owner on the apps page
    team.sign_in(browser, team.owner, "/dashboard/apps")
    browser.shot("apps")

    # When they create an app
    type_into(browser, "form[action='/dashboard/apps'] input[name=name]", "Field Notes")
    type_into(browser, "form[action='/dashboard/apps'] textarea[name=allowedOrigins]", "http://localhost\nhttps://notes.example.com")
    browser.find("form[action='/dashboard/apps'] input[name=chatMode][value=anyone]").click()
    submit(browser, "form[action='/dashboard/apps']")

    # Then its install page shows the App ID and the SDK snippet filled in for it
    browser.wait_text(".flash.ok", "App created.")
    made = [p for p in operator.get("/projects").expect(200).json["items"] if p["name"] == "Field Notes"]
    assert len(made) == 1
    app = made[0]
    assert app["allowedOrigins"] == ["http://localhost", "https://notes.example.com"]
    assert app["appId"] in browser.text("main dl.facts")
    assert f'appId: "{app["appId"]}"' in browser.text("pre.block code")
    browser.shot("app-install")

    # When they create the identity secret, it is shown once
    submit(browser, f"form[action='/dashboard/apps/{app['id']}/identity-secret']")
    secret = browser.wait_for("pre[aria-label='Identity secret']").text.strip()
    assert re.fullmatch(r"[0-9a-f]{64}", secret)
    browser.shot("app-secret")
    browser.open(f"/dashboard/apps/{app['id']}")
    assert secret not in browser.driver.page_source

    # When they upload an APNs key (.p8) with its IDs
    key = ec.generate_private_key(ec.SECP256R1())
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    p8 = tmp_path / "AuthKey_ABCDE12345.p8"
    p8.write_bytes(pem)
    upload = f"form[action='/dashboard/apps/{app['id']}/push-credentials']"
    browser.find(upload + " input[name=privateKey]").send_keys(str(p8))
    type_into(browser, upload + " input[name=keyId]", "ABCDE12345")
    type_into(browser, upload + " input[name=teamId]", "TEAM123456")
    type_into(browser, upload + " input[name=bundleId]", "com.example.notes")
    browser.find(upload + " input[name=environment][value=sandbox]").click()
    submit(browser, upload)

    # Then the page describes it and never shows it
    browser.wait_text(".flash.ok", "APNs key uploaded.")
    assert "ABCDE12345" in browser.text("main")
    body_line = pem.decode().splitlines()[1]
    assert "PRIVATE KEY" not in browser.driver.page_source and body_line not in browser.driver.page_source
    stored = operator.get(f"/projects/{app['id']}/push-credentials").expect(200).json
    assert (stored["keyId"], stored["environment"]) == ("ABCDE12345", "sandbox")
    assert "privateKey" not in stored
    browser.shot("app-key")
    assert browser.console_errors() == []


def test_password_change_signs_out_other_sessions(browser, open_browser, team):
    # Given a person signed in on two browsers, each with its own session
    person = team.person(role="member", name="Pat Password")
    team.sign_in(browser, person, "/dashboard/account")
    other = open_browser(PHONE, label="other")
    other.open("/login?next=%2Fdashboard%2Faccount")
    sign_in_form(other, person.email, person.password)
    other.wait_url("/dashboard/account")
    browser.shot("account")

    # When they change the password in the first one
    type_into(browser, "input[name=currentPassword]", person.password)
    type_into(browser, "input[name=newPassword]", "a brand new password")
    type_into(browser, "input[name=newPasswordAgain]", "a brand new password")
    submit(browser, "form[action='/dashboard/account']")

    # Then this one stays signed in and says so, and the other is signed out
    browser.wait_text(".flash.ok", "Password changed.")
    person.password = "a brand new password"
    person.cookie = browser.driver.get_cookie("appnorth_session")["value"]
    other.open("/dashboard/apps")
    other.wait_url("/login")
    browser.open("/dashboard/apps")
    browser.wait_text("nav.side .me", "Pat Password")
