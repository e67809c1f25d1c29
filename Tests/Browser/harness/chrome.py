"""Debian's headless Chromium through its own chromedriver, the two device profiles, and
screenshots as a person would look at them."""
import base64
import os
from dataclasses import dataclass
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

# The Chromium binary itself: /usr/bin/chromium is Debian's wrapper, which adds Google's API
# keys and flags that load extensions.
CHROMIUM_CANDIDATES = ("/usr/lib/chromium/chromium", "/usr/bin/chromium")
# Given explicitly, so that Selenium Manager (which looks for drivers on the internet) never runs.
CHROMEDRIVER = "/usr/bin/chromedriver"

# Headless, and nothing that reaches beyond loopback: no first-run pages, extensions,
# component or safe-browsing updates, sync, metrics upload, network time, field trials or proxies.
CHROME_FLAGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-dev-shm-usage",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-extensions",
    "--disable-component-extensions-with-background-pages",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
    "--disable-domain-reliability",
    "--disable-client-side-phishing-detection",
    "--disable-breakpad",
    "--disable-field-trial-config",
    "--disable-features=Translate,OptimizationHints,MediaRouter,AutofillServerCommunication,CertificateTransparencyComponentUpdater,NetworkTimeServiceQuerying",
    "--metrics-recording-only",
    "--no-pings",
    "--no-proxy-server",
    # Chromium 156 still asks accounts.google.com (ListAccounts) and update.googleapis.com at
    # start whatever the flags above say: no name but loopback's resolves, so nothing leaves the machine.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
    "--password-store=basic",
    "--mute-audio",
    # Screenshots that do not depend on the machine: no scrollbar eating the width, sRGB
    # colours, one language.
    "--hide-scrollbars",
    "--force-color-profile=srgb",
    "--lang=en-US",
    "--window-size=1366,900",
)

# A whole page, but not an endless one: a screenshot stops this many device pixels down (5,333
# CSS pixels on the phone, 16,000 on the laptop), so that every file opens in an image viewer.
MAX_CAPTURE_PX = 16000


@dataclass(frozen=True)
class Profile:
    """A screen: CSS pixels, device pixels per CSS pixel, and whether it is a touch phone
    (which also makes Chrome honour `<meta name="viewport">`)."""

    name: str
    width: int
    height: int
    scale: float
    mobile: bool


LAPTOP = Profile("laptop", 1366, 900, 1, False)
PHONE = Profile("phone", 390, 844, 3, True)
PROFILES = (LAPTOP, PHONE)


def chromium_binary():
    for candidate in CHROMIUM_CANDIDATES:
        if os.access(candidate, os.X_OK):
            return candidate
    raise FileNotFoundError(
        f"no Chromium at {', '.join(CHROMIUM_CANDIDATES)}: apt-get install chromium chromium-driver "
        "(deploy/appnorth test installs them)")


def new_driver(profile):
    """A fresh headless Chromium (its own temporary profile: no cookies, no storage) showing `profile`."""
    if not os.access(CHROMEDRIVER, os.X_OK):
        raise FileNotFoundError(f"no {CHROMEDRIVER}: apt-get install chromium-driver (deploy/appnorth test installs it)")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium_binary()
    for flag in CHROME_FLAGS:
        options.add_argument(flag)
    # The console, so that a failure report and console_errors() can show what the page logged
    # (a Content-Security-Policy violation, a script error).
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        apply_profile(driver, profile)
    except Exception:
        driver.quit()
        raise
    return driver


def apply_profile(driver, profile, dark=False):
    """The viewport, device scale and touch of `profile`, and the colour scheme, from now on
    (navigations included) in this tab."""
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": profile.width, "height": profile.height, "deviceScaleFactor": profile.scale, "mobile": profile.mobile})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": profile.mobile, "maxTouchPoints": 5})
    scheme = "dark" if dark else "light"
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})


def settle(driver):
    """Returns once fonts are loaded and the layout after a profile change has been painted."""
    driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "document.fonts.ready.then(() => requestAnimationFrame(() => requestAnimationFrame(() => done(true))));")


def capture(driver, path):
    """A PNG of the whole page (not only the viewport) at the current profile's device scale,
    and zoomed as the screen shows it (a phone shows a page without a viewport tag zoomed out)."""
    metrics = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})
    content = metrics["cssContentSize"]
    visual = metrics["cssVisualViewport"]
    zoom = visual.get("scale", 1) or 1
    device_scale = driver.execute_script("return window.devicePixelRatio") or 1
    height = min(max(content["height"], visual["clientHeight"]), MAX_CAPTURE_PX / (device_scale * zoom))
    width = max(content["width"], visual["clientWidth"])
    shot = driver.execute_cdp_cmd(
        "Page.captureScreenshot",
        {"format": "png", "captureBeyondViewport": True, "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": zoom}})
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(base64.b64decode(shot["data"]))
    return path
