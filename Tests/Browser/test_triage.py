"""Reports, ideas, moderation, boards and the changelog as a support person uses them
(issue 20, "Report" and "Ideas"): through the pages, checked from the SDK's side and the
operator API."""
import base64
import csv
import io
import re

from PIL import Image
from selenium.webdriver.support.ui import Select

from harness.team import COOKIE, form_post, page_get

SCRIPT_TITLE = "<script>alert(1)</script>"


def png_data_url(width=360, height=640):
    image = Image.new("RGB", (width, height), (37, 99, 235))
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode()


def send_report(sdk, message, **extra):
    body = {
        "type": "problem", "message": message, "pageURL": "http://localhost/export", "pageTitle": "Export",
        "viewport": {"width": 390, "height": 844}, **extra,
    }
    return sdk.post("/feedback", body).expect(201).json


def notice(browser, text):
    browser.wait_text(".flash.ok", text)


def form_token(base_url, cookie, path):
    """The session's form token, as a page of the hub holds it."""
    page = page_get(base_url, path, cookie).text
    found = re.search(r'name="_form" value="([^"]+)"', page)
    assert found, f"no form token on {path}"
    return found.group(1)


def no_alert(browser):
    """No script of user text ran: a dialog would be open."""
    assert browser.run_js("return document.querySelectorAll('script:not([src])').length") == 0


def test_a_report_is_triaged_replied_to_and_promoted(browser, team, operator, project, shot):
    # Given a report from a signed-in user of the app, with a screenshot
    user = project.sdk(email="reader@example.com")
    receipt = send_report(
        user, "Export fails on large notes", screenshot=png_data_url(),
        deviceContext={"appName": "Notes", "appVersion": "2.1"})
    assert receipt["screenshotStored"]
    report = receipt["id"]
    member = team.person(role="member")

    # When a member opens it
    team.sign_in(browser, member, f"/dashboard/reports/{report}")
    browser.wait_text("h1", "Export fails on large notes")
    # Then the screenshot loads from the hub, behind the session
    browser.wait_until(
        lambda d: d.execute_script("const i = document.querySelector('img.shot'); return !!i && i.complete && i.naturalWidth === 360"),
        "the screenshot to load")
    shot("report")

    # When they triage it
    Select(browser.find("#triage-status")).select_by_value("in_progress")
    Select(browser.find("#triage-priority")).select_by_value("high")
    Select(browser.find("#triage-assignee")).select_by_visible_text(member.name)
    labels = browser.find("#triage-labels")
    labels.clear()
    labels.send_keys("ios, Export")
    browser.find("#triage button.primary").click()
    notice(browser, "Triage saved.")
    # Then the operator API reads it
    detail = operator.get(f"/feedback/{report}").expect(200).json
    assert (detail["status"], detail["priority"], detail["labels"]) == ("in_progress", "high", ["export", "ios"])
    assert detail["assignee"]["email"] == member.email

    # When they reply, and then add an internal note
    browser.find("#reply-message").send_keys("Fixed in 2.2, out tomorrow.")
    browser.find("form.composer button.primary").click()
    notice(browser, "Reply sent.")
    browser.find("#reply-message").send_keys("Customer is on iOS 17 with 4,000 notes.")
    browser.find("form.composer button.note").click()
    notice(browser, "Internal note added.")
    browser.wait_text("#report-thread", "Internal note")
    # Then the user's thread has the reply and never the note
    thread = user.get(f"/feedback/{report}").expect(200).json
    assert [reply["message"] for reply in thread["replies"]] == ["Fixed in 2.2, out tomorrow."]

    # When they promote it to a new idea
    browser.find("#idea details summary").click()
    browser.find("#promote-title").send_keys("Export large notes")
    browser.find("#promote-description").send_keys("Exports of long notes should finish.")
    browser.find("#idea form button.primary").click()
    notice(browser, "The idea was created and linked to this report.")
    shot("report-promoted")
    # Then the idea exists on the board, linked back to the report
    browser.find("#idea a").click()
    browser.wait_text("h1", "Export large notes")
    browser.wait_text("main", "From private reports")
    assert browser.find(f'a[href="/dashboard/reports/{report}"]')
    public = project.sdk().get("/ideas").expect(200).json
    assert "Export large notes" in [idea["title"] for idea in public["items"]]
    assert browser.console_errors() == []


def test_ideas_are_moderated_edited_pinned_and_merged(browser, team, operator, project, shot):
    # Given a board that holds new ideas for review, and three waiting
    board = operator.get(f"/projects/{project.id}/boards").expect(200).json["boards"][0]
    operator.patch(f"/boards/{board['id']}", {"moderation": "ideas"}).expect(200)
    sdk = project.sdk()
    good = sdk.post("/ideas", {"board": "ideas", "title": "Offline mode", "description": "Work on the train"}).expect(201).json["value"]
    spam = sdk.post("/ideas", {"board": "ideas", "title": "Cheap watches here"}).expect(201).json["value"]
    script = sdk.post("/ideas", {"board": "ideas", "title": SCRIPT_TITLE}).expect(201).json["value"]
    team.sign_in(browser, team.person(role="member"), f"/dashboard/ideas/moderation?app={project.id}")

    # When a member works through the queue
    browser.wait_text("#pending-ideas", "Offline mode")
    browser.wait_text("#pending-ideas", SCRIPT_TITLE)
    no_alert(browser)
    shot("moderation")
    for idea, decision in ((good, "Approve"), (spam, "Reject"), (script, "Approve")):
        browser.find(f'form[action="/dashboard/ideas/{idea["id"]}/{decision.lower()}"] button').click()
        notice(browser, "Approved" if decision == "Approve" else "Rejected")
    browser.wait_text("main", "Nothing waits for review.")
    # Then the approved ideas are public and the rejected one is not
    titles = [idea["title"] for idea in sdk.get("/ideas").expect(200).json["items"]]
    assert "Offline mode" in titles and SCRIPT_TITLE in titles
    assert "Cheap watches here" not in titles

    # And the markup title is text in the list and on its page
    browser.open(f"/dashboard/ideas?app={project.id}")
    browser.wait_text("table.list", SCRIPT_TITLE)
    no_alert(browser)
    shot("ideas")
    browser.open(f"/dashboard/ideas/{script['id']}")
    browser.wait_text("h1", SCRIPT_TITLE)
    no_alert(browser)

    # When the good idea is edited, given a status and pinned
    browser.open(f"/dashboard/ideas/{good['id']}")
    browser.find("aside details summary").click()
    title = browser.find("#idea-title")
    title.clear()
    title.send_keys("Offline mode everywhere")
    browser.find("#idea-title").submit()
    notice(browser, "Public text saved.")
    Select(browser.find("#idea-status")).select_by_value("planned")
    browser.find("#idea-status").submit()
    notice(browser, "Status changed.")
    browser.find('input[name="pinned"][value="1"]').submit()
    notice(browser, "Pinned to the top.")
    shot("idea")
    # Then the operator API reads each change
    stored = operator.get(f"/ideas/{good['id']}").expect(200).json
    assert (stored["title"], stored["status"]["slug"], stored["pinned"]) == ("Offline mode everywhere", "planned", True)

    # When the markup idea is merged into it (the page asks first)
    browser.open(f"/dashboard/ideas/{script['id']}")
    for summary in browser.find_all("aside details summary"):
        if summary.text.startswith("Merge"):
            summary.click()
    Select(browser.find("#merge-into")).select_by_value(good["id"])
    browser.find('form[action$="/merge"] button').click()
    browser.driver.switch_to.alert.accept()
    notice(browser, "Merged into this idea.")
    # Then its address answers with the idea kept
    assert operator.get(f"/ideas/{script['id']}").expect(200).json["id"] == good["id"]
    assert browser.console_errors() == []


def test_the_csv_export_downloads_with_the_filters_applied(browser, team, operator, project):
    # Given three reports, one done and one labelled
    sdk = project.sdk()
    done = send_report(sdk, "Done: sync repaired")["id"]
    labelled = send_report(sdk, "Widget is blank")["id"]
    send_report(sdk, "Crash on launch")
    operator.patch(f"/feedback/{done}", {"status": "done"}).expect(200)
    operator.patch(f"/feedback/{labelled}", {"labels": ["widget"]}).expect(200)
    team.sign_in(browser, team.person(role="member"), f"/dashboard/reports/{done}")
    browser.wait_text("h1", "Done: sync repaired")

    # When the member downloads the export of the inbox's filters (done reports; the widget label)
    def download(query):
        return browser.driver.execute_script(
            "return fetch(arguments[0]).then(r => r.text().then(t => r.status + ' ' + r.headers.get('content-disposition') + '\\n' + t))",
            f"/dashboard/reports.csv?app={project.id}&{query}")

    def rows(answer):
        status, _, text = answer.partition("\n")
        assert status.startswith("200 attachment;"), status
        return list(csv.DictReader(io.StringIO(text)))

    # Then each file holds exactly the reports the filter selects
    assert [row["message"] for row in rows(download("status=done"))] == ["Done: sync repaired"]
    assert [row["message"] for row in rows(download("label=widget"))] == ["Widget is blank"]
    assert len(rows(download("status=todo"))) == 2


def test_a_member_can_triage_and_moderate_but_not_manage_boards_or_publish(browser, open_browser, team, hub, project, shot):
    member = team.person(role="member")
    # When a member opens the boards and the changelog
    team.sign_in(browser, member, f"/dashboard/ideas/boards?app={project.id}")
    browser.wait_text("main", "Owners and admins change boards and statuses.")
    shot("boards-member")
    assert not browser.find_all("#new-board") and "Edit board" not in browser.text("main")
    browser.open(f"/dashboard/changelog?app={project.id}")
    browser.wait_text("main", "Owners and admins write and publish changelog entries.")
    assert not browser.find_all("#new-entry")
    shot("changelog-member")
    # Then the posts a page would send are refused by the server, with the session's own form token
    cookie = team.session(member)
    token = form_token(hub.base_url, cookie, f"/dashboard/changelog?app={project.id}")
    board = form_post(hub.base_url, "/dashboard/ideas/boards", {"app": project.id, "slug": "bugs", "name": "Bugs", "_form": token}, cookie)
    entry = form_post(hub.base_url, "/dashboard/changelog", {"app": project.id, "title": "2.0", "body": "New", "_form": token}, cookie)
    assert board.status == 403 and "FORBIDDEN" in board.text
    assert entry.status == 403
    assert [b["slug"] for b in project.operator.get(f"/projects/{project.id}/boards").json["boards"]] == ["ideas"]

    # While the owner creates a board and publishes an entry from the same pages
    owner = open_browser(label="owner")
    team.sign_in(owner, team.owner, f"/dashboard/ideas/boards?app={project.id}")
    owner.find("#new-board summary").click()
    owner.find("#new-board-slug").send_keys("bugs")
    owner.find("#new-board-name").send_keys("Bugs")
    owner.find("#new-board-name").submit()
    owner.wait_text(".flash.ok", "Board created.")
    owner.wait_text("#board-bugs", "Bugs")
    owner.shot("boards")
    owner.open(f"/dashboard/changelog?app={project.id}")
    owner.find("#new-entry summary").click()
    owner.find("#new-entry-title").send_keys("Version 2.2")
    owner.find("#new-entry-body").send_keys("Exports of long notes finish now.")
    owner.find("#new-entry-title").submit()
    owner.wait_text(".flash.ok", "Draft saved.")
    owner.find('form[action$="/publish"] button').click()
    owner.wait_text(".flash.ok", "Published")
    owner.shot("changelog")
    items = project.operator.get(f"/projects/{project.id}/changelog").json["items"]
    assert [(item["title"], item["state"]) for item in items] == [("Version 2.2", "published")]
    assert browser.console_errors() == [] and owner.console_errors() == []
