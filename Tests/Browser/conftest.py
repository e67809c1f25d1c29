"""Fixtures of the browser suite (Tests/Browser/README.md says how to add a test).

hub           the hub this run started the README's way (one for the whole run)
operator      the operator API with the hub's bootstrap token
project       a new project of the default organization, made through the operator API
browser       a headless Chromium in the laptop profile, fresh for the test
open_browser  more of them: open_browser(PHONE), open_browser(label="member")
shot          browser.shot: shot("inbox") saves inbox-laptop.png and inbox-phone.png
team          the people: team.owner, team.person(role="member"), team.sign_in(browser, person)
telegram      the fake Telegram Bot API the hub talks to: telegram.control("/__control/…", body)
discord       the fake Discord REST API and OAuth the hub's platform bot talks to: discord.control(…), discord.read(…)
revenuecat    the fake RevenueCat API v2 asod talks to: revenuecat.control("/__control/…", body), revenuecat.read(…)
asc           the fake App Store Connect API asod talks to: asc.state(apps), asc.control(…), asc.read(…), asc.key_pem
itunes        the fake iTunes Search API asod talks to: itunes.control("/_control/script", {...}), itunes.read("/_control/log")
openai        the fake OpenAI-compatible API asod drafts review replies with: openai.control("/__control/…", body), openai.read(…)
"""
import os
import re
import shutil
import signal
import tempfile
from pathlib import Path

import pytest

from harness.api import OperatorAPI
from harness.browser import Browser
from harness.chrome import LAPTOP
from harness.hub import Hub
from harness.team import Team
from harness.discord import FakeDiscord
from harness.telegram import FakeTelegram
from harness.revenuecat import FakeRevenueCat
from harness.asc import FakeASC
from harness.itunes import FakeITunesSearch
from harness.openai import FakeOpenAI

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("APPNORTH_BROWSER_ARTIFACTS") or ROOT / ".build" / "browser-artifacts")
# A test that hangs (a page that never answers, a driver call stuck) fails after this long
# rather than holding up the test command.
TEST_LIMIT_S = int(os.environ.get("APPNORTH_BROWSER_TEST_LIMIT_S", "180"))

_browsers_key = pytest.StashKey[list]()


def pytest_configure(config):
    # SIGINT (run.sh forwards Ctrl-C and SIGTERM as one) and SIGTERM interrupt the run as Ctrl-C
    # does, so that browsers close and the hub stops: bash leaves SIGINT ignored in a command it
    # starts in the background, and Python's default SIGTERM ends it without its teardown.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.default_int_handler)


@pytest.fixture(scope="session")
def telegram():
    fake = FakeTelegram(ROOT)
    try:
        yield fake
    finally:
        fake.stop()


@pytest.fixture(scope="session")
def discord():
    fake = FakeDiscord(ROOT)
    try:
        yield fake
    finally:
        fake.stop()


@pytest.fixture(scope="session")
def revenuecat():
    fake = FakeRevenueCat(ROOT)
    try:
        yield fake
    finally:
        fake.stop()


@pytest.fixture(scope="session")
def asc():
    fake = FakeASC(ROOT)
    try:
        yield fake
    finally:
        fake.stop()


@pytest.fixture(scope="session")
def itunes():
    fake = FakeITunesSearch(ROOT)
    try:
        yield fake
    finally:
        fake.stop()


@pytest.fixture(scope="session")
def openai():
    fake = FakeOpenAI(ROOT)
    try:
        yield fake
    finally:
        fake.stop()


@pytest.fixture(scope="session")
def hub(telegram, discord, revenuecat, asc, itunes, openai):
    # run.sh gives a directory it removes (and stops a hub in) whatever happens to this process.
    given = os.environ.get("APPNORTH_BROWSER_DATA_DIR")
    data_dir = Path(given) if given else Path(tempfile.mkdtemp(prefix="appnorth-browser-"))
    started = Hub(ROOT, data_dir, build_config=os.environ.get("APPNORTH_BUILD_CONFIG", "debug"))
    # pushd talks to the fake, never to Telegram (Chromium and the hub have loopback only).
    started.env["APPNORTH_TELEGRAM_API_URL"] = telegram.base_url
    started.env.update(discord.environment())
    started.env["APPNORTH_REVENUECAT_URL"] = revenuecat.base_url
    started.env.update(asc.environment())
    started.env.update(itunes.environment())
    started.env.update(openai.environment())
    try:
        started.up()
        yield started
    finally:
        started.down()
        started.keep_logs(ARTIFACTS / "hub-logs")
        if not given:
            shutil.rmtree(data_dir, ignore_errors=True)


@pytest.fixture(scope="session")
def team(hub):
    return Team(hub)


@pytest.fixture
def operator(hub):
    return OperatorAPI(hub.base_url, hub.admin_token)


@pytest.fixture
def project(operator, request):
    return operator.create_project(name=request.node.name[:100])


@pytest.fixture
def artifacts(request):
    """This test's screenshot folder, emptied of an earlier run's files."""
    folder = ARTIFACTS / re.sub(r"[^A-Za-z0-9_.-]+", "-", request.node.name).strip("-")
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    return folder


@pytest.fixture
def open_browser(request, hub, artifacts):
    opened = request.node.stash.setdefault(_browsers_key, [])

    def open_one(profile=LAPTOP, label=None):
        # The first browser's files carry no label; later ones are told apart by theirs.
        if label is None:
            label = "" if not opened else f"browser{len(opened) + 1}"
        one = Browser(hub.base_url, profile, artifacts, label)
        opened.append(one)
        return one

    yield open_one
    for one in opened:
        one.close()


@pytest.fixture
def browser(open_browser):
    return open_browser()


@pytest.fixture
def shot(browser):
    return browser.shot


@pytest.fixture(autouse=True)
def _time_limit():
    def expired(signum, frame):
        pytest.fail(f"the test ran over {TEST_LIMIT_S} s (APPNORTH_BROWSER_TEST_LIMIT_S)", pytrace=False)

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(TEST_LIMIT_S)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed test's report says, for each browser it opened, where the browser was, what
    the page logged, and where the screenshot of that moment is (taken now, before the
    browsers close)."""
    outcome = yield
    report = outcome.get_result()
    if report.failed and report.when in ("setup", "call"):
        notes = [one.failure_note() for one in item.stash.get(_browsers_key, [])]
        if notes:
            report.sections.append(("browser at the failure", "\n".join(notes)))


def pytest_collection_modifyitems(items):
    """Test names are folder names under the artifacts: two alike would mix their screenshots."""
    seen = {}
    for item in items:
        if item.name in seen:
            raise pytest.UsageError(f"two tests named {item.name}: {seen[item.name]} and {item.nodeid}")
        seen[item.name] = item.nodeid


def pytest_terminal_summary(terminalreporter):
    if not ARTIFACTS.is_dir():
        return
    shots = sorted(ARTIFACTS.rglob("*.png"))
    terminalreporter.write_line(f"screenshots: {ARTIFACTS} ({len(shots)} PNG files)")
    for failed in (path for path in shots if path.name.startswith("FAILED-")):
        terminalreporter.write_line(f"  at a failure: {failed}")
