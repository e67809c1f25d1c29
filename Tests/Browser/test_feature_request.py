"""Request a feature (issue 28): on a hub without APPNORTH_FEEDBACK_APP_ID, as this suite's
hub runs, the form prepares an email to the AppNorth team with what was typed."""
from urllib.parse import parse_qs, urlsplit


def test_a_member_prepares_a_feature_request_email(browser, team, shot):
    # Given a member on the dashboard
    member = team.person(role="member")
    team.sign_in(browser, member, "/dashboard")

    # When they open Request a feature from the sidebar and send the form
    browser.find("nav.side a[href='/dashboard/request-feature']").click()
    browser.wait_text("main h1", "Request a feature")
    shot("request-form")
    browser.find("input[name='type'][value='improvement']").click()
    browser.find("#request-title").send_keys("Keyword export & filters?")
    browser.find("#request-details").send_keys("Line one\nLine two")
    browser.find("#request-importance option[value='high']").click()
    browser.find("form[action='/dashboard/request-feature'] button[type='submit']").click()

    # Then the page links an email draft to hola@appnorth.app with the fields as typed
    link = browser.wait_for("#send-by-email")
    shot("request-email")
    href = link.get_attribute("href")
    assert href.startswith("mailto:hola@appnorth.app?")
    query = parse_qs(urlsplit(href).query)
    assert query["subject"] == ["Improvement: Keyword export & filters?"]
    assert query["body"] == ["Type: Improvement\r\nImportance: Blocks my work\r\nTitle: Keyword export & filters?\r\n\r\nLine one\r\nLine two"]
    assert browser.find("#request-title").get_attribute("value") == "Keyword export & filters?"
    assert browser.console_errors() == []
