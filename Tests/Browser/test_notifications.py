"""The notifications page (issue 25, "Notifications feed"): a member reads the organization's
feed, switches to Unread, marks an item read and filters by type, without any script."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

SCRIPT_TEXT = "<script>alert(1)</script> where is my export?"


def item(browser, text):
    """The list item whose title contains `text`, or None."""
    for element in browser.find_all("ul.notifications li"):
        if text in element.text:
            return element
    return None


def test_a_member_reads_marks_and_filters_notifications(browser, team, operator, shot):
    # Given a chat message whose text is markup and a report, from one of the app's users
    project = operator.create_project(name="Notes", chat_mode="anyone")
    user = project.sdk()
    user.post("/chat/messages", {"body": SCRIPT_TEXT}).expect(201)
    user.post("/feedback", {
        "type": "problem", "message": "Sync stalls after login", "pageURL": "http://localhost/sync",
        "viewport": {"width": 390, "height": 844},
    }).expect(201)
    member = team.person(role="member")

    # When a member opens Notifications from the sidebar
    team.sign_in(browser, member, "/dashboard")
    browser.find("nav.side a[href='/dashboard/notifications']").click()
    browser.wait_text("ul.notifications", "where is my export?")
    browser.wait_text("ul.notifications", "Sync stalls after login")
    shot("notifications")

    # Then the chat's text is shown as text, with its app and a time
    chat = item(browser, "where is my export?")
    assert "<script>alert(1)</script>" in chat.text
    assert chat.find_elements(By.CSS_SELECTOR, "time")
    assert project.fields["name"] in chat.text
    assert browser.run_js("return document.querySelectorAll('script:not([src])').length") == 0

    # When they switch to Unread and mark the chat read
    browser.find("nav.tabs a[href='/dashboard/notifications?unread=true']").click()
    browser.wait_url("unread=true")
    item(browser, "where is my export?").find_element(By.CSS_SELECTOR, "form button").click()

    # Then they are back on Unread, without the chat and still with the report
    browser.wait_url("unread=true")
    browser.wait_text("ul.notifications", "Sync stalls after login")
    assert item(browser, "where is my export?") is None
    shot("unread")

    # When they filter by reports
    Select(browser.find("form.filters select[name=kind]")).select_by_value("report")
    browser.find("form.filters button").click()

    # Then only reports are listed
    browser.wait_url("kind=report")
    kinds = {e.text for e in browser.find_all("ul.notifications .badge")}
    assert kinds == {"Reports"}, kinds
    shot("reports")
    assert browser.console_errors() == []
