"""Settings → Delete this account (issue 28, "Erasure"; docs/privacy.md, "Delete an account")."""

from harness.waiting import eventually


def test_an_owner_deletes_their_account_from_settings(browser, operator, team):
    # Given an organization of its own (the run's default one must stay) with an app and its owner
    acme = operator.create_organization("gone-soon", name="Gone Soon Studio")
    acme.create_project(name="Gone App", chat_mode="anyone")
    owner = team.person(role="owner", organization="gone-soon")
    team.sign_in(browser, owner, "/dashboard/settings")

    # When they open Delete this account from Settings
    browser.find("#delete-account a.button").click()
    browser.wait_text("h1", "Delete this account")
    browser.wait_text("main", "Support chats with their messages and photos")
    browser.shot("delete-account")

    # And type the name in other letters' case
    browser.find("input[name=confirm]").send_keys("gone soon studio")
    browser.find("main form button.danger").click()

    # Then nothing is deleted and the form says why
    browser.wait_text(".flash.bad", "Nothing was deleted")
    browser.wait_text(".problems", "must be the organization's name, exactly")
    acme.get("/projects").expect(200)
    browser.shot("delete-account-refused")
    # (the refused post's 400 is the only thing the page logged)
    assert [error for error in browser.console_errors() if "status of 400" not in error] == []

    # When they type it exactly
    field = browser.find("input[name=confirm]")
    field.clear()
    field.send_keys("Gone Soon Studio")
    browser.find("main form button.danger").click()

    # Then the last page names the erasure and they are signed out
    browser.wait_text("h1", "Your account is being deleted")
    erasure = browser.text("code.copyable")
    assert len(erasure) > 10
    browser.shot("account-being-deleted")
    assert browser.console_errors() == []
    browser.open("/dashboard/settings")
    browser.wait_url("/login")

    # And once the erasure is done, the organization's token no longer exists
    eventually(lambda: acme.get("/projects").status == 401, "the account to be deleted")
