"""The App Store pages (issue 26): App Store Connect connected and an app imported through the
apps page against the fake App Store Connect, a review reply published and deleted, and a
tracked keyword's rank history drawn as a chart. Calls that wait on Apple answer at once with a
task's page that reloads itself until the result is there."""
import datetime
import sqlite3

from harness.asc import ISSUER, KEY_ID

APPS = "/dashboard/apps"


def connect_through_api(operator, asc, apps, import_ids):
    """The fake's apps, the organization connected with the suite's key and `import_ids`
    imported; the project IDs in order."""
    asc.state(apps)
    operator.call("PUT", "/app-store-connect", json={"issuerId": ISSUER, "keyId": KEY_ID, "privateKey": asc.key_pem}).expect(200)
    imported = operator.post("/app-store-connect/import", {"appIds": import_ids}).json
    return [item["projectId"] for item in imported["items"]]


def test_owner_connects_app_store_connect_and_imports_an_app(browser, team, asc, operator, artifacts):
    # Given Apple's list of two apps, which takes three seconds to answer the first time
    asc.state([{"id": "1460000001", "name": "Trails Browser", "bundleId": "com.example.trailsbrowser"},
               {"id": "1460000002", "name": "Sketch Browser", "bundleId": "com.example.sketchbrowser"}])
    asc.control("/__control/script", {"method": "GET", "path": "/v1/apps", "responses": [{"status": 200, "delayMs": 3000}]})
    operator.call("DELETE", "/app-store-connect")
    key_file = artifacts / "AuthKey.p8"
    key_file.write_text(asc.key_pem)

    # When the owner opens Apps, fills in the IDs, chooses the .p8 file and connects
    team.sign_in(browser, team.owner, path=APPS)
    browser.wait_text("#asc-title", "App Store Connect")
    assert "Not connected" in browser.text("#app-store-connect")
    browser.shot("asc-not-connected")
    browser.find("#asc-issuer").send_keys(ISSUER)
    browser.find("#asc-key-id").send_keys(KEY_ID)
    browser.find("#asc-key").send_keys(str(key_file))
    browser.find("form[action='/dashboard/app-store-connect'] button[type=submit]").click()

    # Then the answer comes at once: a page that says it is working while Apple lists the apps
    browser.wait_text("#work", "Working…")
    browser.shot("asc-working")
    # And when Apple has answered, Apps shows the connection (never the key)
    browser.wait_text(".flash.ok", "App Store Connect connected", timeout=30)
    panel = browser.text("#app-store-connect")
    assert KEY_ID in panel and ISSUER in panel and "Connected" in panel
    assert "PRIVATE KEY" not in browser.driver.page_source
    browser.shot("asc-connected")

    # When the owner opens the importable apps and picks one
    browser.find("#app-store-connect a[href='/dashboard/app-store-connect/apps']").click()
    browser.wait_for("input[name=appId][value='1460000002']", timeout=30)
    assert "App allowance" in browser.text("#allowance")
    browser.shot("asc-import")
    browser.find("input[name=appId][value='1460000002']").click()
    browser.find("form[action='/dashboard/app-store-connect/import'] button[type=submit]").click()
    # Then the new project is in Apps
    browser.wait_text(".flash.ok", "1 app imported", timeout=30)
    assert "Sketch Browser" in browser.text("table.apps")
    assert browser.console_errors() == []


def test_review_reply_is_published_and_deleted(browser, team, asc, operator):
    # Given an imported app with a review whose title is markup, synchronized
    reviews = [{"id": "rb1", "rating": 2, "title": "<script>alert(1)</script> Crashes", "body": "Crashes when I export a GPX file",
                "reviewerNickname": "bo", "createdDate": "2026-11-20T10:00:00-07:00", "territory": "USA"},
               {"id": "rb2", "rating": 5, "title": "Love it", "body": "Best trail app", "reviewerNickname": "ana",
                "createdDate": "2026-11-01T10:00:00-07:00", "territory": "DEU"}]
    [project_id] = connect_through_api(
        operator, asc, [{"id": "1460000011", "name": "Reviews Browser", "bundleId": "com.example.reviewsbrowser", "reviews": reviews}],
        ["1460000011"])
    operator.post(f"/projects/{project_id}/reviews/sync").expect(200)
    path = f"{APPS}/{project_id}/reviews"

    # When the owner opens the app's reviews
    team.sign_in(browser, team.owner, path=path)
    browser.wait_for("#review-rb1")
    # Then the title is text, the stars are labelled and Apple's state is apart from open/done
    assert "<script>alert(1)</script> Crashes" in browser.text("#review-rb1")
    assert browser.find("#review-rb1 .stars").get_attribute("aria-label") == "2 out of 5 stars"
    assert "No response" in browser.text("#review-rb1") and "Open" in browser.text("#review-rb1")
    browser.shot("reviews")

    # When they open it, write a reply and publish it
    browser.find("#review-rb1 a.subject").click()
    browser.wait_for("#response-body")
    browser.find("#response-body").send_keys("Fixed in 2.1, thank you for the report.")
    browser.find(f"form[action='{path}/rb1/response'] button[type=submit]").click()
    # Then, once Apple took it, the review shows the reply with Apple's state
    browser.wait_text(".flash.ok", "Response sent to Apple", timeout=30)
    assert "Fixed in 2.1, thank you for the report." in browser.text("#response")
    assert "pending publication" in browser.text(".topline")
    browser.shot("review-replied")

    # When they delete it
    browser.find(f"form[action='{path}/rb1/response/delete'] button[type=submit]").click()
    browser.wait_text(".flash.ok", "Response deleted", timeout=30)
    assert "No response yet." in browser.text("#response")
    deletes = [entry for entry in asc.read("/__control/log") if entry["method"] == "DELETE"]
    assert deletes and deletes[-1]["path"].startswith("/v1/customerReviewResponses/")
    assert browser.console_errors() == []


def test_keyword_is_tracked_and_its_history_chart_renders(browser, team, operator, hub):
    # Given an app linked to its App Store app
    project = operator.create_project(name="Keywords Browser", appStoreId="999001")
    path = f"{APPS}/{project.id}/keywords"

    # When the owner tracks "notes" in the US store
    team.sign_in(browser, team.owner, path=path)
    browser.wait_for("#kw-terms")
    browser.find("#kw-terms").send_keys("notes")
    browser.run_js("document.getElementById('kw-country').value = 'us'")
    browser.find(f"form[action='{path}'] button[type=submit]").click()
    # Then it is listed as not measured yet
    browser.wait_text(".flash.ok", "1 added")
    assert "Not measured yet" in browser.text("#tracked")
    keyword_id = operator.get(f"/projects/{project.id}/aso/keywords").json["items"][0]["id"]

    # Given ten days of observations, the app absent on one and nothing collected on two
    today = datetime.datetime.now(datetime.timezone.utc).date()
    ranks = {9: 12, 8: 9, 7: 8, 6: None, 4: 6, 3: 5, 1: 4, 0: 3}
    with sqlite3.connect(hub.data_dir / "asod.sqlite", timeout=10) as db:
        for back, rank in ranks.items():
            day = (today - datetime.timedelta(days=back)).isoformat()
            observation = db.execute(
                "INSERT INTO observations (term, country, day, source, observed_at, result_count, results) "
                "VALUES ('notes', 'us', ?, 'browser-seed', ?, 0, '[]')", (day, day + "T09:00:00.000Z")).lastrowid
            db.execute("INSERT INTO keyword_ranks (keyword_id, day, observed_at, rank, observation_id) VALUES (?, ?, ?, ?, ?)",
                       (keyword_id, day, day + "T09:00:00.000Z", rank, observation))

    # When the page is opened again, the rank and the change over seven days (8 → 3) show
    browser.open(path)
    browser.wait_for("#tracked .rank")
    assert "#3" in browser.text("#tracked")
    assert "+5" in browser.text("#tracked")
    browser.shot("keywords")

    # When the term is opened, its history is a chart with the rank axis inverted and gaps
    browser.find("#tracked a.subject").click()
    browser.wait_for("#history svg.chart")
    assert len(browser.find_all("#history path.chart-line")) >= 2
    assert "notes" in browser.find("#rank-chart-title").get_attribute("textContent")
    ticks = [t.get_attribute("textContent") for t in browser.find_all("#history text.chart-tick")]
    assert ticks, "the chart has value ticks"
    assert "Not in results" in browser.text("table.observations")
    browser.shot("keyword-history")
    assert browser.console_errors() == []


def test_review_reply_is_drafted_for_a_person_to_edit(browser, team, asc, operator, openai):
    # Given an imported app with a Spanish review, synchronized, and a provider with a reply
    openai.control("/__control/state", {"reply": "Gracias por escribirnos. Sentimos que la app se cierre al exportar; "
                                                 "nos gustaría ayudarte: escríbenos desde Ayuda en la app."})
    reviews = [{"id": "rd1", "rating": 2, "title": "Se cierra al exportar", "body": "La app se cierra cuando exporto un GPX.",
                "reviewerNickname": "zeb.quietfox@example.net", "createdDate": "2026-11-20T10:00:00-07:00", "territory": "ESP"}]
    [project_id] = connect_through_api(
        operator, asc, [{"id": "1460000021", "name": "Drafts Browser", "bundleId": "com.example.draftsbrowser", "reviews": reviews}],
        ["1460000021"])
    operator.post(f"/projects/{project_id}/reviews/sync").expect(200)
    path = f"{APPS}/{project_id}/reviews/rd1"
    # (the fake App Store Connect is shared by the suite: earlier tests' publishes stay in its log)
    posts_before = len([entry for entry in asc.read("/__control/log") if entry["method"] == "POST"])

    # When the owner opens the review, the Draft reply button is beside the response box
    team.sign_in(browser, team.owner, path=path)
    browser.wait_for("form.draft-reply button")
    browser.shot("review-before-draft")
    # And when they ask for a draft
    browser.find("form.draft-reply button").click()
    # Then the review's page comes back with the draft in the box, labelled, nothing published
    browser.wait_for("#ai-draft-note", timeout=30)
    assert "AI draft — check every claim before publishing" in browser.text("#ai-draft-note")
    assert browser.find("#response-body").get_attribute("value").startswith("Gracias por escribirnos.")
    assert "No response yet." in browser.text("#response")
    assert len([entry for entry in asc.read("/__control/log") if entry["method"] == "POST"]) == posts_before
    sent = openai.read("/__control/log")[-1]["body"]
    assert "quietfox" not in sent and "La app se cierra cuando exporto un GPX." in sent
    browser.shot("review-drafted")
    assert browser.console_errors() == []
