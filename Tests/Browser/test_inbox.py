"""The inbox and a conversation as a member works in them (issue 20, "Inbox", "Conversation"):
replies reach the SDK, notes never do, photos and offers arrive, a positive resolution asks for
a review only when the app says so, user text stays text, new chats appear by themselves, and a
double submit sends once."""
import urllib.request

from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from harness.waiting import eventually

HOSTILE = "<img src=x onerror=alert(1)>"


def messages(sdk):
    return sdk.get("/chat/messages").expect(200).json["messages"]


def open_conversation(browser, team, person, project, text):
    """Signs `person` in, opens the app's inbox and the row that shows `text`."""
    team.sign_in(browser, person, f"/dashboard?app={project.id}")
    browser.wait_text("#inbox-list", text)
    browser.find("#inbox-list a.subject").click()
    browser.wait_for("#reply-body")


def test_member_reply_reaches_the_sdk_and_a_note_never_does(browser, operator, team):
    # Given a user whose message carries markup, and a member
    project = operator.create_project(name="Inbox reply", chat_mode="anyone")
    user = project.sdk()
    user.post("/chat/messages", {"body": "Export fails " + HOSTILE}).expect(201)
    member = team.person(role="member")

    # When the member opens the inbox: the message is a row, as text
    team.sign_in(browser, member, f"/dashboard?app={project.id}")
    browser.wait_text("#inbox-list", "Export fails " + HOSTILE)
    assert browser.find_all("#inbox-list img") == []
    browser.shot("inbox")

    # And the conversation: the text is text, nothing ran
    browser.find("#inbox-list a.subject").click()
    browser.wait_text(".thread", "Export fails " + HOSTILE)
    assert browser.find_all(".thread img") == []
    try:
        browser.driver.switch_to.alert
        raise AssertionError("the message opened an alert")
    except NoAlertPresentException:
        pass

    # When they reply
    browser.find("#reply-body").send_keys("Fixed in 2.1, please update")
    browser.find("button.primary[type=submit]").click()
    browser.wait_text(".flash.ok", "Reply sent.")

    # Then the SDK reads it
    eventually(lambda: [m["body"] for m in messages(user)][-1] == "Fixed in 2.1, please update", "the reply in the SDK")

    # When they add an internal note
    browser.find("#reply-body").send_keys("Customer since 2019")
    browser.find("button.note").click()
    browser.wait_text(".flash.ok", "Internal note added")

    # Then it shows set apart, and the SDK never sees it
    note = browser.wait_for(".msg.note")
    assert "Customer since 2019" in note.text and "internal note" in note.text.lower()
    assert "Customer since 2019" not in [m["body"] for m in messages(user)]
    browser.shot("conversation")
    assert browser.console_errors() == []


def test_photo_offer_and_review_request(browser, operator, team, tmp_path):
    # Given a user who reported a paywall, and an owner
    project = operator.create_project(name="Inbox cards", chat_mode="anyone")
    user = project.sdk()
    user.post("/chat/messages", {"body": "Any discount for students?"}).expect(201)
    user.post("/chat/paywalls", {"paywalls": [{
        "id": "students", "title": "Students", "presentable": True,
        "products": [{"id": "pro.yearly", "price": "$19.99", "period": "P1Y", "trial": "P7D"}]}]}).expect(204)
    from PIL import Image
    photo = tmp_path / "receipt.png"
    Image.new("RGB", (320, 200), (40, 120, 200)).save(photo)
    open_conversation(browser, team, team.owner, project, "Any discount for students?")

    # When the owner attaches a photo to a reply
    browser.find("details.attach summary").click()
    browser.find("input[type=file][name=photo]").send_keys(str(photo))
    browser.find("#reply-body").send_keys("Here is the receipt")
    browser.find("button.primary[type=submit]").click()
    browser.wait_text(".flash.ok", "Reply sent.")

    # Then the SDK gets an image message whose signed URL loads
    last = messages(user)[-1]
    assert len(last["images"]) == 1
    with urllib.request.urlopen(last["images"][0]["url"], timeout=10) as answer:
        assert answer.status == 200 and answer.headers["Content-Type"] == "image/jpeg"
    browser.wait_for(".thread .photos img")

    # When they pick the user's paywall for an offer
    options = [o.text for o in Select(browser.find("#offer-paywall")).options]
    assert options == ["Students · $19.99 / year, 7-day trial"]
    browser.find("#offer-label").clear()
    browser.find("#offer-label").send_keys("See student price")
    browser.find("#offer-body").send_keys("20% off this week")
    browser.find(".offer button[type=submit]").click()
    browser.wait_text(".flash.ok", "Offer sent.")
    card = messages(user)[-1]["actionCard"]
    assert card["paywallId"] == "students" and card["buttonLabel"] == "See student price"

    # And ask for a review
    browser.find(".review button[type=submit]").click()
    browser.wait_text(".flash.ok", "Review request sent.")
    assert messages(user)[-1]["kind"] == "review_request"
    browser.wait_text(".review", "Review request sent")
    browser.shot("conversation-cards")


def test_resolving_positive_sends_the_review_card_only_when_enabled(browser, operator, team):
    member = team.person(role="member")
    for enabled in (True, False):
        # Given an app with automatic review requests on or off, and a conversation
        project = operator.create_project(name=f"Inbox resolve {enabled}", chat_mode="anyone", automaticReviewRequests=enabled)
        user = project.sdk()
        user.post("/chat/messages", {"body": f"Works now, thanks ({enabled})"}).expect(201)
        open_conversation(browser, team, member, project, f"Works now, thanks ({enabled})")
        if enabled:
            browser.wait_text(".resolve", "Positive also sends the review request")

        # When the member resolves it as positive
        browser.find("button[name=sentiment][value=positive]").click()
        browser.wait_text(".flash.ok", "Conversation resolved.")

        # Then the user has the review card exactly when the app asks for it
        kinds = [m["kind"] for m in messages(user)]
        assert ("review_request" in kinds) == enabled, kinds
        browser.wait_for("form[action$='/reopen'] button")
    browser.shot("conversation-resolved")


def test_a_new_conversation_appears_in_an_open_inbox(browser, operator, team):
    # Given a member looking at an app's empty inbox
    project = operator.create_project(name="Inbox live", chat_mode="anyone")
    team.sign_in(browser, team.person(role="member"), f"/dashboard?app={project.id}")
    browser.wait_text("#inbox-list", "No conversations or reports in Inbox live yet.")
    browser.shot("inbox-empty")

    # When a user writes
    project.sdk().post("/chat/messages", {"body": "Hello from the live test"}).expect(201)

    # Then the row appears without a reload (the list refreshes every 5 s)
    browser.driver.execute_script("window.notReloaded = true;")
    browser.wait_text("#inbox-list", "Hello from the live test", timeout=15)
    assert browser.run_js("return window.notReloaded === true;")
    assert browser.find_all("#inbox-list tr.unread")


def test_a_double_submitted_reply_posts_once(browser, operator, team):
    # Given a conversation open with a reply typed
    project = operator.create_project(name="Inbox double", chat_mode="anyone")
    user = project.sdk()
    user.post("/chat/messages", {"body": "Is anyone there?"}).expect(201)
    open_conversation(browser, team, team.person(role="member"), project, "Is anyone there?")
    browser.find("#reply-body").send_keys("Yes, here")

    # When the form reaches the hub twice (as a double click past the script, or a resend)
    statuses = browser.driver.execute_async_script("""
        var done = arguments[arguments.length - 1];
        var form = document.querySelector("form[action$='/reply']");
        var send = function () { return fetch(form.action, {method: "POST", body: new FormData(form), redirect: "manual"}); };
        Promise.all([send(), send()]).then(function (r) { done(r.map(function (x) { return x.type; })); });
    """)
    assert len(statuses) == 2

    # Then the user got one reply
    eventually(lambda: [m["body"] for m in messages(user)] == ["Is anyone there?", "Yes, here"], "one reply in the SDK")
    # And the thread (its live refresh) shows it once
    browser.wait_text(".thread .msg.team", "Yes, here", timeout=15)
    assert len([t for t in browser.find_all(".thread .msg.team") if "Yes, here" in t.text]) == 1
