"""One headless Chromium as a test drives it: open a hub page, wait for what it shows, save
screenshots in each profile, and say where it stood when a test failed."""
import json
import re

from selenium.common.exceptions import StaleElementReferenceException, TimeoutException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as shown
from selenium.webdriver.support.ui import WebDriverWait

from .chrome import PROFILES, apply_profile, capture, new_driver, settle
from .waiting import WAIT_S


class Browser:
    """A fresh Chromium showing `profile`, whose screenshots go to `folder`; `label` (empty
    for a test's first browser) starts the names of its files."""

    def __init__(self, base_url, profile, folder, label=""):
        self.base_url = base_url
        self.profile = profile
        self.folder = folder
        self.label = label
        self.driver = new_driver(profile)
        self._console = []

    # --- where it is

    def open(self, path):
        """Loads `path` of the hub (`/login`), or a whole URL, and returns once the page has loaded."""
        self.driver.get(self.base_url + path if path.startswith("/") else path)
        return self

    @property
    def url(self):
        return self.driver.current_url

    @property
    def title(self):
        return self.driver.title

    def find(self, css):
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def find_all(self, css):
        return self.driver.find_elements(By.CSS_SELECTOR, css)

    def text(self, css="body"):
        """The text the element shows, as a person reads it (hidden parts left out)."""
        return self.find(css).text

    def shown_json(self):
        """The JSON document the tab shows (Chrome's viewer puts the body in a `<pre>`), parsed."""
        return json.loads(self.text("pre"))

    def run_js(self, script, *args):
        return self.driver.execute_script(script, *args)

    # --- waiting, always with a deadline

    def wait_until(self, condition, what, timeout=WAIT_S):
        """`condition(driver)`'s first truthy value within `timeout` seconds; else the test
        fails saying `what` it waited for."""
        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=0.1).until(_settled(condition))
        except TimeoutException:
            raise AssertionError(f"waited {timeout} s for {what}; at {self.url} ({self.title!r})") from None

    def wait_for(self, css, timeout=WAIT_S):
        """The element `css` once it is visible."""
        return self.wait_until(shown.visibility_of_element_located((By.CSS_SELECTOR, css)), f"{css} to show", timeout)

    def wait_gone(self, css, timeout=WAIT_S):
        """Returns once no element `css` is visible (gone or hidden)."""
        self.wait_until(shown.invisibility_of_element_located((By.CSS_SELECTOR, css)), f"{css} to go away", timeout)

    def wait_text(self, css, text, timeout=WAIT_S):
        """The element `css` once its shown text contains `text`."""
        self.wait_until(shown.text_to_be_present_in_element((By.CSS_SELECTOR, css), text), f"{css} to show {text!r}", timeout)
        return self.find(css)

    def wait_url(self, fragment, timeout=WAIT_S):
        """Returns once the address contains `fragment` (after a redirect or a form post)."""
        self.wait_until(shown.url_contains(fragment), f"the address to contain {fragment!r}", timeout)

    # --- the console

    def console(self):
        """Everything the page logged since the last call (levels SEVERE, WARNING, INFO…)."""
        try:
            self._console += self.driver.get_log("browser")
        except WebDriverException:
            pass
        logged, self._console = self._console, []
        return logged

    def console_errors(self):
        """The page's errors since the last call: script errors, failed loads, and
        Content-Security-Policy violations, which a page that needs no `unsafe-inline` has none of.
        Chrome's own request for /favicon.ico, made for pages that name no icon, is not the page's."""
        return [
            entry["message"] for entry in self.console()
            if entry.get("level") == "SEVERE" and "/favicon.ico - Failed to load resource" not in entry["message"]
        ]

    # --- screenshots

    def file_name(self, name, profile, dark=False):
        stem = "-".join(part for part in (self.label, _safe(name), profile.name, "dark" if dark else "") if part)
        return self.folder / f"{stem}.png"

    def shot(self, name, dark=False):
        """Saves the page as it is now, whole, in each profile (`<name>-laptop.png`,
        `<name>-phone.png`; with `dark`, also `-laptop-dark.png` and `-phone-dark.png` in the
        dark colour scheme); then the tab shows its own profile again. The saved paths."""
        saved = []
        try:
            for profile in PROFILES:
                for scheme_dark in ((False, True) if dark else (False,)):
                    apply_profile(self.driver, profile, dark=scheme_dark)
                    settle(self.driver)
                    saved.append(capture(self.driver, self.file_name(name, profile, scheme_dark)))
        finally:
            apply_profile(self.driver, self.profile)
        return saved

    # --- the end

    def failure_note(self):
        """Where this browser stood when its test failed: address, title, a screenshot of that
        moment in its own profile, and what the page logged as errors."""
        who = self.label or "browser"
        try:
            url, title = self.url, self.title
            errors = self.console_errors()
            path = capture(self.driver, self.folder / f"FAILED-{who}-{self.profile.name}.png")
        except WebDriverException as error:
            return f"{who}: could not be asked where it was ({error.msg})"
        lines = [f"{who} ({self.profile.name}): {url}", f"  title: {title!r}", f"  screenshot: {path}"]
        lines += [f"  console: {message}" for message in errors[-10:]]
        return "\n".join(lines)

    def close(self):
        try:
            self.driver.quit()
        except WebDriverException:
            pass


def _safe(name):
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", name).strip("-") or "page"


# What chromedriver answers, instead of a result, to a command that met a page being replaced.
_NAVIGATING = (
    "does not belong to the document",  # an element of the old page read on the new one
    "aborted by navigation",  # a lookup issued while a form's answer was loading
)


def _settled(condition):
    """`condition`, answering "not yet" while the page is being replaced under it: an element
    found on the old page and read on the new one is stale, which Chromium sometimes reports as
    a generic inspector error instead of a stale-element error, and a lookup made while the next
    page loads is aborted by that navigation."""
    def check(driver):
        try:
            return condition(driver)
        except WebDriverException as error:
            if isinstance(error, StaleElementReferenceException) or any(m in str(error) for m in _NAVIGATING):
                return False
            raise
    return check
