"""The Metadata and Prices pages (issue 26) against the fake App Store Connect: a metadata edit
validated, reviewed as a diff and published; a stale publish showing what Apple has now and what
was wanted; a price preview drawn as a table and a world map; a price job whose first write Apple
answers too late, shown as uncertain (not failed) until it is reconciled and the job succeeded."""
from harness.asc import ISSUER, KEY_ID
from test_appstore import connect_through_api

APPS = "/dashboard/apps"


def metadata_app(app_id, name):
    return {"id": app_id, "name": name, "bundleId": f"com.example.{app_id}",
            "versions": [{"id": f"v-{app_id}", "versionString": "2.1", "appStoreState": "PREPARE_FOR_SUBMISSION",
                          "localizations": [{"id": f"vl-{app_id}", "locale": "en-US", "keywords": "hiking,gps,maps",
                                             "promotionalText": "Summer update", "description": "Find trails near you.",
                                             "whatsNew": "Bug fixes"}]}],
            "appInfos": [{"id": f"ai-{app_id}", "state": "PREPARE_FOR_SUBMISSION",
                          "localizations": [{"id": f"il-{app_id}", "locale": "en-US", "name": name, "subtitle": "Hiking maps offline"}]}]}


def load_editor(browser, path):
    browser.open(path)
    browser.find("form[action$='/metadata/load'] button[type=submit]").click()
    browser.wait_for("#editor", timeout=30)


def replace(browser, css, text):
    field = browser.find(css)
    field.clear()
    field.send_keys(text)


def test_metadata_edit_is_validated_previewed_as_a_diff_and_published(browser, team, asc, operator):
    # Given an imported app with an editable version
    [project_id] = connect_through_api(operator, asc, [metadata_app("1470000001", "Trails Meta")], ["1470000001"])
    path = f"{APPS}/{project_id}/metadata"
    team.sign_in(browser, team.owner, path=path)
    browser.wait_for("#publishes")
    browser.shot("metadata-start")

    # When the owner loads en-US from Apple
    load_editor(browser, path)
    # Then the editor holds Apple's values with the keyword budget in bytes
    assert browser.find("#field-subtitle").get_attribute("value") == "Hiking maps offline"
    assert "15 / 100 bytes (UTF-8)" in browser.text("#editor")
    browser.shot("metadata-editor")

    # When keywords over the 100-byte budget (51 "é" are 102 bytes) with an empty term are reviewed
    replace(browser, "#field-keywords", "é" * 51 + ",,gps")
    # Then the counter follows the typing in bytes, before anything is sent
    browser.wait_text("#field-keywords-hint", "107 / 100 bytes (UTF-8)")
    browser.find("#editor button[type=submit]").click()
    # Then the editor comes back with what was typed and the findings next to the field
    browser.wait_text("#field-keywords-problems", "UTF-8 bytes; Apple allows 100")
    assert "A keyword term is empty" in browser.text("#field-keywords-problems")
    assert browser.find("#field-keywords").get_attribute("value") == "é" * 51 + ",,gps"
    # And the refusal is the page's own 400, the only thing the console has
    assert all("/metadata/review" in m and "400 (Bad Request)" in m for m in browser.console_errors())
    browser.shot("metadata-refused")

    # When a valid edit is reviewed
    replace(browser, "#field-keywords", "hiking,gps,camping")
    browser.find("#editor button[type=submit]").click()
    # Then only the changed field is shown, old against new, the changed word struck and marked
    browser.wait_for("#diff-keywords")
    assert browser.find_all("#diff-subtitle") == []
    assert browser.text("#diff-keywords del") == "maps"
    assert browser.text("#diff-keywords ins") == "camping"
    browser.shot("metadata-review")

    # When they publish
    browser.find("#publish button[type=submit]").click()
    # Then Apple has the keywords and the history says so
    browser.wait_text(".flash.ok", "Published to App Store Connect", timeout=30)
    assert "PUBLISHED" in browser.text("#publishes") and "Keywords" in browser.text("#publishes")
    patches = [e for e in asc.read("/__control/log") if e["method"] == "PATCH" and e["path"] == "/v1/appStoreVersionLocalizations/vl-1470000001"]
    assert len(patches) == 1 and "camping" in patches[0]["body"]
    browser.shot("metadata-published")
    assert browser.console_errors() == []


def test_a_stale_publish_shows_both_versions(browser, team, asc, operator):
    # Given the owner loaded the editor
    [project_id] = connect_through_api(operator, asc, [metadata_app("1470000002", "Trails Stale")], ["1470000002"])
    path = f"{APPS}/{project_id}/metadata"
    team.sign_in(browser, team.owner, path=path)
    load_editor(browser, path)
    # And someone then changed the keywords in App Store Connect
    operator.post(f"/projects/{project_id}/metadata/publish",
                  {"locale": "en-US", "expected": {"keywords": "hiking,gps,maps"}, "changes": {"keywords": "hiking,gps,offline"}}).expect(200)

    # When the owner reviews and publishes their own keywords
    replace(browser, "#field-keywords", "hiking,gps,trails")
    browser.find("#editor button[type=submit]").click()
    browser.wait_for("#publish")
    browser.find("#publish button[type=submit]").click()
    # Then the page shows what Apple has now and what they wanted, and publishes nothing
    browser.wait_for("#stale", timeout=30)
    stale = browser.text("#diff-keywords")
    assert "Apple has now" in stale and "offline" in stale
    assert "You wanted" in stale and "trails" in stale
    # And the conflict is the page's own 409, the only thing the console has
    assert all("/dashboard/work/" in m and "409 (Conflict)" in m for m in browser.console_errors())
    browser.shot("metadata-stale")

    # When they keep their edit over Apple's values, the editor holds it for another review
    browser.find("form[action$='/metadata/edit'] button[type=submit]").click()
    browser.wait_for("#editor")
    assert browser.find("#field-keywords").get_attribute("value") == "hiking,gps,trails"
    assert browser.console_errors() == []


def priced_app(app_id):
    return {"id": app_id, "name": "Trails Prices", "bundleId": f"com.example.{app_id}",
            "subscriptionGroups": [{"id": "g1", "subscriptions": [
                {"id": "sub1", "name": "Pro Monthly", "productId": "pro.monthly",
                 "currentPoints": {"USA": "usa-399", "GBR": "gbr-349", "IND": "ind-100"}}]}]}


PRICE_POINTS = {"sub1": {
    "USA": [["usa-299", "2.99", "2.09"], ["usa-399", "3.99", "2.79"], ["usa-499", "4.99", "3.49"]],
    "GBR": [["gbr-299", "2.99", "2.09"], ["gbr-349", "3.49", "2.44"], ["gbr-399", "3.99", "2.79"]],
    "IND": [[f"ind-{n * 10}", str(n * 10), str(n * 7)] for n in range(1, 41)],
}}


def test_price_preview_and_a_job_with_an_uncertain_item(browser, team, asc, operator):
    # Given an imported app with a subscription priced in three territories
    asc.state([priced_app("1470000003")], PRICE_POINTS)
    operator.call("PUT", "/app-store-connect", json={"issuerId": ISSUER, "keyId": KEY_ID, "privateKey": asc.key_pem}).expect(200)
    project_id = operator.post("/app-store-connect/import", {"appIds": ["1470000003"]}).json["items"][0]["projectId"]
    path = f"{APPS}/{project_id}/prices"
    team.sign_in(browser, team.owner, path=path)
    browser.wait_for("#preview-form")
    browser.shot("prices")

    # When the owner loads the products, picks the subscription and previews from 4.99 USD
    browser.find("form[action$='/prices/products'] button[type=submit]").click()
    browser.wait_for("#price-product", timeout=30)
    replace(browser, "#price-territories", "GBR, IND, DEU, FJI")
    replace(browser, "#price-base", "4.99")
    browser.find("form[action$='/prices/preview'] button[type=submit]").click()
    # Then the table has each territory's current and proposed price and the change
    browser.wait_for("#proposals", timeout=30)
    assert "3.49" in browser.text("#territory-GBR") and "3.99" in browser.text("#territory-GBR")
    assert "+14.3%" in browser.text("#territory-GBR")
    assert "no_price_point" in browser.text("#territory-DEU")
    # And the map shades the territories, names the dataset and lists the territory it has no shape for
    assert browser.find("#map svg.world-map").get_attribute("role") == "img"
    assert browser.find("#map [data-territory='IND']").get_attribute("fill") == "#b2182b"
    assert "FJI" in browser.text("#map-unshaped")
    assert "Big Mac" in browser.text("#dataset")
    browser.shot("price-preview")

    # Given Apple answers the first write only after the hub gave up (the write still happens)
    asc.control("/__control/script", {"method": "POST", "path": "/v1/subscriptionPrices",
                                      "responses": [{"status": 201, "delayMs": 7000}]})
    # When the owner submits the job and the worker runs
    browser.find("#submit button[type=submit]").click()
    browser.wait_for("#items", timeout=30)
    assert browser.find_all("[data-state='pending']")
    operator.post("/jobs/prices/run").expect(200)
    # Then that item is shown as uncertain, not failed, while the page refreshes itself
    browser.wait_for("[data-state='uncertain']", timeout=20)
    assert browser.find_all("[data-state='failed']") == []
    assert "It is not failed" in browser.text("body")
    browser.shot("price-job-uncertain")

    # When the worker runs again once Apple has done the write, the job succeeds
    job_path = browser.url.split("?")[0]

    def succeeded(_):
        operator.post("/jobs/prices/run")
        browser.open(job_path)
        return "succeeded" in browser.text("#job-state")

    browser.wait_until(succeeded, "the job to succeed", timeout=60)
    assert browser.text("#job-state") == "succeeded"
    assert browser.find_all("[data-state='uncertain']") == []
    browser.shot("price-job-succeeded")
    assert browser.console_errors() == []
