"""Settings → Notifications: each member chooses the email alerts they get (issue 25, "Email")."""


def test_a_member_chooses_their_email_alerts_and_sees_email_is_off(browser, team):
    # Given a member, who starts with no alerts, on a hub without outgoing email
    member = team.person(role="member")
    team.sign_in(browser, member, "/dashboard/settings/notifications")
    browser.wait_text("h1", "Email notifications")
    browser.wait_text("main", "Email is off on this hub")
    boxes = browser.find_all("main input[type=checkbox]")
    assert [box.get_attribute("name") for box in boxes] == ["newConversation", "newReport", "dailyDigest"]
    assert [box.is_selected() for box in boxes] == [False, False, False]
    browser.shot("notifications")

    # When they tick new reports and the daily digest and save
    browser.find("input[name=newReport]").click()
    browser.find("input[name=dailyDigest]").click()
    browser.find("main form button.primary").click()

    # Then the page comes back saying so, with their choice
    browser.wait_text(".flash.ok", "Saved.")
    boxes = browser.find_all("main input[type=checkbox]")
    assert [box.is_selected() for box in boxes] == [False, True, True]
    browser.shot("notifications-saved")

    # And the account page leads there
    browser.open("/dashboard/account")
    browser.wait_for("a[href='/dashboard/settings/notifications']")
    assert browser.console_errors() == []
