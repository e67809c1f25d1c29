"""The harness's own promises, on a page of its own (a data: URL, so no hub page is needed):
screenshots are of the whole page, at each profile's size and device scale, in the colour
scheme asked for; the tab is left as the test had it."""
import urllib.parse

from PIL import Image

TALL_PAGE = """<!doctype html><html><head><title>Tall page</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
  body { margin: 0; background: #ffffff; }
  div { height: 2000px; }
  @media (prefers-color-scheme: dark) { body { background: #000000; } }
</style></head><body><div>A page taller than both screens</div></body></html>"""


def test_shot_saves_the_whole_page_in_each_profile_and_scheme(browser):
    # Given a page 2,000 CSS pixels tall, white, black in the dark scheme
    browser.open("data:text/html," + urllib.parse.quote(TALL_PAGE))

    # When it is shot in both schemes
    saved = browser.shot("tall", dark=True)

    # Then there is a file per profile and scheme, each as wide as the profile's screen in
    # device pixels (1366 at 1x, 390 at 3x) and as tall as the whole page, not the 900 or
    # 844 pixels of the screen
    names = [path.name for path in saved]
    assert names == ["tall-laptop.png", "tall-laptop-dark.png", "tall-phone.png", "tall-phone-dark.png"]
    sizes = [Image.open(path).size for path in saved]
    assert sizes == [(1366, 2000), (1366, 2000), (390 * 3, 2000 * 3), (390 * 3, 2000 * 3)]
    # And the dark ones are dark, the others light, at the bottom of the page too
    bottoms = [Image.open(path).convert("RGB").getpixel((5, size[1] - 5)) for path, size in zip(saved, sizes)]
    assert bottoms == [(255, 255, 255), (0, 0, 0), (255, 255, 255), (0, 0, 0)]
    # And the tab is back to the laptop screen in the light scheme
    assert browser.run_js("return [innerWidth, innerHeight, devicePixelRatio]") == [1366, 900, 1]
    assert browser.run_js("return matchMedia('(prefers-color-scheme: dark)').matches") is False
