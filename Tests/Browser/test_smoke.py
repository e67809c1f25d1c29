"""The machinery on what every hub serves, no dashboard needed: a browser opens /healthz and
a project's /api/v1/widget-config and shows what the hub answers; the SDK and operator
helpers reach the same hub."""
import secrets

from PIL import Image

from harness.chrome import PHONE
from harness.waiting import eventually

DAEMONS = {"ingest", "chatd", "pushd", "marketd", "asod"}


def test_healthz_shows_every_daemon_ok(browser, open_browser):
    # Given the hub this run started as the README starts it
    # When a browser opens /healthz
    browser.open("/healthz")

    # Then the page shows the five daemons ok
    assert browser.shown_json() == {"status": "ok", "daemons": {name: "ok" for name in DAEMONS}}
    saved = browser.shot("healthz")
    assert [path.name for path in saved] == ["healthz-laptop.png", "healthz-phone.png"]
    # And the screenshots are the profiles' screens, whole: 1366 CSS pixels at 1x, 390 at 3x
    assert [Image.open(path).width for path in saved] == [1366, 390 * 3]
    # And after the screenshots the tab is back to its laptop viewport
    assert browser.run_js("return [innerWidth, innerHeight, devicePixelRatio]") == [1366, 900, 1]

    # When a phone opens it
    phone = open_browser(PHONE, label="phone")
    phone.open("/healthz")

    # Then it shows the same on a 390-pixel screen at three device pixels per CSS pixel
    assert phone.shown_json()["status"] == "ok"
    assert phone.run_js("return [screen.width, screen.height, devicePixelRatio]") == [390, 844, 3]
    assert phone.console_errors() == []


def test_widget_config_shows_the_projects_settings(browser, operator):
    # Given a project made through the operator API: chat open to anyone, two languages, no watermark
    project = operator.create_project(name="Smoke", chat_mode="anyone", languages=["en", "pt-BR"], watermark=False)
    expected = {"branding": {"watermark": False}, "features": {"chat": "anyone"}, "languages": ["en", "pt-BR"]}

    # When a browser opens its widget configuration
    browser.open(f"/api/v1/widget-config?app_id={project.app_id}")

    # Then it shows those settings, the same the SDK is given
    assert browser.shown_json() == expected
    assert project.sdk().get("/widget-config").expect(200).json == expected
    browser.shot("widget-config")

    # When it opens the configuration of an App ID no project has
    browser.open("/api/v1/widget-config?app_id=app_" + secrets.token_hex(8))

    # Then it shows the error's code
    assert browser.shown_json()["error"]["code"] == "PROJECT_NOT_FOUND"
    browser.shot("unknown-app")


def test_sdk_message_reaches_the_operator_api(operator):
    # Given a project whose chat is open to anyone, and one of its app's users
    project = operator.create_project(name="Helpers", chat_mode="anyone")
    user = project.sdk()

    # When the user's SDK sends a message, and sends it again with the same key
    key = "smoke-" + secrets.token_hex(8)
    first = user.post("/chat/messages", {"body": "Hello from the smoke test"}, key=key).expect(201)
    again = user.post("/chat/messages", {"body": "Hello from the smoke test"}, key=key).expect(201)

    # Then the second is the first replayed, and the team sees one conversation with it
    assert again.headers["Idempotency-Replayed"] == "true"
    assert again.json["id"] == first.json["id"]
    conversations = eventually(
        lambda: operator.get(f"/projects/{project.id}/conversations").expect(200).json["items"], "the conversation in the team's list")
    assert len(conversations) == 1
    # And a write from an origin the project does not allow is refused
    assert user.post("/chat/messages", {"body": "Elsewhere"}, origin="https://elsewhere.example").code == "ORIGIN_NOT_ALLOWED"
