"""The suite's people: a person made by `deploy/appnorth user add` gets a working session in a browser."""


def test_a_person_added_by_the_operator_is_signed_in_in_a_browser(browser, team):
    # Given the organization's first owner, made from the operator's command and its setup link
    owner = team.owner
    # When their session is put into a fresh browser
    team.sign_in(browser, owner, "/dashboard/account")
    # Then the account page shows who they are
    browser.wait_text("main", owner.email)
    assert "/dashboard/account" in browser.url
    browser.shot("account")
    assert browser.console_errors() == []
