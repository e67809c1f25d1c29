"""The hosted roadmap and changelog as an app's users open them: anonymous, and signed in from
the app through the identity handoff (POST /api/v1/identity/handoff)."""
import datetime
import re
import shutil
import tempfile
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import feedparser
from selenium.webdriver.common.by import By

from harness.api import request
from harness.hub import Hub

ROOT = Path(__file__).resolve().parents[2]
XSS = "<img src=x onerror=alert(1)>"


def approved_idea(project, operator, title, voter=None):
    """An idea sent through the SDK and approved by the team (the board moderates ideas)."""
    sent = (voter or project.sdk()).post("/ideas", {"board": "ideas", "title": title, "description": "From the app"}).expect(201).json
    operator.post(f"/ideas/{sent['value']['id']}/approve").expect(200)
    return sent["value"]


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


_posting = urllib.request.build_opener(urllib.request.ProxyHandler({}), _NoRedirect())


def post_form(url, fields, origin):
    """A form post as a browser sends it, its answer kept as it came (a 303 is not followed):
    (status, Location)."""
    body = urllib.parse.urlencode(fields).encode()
    sent = urllib.request.Request(url, data=body, method="POST", headers={
        "Origin": origin, "Content-Type": "application/x-www-form-urlencoded"})
    try:
        with _posting.open(sent, timeout=15) as answer:
            return answer.status, answer.headers.get("Location")
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Location")


def board_of(project, operator):
    return operator.get(f"/projects/{project.id}/boards").expect(200).json["boards"][0]


def form_values(html, action_suffix):
    """The `_form` token and `key` of the first form posting to an address ending in `action_suffix`."""
    for form in re.findall(r"<form [^>]*>.*?</form>", html, re.S):
        action = re.search(r'action="([^"]*)"', form).group(1)
        if action.endswith(action_suffix):
            token = re.search(r'name="_form" value="([^"]*)"', form).group(1)
            key = re.search(r'name="key" value="([^"]*)"', form).group(1)
            return action, token, key
    raise AssertionError(f"no form posting to …{action_suffix}")


def test_an_anonymous_visitor_sees_only_approved_ideas_and_votes_on_an_anyone_board(browser, project, operator, shot):
    # Given a board open to anyone that moderates ideas: one approved, one waiting, one rejected,
    # and an approved idea whose title is markup
    operator.patch(f"/boards/{board_of(project, operator)['id']}", {"moderation": "ideas"}).expect(200)
    shown = approved_idea(project, operator, "Dark mode for the editor")
    approved_idea(project, operator, XSS)
    project.sdk().post("/ideas", {"board": "ideas", "title": "Waiting for review"}).expect(201)
    rejected = project.sdk().post("/ideas", {"board": "ideas", "title": "Refused by the team"}).expect(201).json["value"]
    operator.post(f"/ideas/{rejected['id']}/reject").expect(200)

    # When someone without any cookie opens the roadmap
    page = request("GET", f"{browser.base_url}/roadmap/{project.app_id}")
    browser.open(f"/roadmap/{project.app_id}")
    browser.wait_text(".public-list", "Dark mode for the editor")
    shot("roadmap-anonymous")

    # Then only the approved ideas are there, the markup title is text, and the page is cacheable
    listed = browser.text(".public-list")
    assert "Waiting for review" not in listed and "Refused by the team" not in listed
    assert XSS in listed
    assert browser.find_all(".public-list img") == []
    assert page.headers["Cache-Control"] == "public, max-age=60" and page.headers["ETag"].startswith('W/"')
    assert "unsafe-inline" not in page.headers["Content-Security-Policy"]
    again = request("GET", f"{browser.base_url}/roadmap/{project.app_id}", headers={"If-None-Match": page.headers["ETag"]})
    assert again.status == 304

    # When they vote for the approved idea
    browser.find(f"form[action$='/ideas/{shown['id']}/vote'] button").click()
    browser.wait_text(".flash.ok", "Your vote was saved.")
    shot("roadmap-voted")

    # Then the vote counts once, their browser holds a voter token for this roadmap only, and
    # their own page is private
    assert project.sdk().get(f"/ideas/{shown['id']}").expect(200).json["voteCount"] == 1
    cookie = browser.driver.get_cookie("appnorth_voter")
    assert cookie and cookie["httpOnly"] and cookie["path"] == f"/roadmap/{project.app_id}"
    assert browser.find(f"form[action$='/ideas/{shown['id']}/vote'] button").get_attribute("aria-pressed") == "true"
    assert browser.console_errors() == []


def test_a_double_submitted_idea_form_creates_one_idea(hub, project, operator):
    # Given the form of an anonymous visitor's roadmap page
    base = hub.base_url
    html = request("GET", f"{base}/roadmap/{project.app_id}").expect(200).text
    action, token, key = form_values(html, f"/roadmap/{project.app_id}/ideas")
    fields = {"_form": token, "key": key, "board": "ideas", "title": "Sent twice by a double click", "back": f"/roadmap/{project.app_id}"}

    # When it is posted twice, as a double click does
    answers = [post_form(base + action, fields, base) for _ in range(2)]

    # Then both go to the new idea and there is one idea
    assert [status for status, _ in answers] == [303, 303]
    assert answers[0][1] == answers[1][1] and "/ideas/sent-twice-by-a-double-click" in answers[0][1]
    titles = [i["title"] for i in operator.get(f"/projects/{project.id}/ideas").expect(200).json["items"]]
    assert titles.count("Sent twice by a double click") == 1
    # And the same form from another site, or with another visitor's token, changes nothing
    assert post_form(base + action, {**fields, "key": key + "1"}, "http://evil.example")[0] == 403
    assert post_form(base + action, {**fields, "key": key + "2", "_form": "x" * 32}, base)[0] == 403
    assert titles == [i["title"] for i in operator.get(f"/projects/{project.id}/ideas").expect(200).json["items"]]


def test_a_handoff_signs_the_user_in_to_vote_and_comment_on_an_identified_board(browser, open_browser, project, operator, shot):
    # Given a board where only identified people take part, and an approved idea on it
    board = board_of(project, operator)
    operator.patch(f"/boards/{board['id']}",
                   {"policies": {"submission": "identified", "vote": "identified", "comment": "identified"}}).expect(200)
    author = project.sdk(email="author@example.com")
    idea = author.post("/ideas", {"board": "ideas", "title": "Export to PDF"}).expect(201).json["value"]

    # When an anonymous visitor opens the idea, they can read it but not take part
    browser.open(f"/roadmap/{project.app_id}/ideas/{idea['slug']}")
    browser.wait_text("h1", "Export to PDF")
    assert browser.find_all(".public-vote form") == [] and browser.find_all(".public-comment-form") == []
    assert "Open this roadmap from the app to take part." in browser.text("main")

    # When the app asks for a handoff URL for ana and opens it
    user = project.sdk(email="ana@example.com")
    handoff = user.post("/identity/handoff", {"idea": idea["slug"]}).expect(201).json
    url = handoff["url"]
    assert handoff["expiresIn"] == 60 and "#handoff=" in url
    assert project.identity_secret() not in url and "signature" not in url.lower()
    browser.open(url)
    browser.wait_text(".public-me", "Signed in as ana@example.com")

    # Then the fragment is gone from the address bar and the cookie is this roadmap's session
    assert "#" not in browser.url and "handoff" not in browser.url
    session = browser.driver.get_cookie("appnorth_roadmap")
    assert session and session["httpOnly"] and session["path"] == f"/roadmap/{project.app_id}"
    assert session["sameSite"] == "Lax"
    shot("idea-signed-in")
    page = request("GET", browser.url, headers={"Cookie": f"appnorth_roadmap={session['value']}"})
    assert page.headers["Cache-Control"] == "private, no-store"

    # When they vote and comment
    browser.find(".public-vote form button").click()
    browser.wait_text(".flash.ok", "Your vote was saved.")
    browser.find(".public-comment-form textarea").send_keys("I need this for my invoices")
    browser.find(".public-comment-form button[type=submit]").click()
    browser.wait_text(".public-comments", "I need this for my invoices")
    shot("idea-commented")

    # Then the vote is ana's verified identity's, the same as her SDK's
    assert user.get(f"/ideas/{idea['id']}").expect(200).json["hasVoted"] is True
    assert author.get(f"/ideas/{idea['id']}").expect(200).json["voteCount"] == 1
    # And an idea she suggests from the page carries her verified email
    browser.open(f"/roadmap/{project.app_id}")
    browser.find("#suggest input[name=title]").send_keys("Share a roadmap link")
    assert browser.find_all("#suggest input[name=authorName]") == []
    browser.find("#suggest button[type=submit]").click()
    browser.wait_text("h1", "Share a roadmap link")
    mine = [i for i in operator.get(f"/projects/{project.id}/ideas").json["items"] if i["title"] == "Share a roadmap link"]
    assert [i["authorEmail"] for i in mine] == ["ana@example.com"]

    # When the same handoff URL is opened a second time, in another browser
    other = open_browser(label="again")
    other.open(url)
    other.wait_text(".public-message", "This link was already used.")
    other.shot("handoff-used")
    # Then it is refused and signs nobody in
    assert other.find_all(".public-me") == [] and other.driver.get_cookie("appnorth_roadmap") is None

    # When the project's identity secret is rotated
    operator.post(f"/projects/{project.id}/identity-secret").expect(201)
    browser.open(f"/roadmap/{project.app_id}/ideas/{idea['slug']}")
    browser.wait_text("h1", "Export to PDF")

    # Then the session is gone: the page is anonymous again and the cookie is removed
    assert browser.find_all(".public-me") == []
    assert browser.find_all(".public-vote form") == []
    assert browser.driver.get_cookie("appnorth_roadmap") is None
    shot("idea-after-rotation")
    assert browser.console_errors() == []


def test_a_handoff_code_used_after_61_seconds_is_refused(open_browser):
    # Given a hub of its own, whose clock can be set (APPNORTH_FAKE_NOW), and a handoff URL from it
    data_dir = Path(tempfile.mkdtemp(prefix="appnorth-handoff-"))
    own = Hub(ROOT, data_dir)
    try:
        own.up()
        from harness.api import OperatorAPI

        project = OperatorAPI(own.base_url, own.admin_token).create_project(name="Handoff expiry")
        made = project.sdk(email="late@example.com").post("/identity/handoff", {}).expect(201).json
        expires = datetime.datetime.fromisoformat(made["expiresAt"].replace("Z", "+00:00"))

        # When the hub's clock reads 61 s after the code was made (one past its expiry)
        own.down()
        later = expires + datetime.timedelta(seconds=1)
        own.env["APPNORTH_FAKE_NOW"] = later.strftime("%Y-%m-%dT%H:%M:%S.") + f"{later.microsecond // 1000:03d}Z"
        own.up()
        browser = open_browser()
        browser.open(made["url"])

        # Then the page says the link has expired and nobody is signed in
        browser.wait_text(".public-message", "This link has expired.")
        browser.shot("handoff-expired")
        assert browser.find_all(".public-me") == [] and browser.driver.get_cookie("appnorth_roadmap") is None
    finally:
        own.down()
        shutil.rmtree(data_dir, ignore_errors=True)


def test_the_changelog_and_its_atom_feed_list_only_published_entries(browser, project, operator, shot):
    # Given two published entries, a draft, and an entry published then returned to draft
    def entry(title, publish):
        made = operator.post(f"/projects/{project.id}/changelog", {"title": title, "body": f"About {title}"}).expect(201).json
        if publish:
            operator.post(f"/changelog/{made['id']}/publish").expect(200)
        return made

    entry("Version 1.0", True)
    entry("Version 1.1 <script>", True)
    entry("A draft nobody sees", False)
    withdrawn = entry("Withdrawn", True)
    operator.post(f"/changelog/{withdrawn['id']}/unpublish").expect(200)

    # When the changelog page and its feed are read
    browser.open(f"/changelog/{project.app_id}")
    browser.wait_text("main", "Version 1.0")
    shot("changelog")
    feed = request("GET", f"{browser.base_url}/changelog/{project.app_id}/feed.atom")
    parsed = feedparser.parse(feed.body)

    # Then both list the published entries only, newest first, with their date
    headings = [h.text for h in browser.find_all("article.public-entry h2")]
    assert headings == ["Version 1.1 <script>", "Version 1.0"]
    assert all(t.get_attribute("datetime") for t in browser.find_all("article.public-entry time"))
    assert feed.headers["Content-Type"].startswith("application/atom+xml")
    assert parsed.bozo == 0, parsed.get("bozo_exception")
    assert parsed.version == "atom10"
    assert [e.title for e in parsed.entries] == ["Version 1.1 <script>", "Version 1.0"]
    assert all(e.published for e in parsed.entries)
    assert browser.console_errors() == []


def test_the_pages_speak_spanish_to_a_spanish_browser_when_the_project_does(hub, operator, open_browser):
    # Given a project in Spanish and English, and one in Spanish only
    both = operator.create_project(name="Proyecto bilingüe", languages=["es", "en"])
    spanish_only = operator.create_project(name="Proyecto", languages=["es"])
    spanish_only.sdk().post("/ideas", {"board": "ideas", "title": "Modo oscuro"}).expect(201)

    # When browsers asking for Spanish, German and English open the first one's roadmap
    def opened(language):
        return request("GET", f"{hub.base_url}/roadmap/{both.app_id}", headers={"Accept-Language": language})

    spanish, german, english = opened("es-ES,es;q=0.9,en;q=0.8"), opened("de-DE,de;q=0.9"), opened("en-GB,en;q=0.9")

    # Then Spanish and English get their own, German the project's first language
    assert spanish.headers["Content-Language"] == "es" and "Hoja de ruta" in spanish.text and "Propón una idea" in spanish.text
    assert german.headers["Content-Language"] == "es"
    assert english.headers["Content-Language"] == "en" and "Suggest an idea" in english.text
    assert "Vary" in spanish.headers and "Accept-Language" in spanish.headers["Vary"]

    # And an English browser on the Spanish-only project reads it in Spanish
    browser = open_browser(label="es")
    browser.open(f"/roadmap/{spanish_only.app_id}")
    browser.wait_text("main", "Modo oscuro")
    assert "Propón una idea" in browser.text("main")
    browser.shot("roadmap-es")
