"""RevenueCat on an app's page (issue 25, docs/revenuecat.md): the owner connects with a secret
key that sees two projects, chooses one, and sees the six figures, the last synchronization and
the MRR chart drawn by the hub; asod talks to the fake RevenueCat API the harness started."""
import secrets

KEY_PREFIX = "sk_browser_"


def test_owner_connects_revenuecat_and_sees_figures_and_chart(browser, operator, project, team, revenuecat):
    # Given a secret key that sees two RevenueCat projects, one of them this app's
    key = KEY_PREFIX + secrets.token_hex(12)
    metrics = {"mrr": 1234.5, "revenue": 4321, "active_subscriptions": 150, "new_customers": 310, "active_users": 2048}
    revenuecat.control("/__control/state", {
        "keys": {key: {"projects": ["projTrails01", "projSketch02"]}},
        "projects": [{"id": "projTrails01", "name": "Trails iOS", "currency": "USD", "metrics": metrics},
                     {"id": "projSketch02", "name": "Sketch Pad", "metrics": {"mrr": 10}}],
    })
    app_path = f"/dashboard/apps/{project.id}"

    # When the owner opens the app's page
    team.sign_in(browser, team.owner, path=app_path)
    browser.wait_text("#revenuecat-title", "RevenueCat")
    # Then the panel asks for a secret key in a password field
    assert "Not connected" in browser.text("#revenuecat")
    assert browser.find("#revenuecat input[name=secretKey]").get_attribute("type") == "password"

    # When they paste the key and connect
    browser.find("#revenuecat input[name=secretKey]").send_keys(key)
    browser.find(f"form[action='{app_path}/revenuecat'] button[type=submit]").click()
    # Then the page asks which project, as radio buttons, with the key field empty again
    browser.wait_text(".flash.bad", "Choose this app's RevenueCat project")
    assert "Sketch Pad" in browser.text("#revenuecat fieldset")
    assert browser.find("#revenuecat input[name=secretKey]").get_attribute("value") == ""
    assert key not in browser.driver.page_source
    browser.shot("revenuecat-choose")
    # (the refused post's 409 is the only error the page logged)
    assert all("409" in error for error in browser.console_errors())

    # When they choose Trails iOS, paste the key again and submit
    browser.find("input[name=projectId][value=projTrails01]").click()
    browser.find("#revenuecat input[name=secretKey]").send_keys(key)
    browser.find(f"form[action='{app_path}/revenuecat'] button[type=submit]").click()
    # Then it is connected, with the figures (unknown active trials as —), the sync time and the chart
    browser.wait_text(".flash.ok", "RevenueCat connected")
    panel = browser.text("#revenuecat")
    assert "Trails iOS" in panel
    assert "USD 1,234.50" in panel
    assert "2,048" in panel
    assert "—" in browser.text("dl.figures")
    assert "Last synchronization:" in panel and "UTC" in panel
    assert "project-level metrics" in panel
    browser.wait_for("#revenuecat svg.chart")
    assert "MRR" in browser.find("#mrr-chart-title").get_attribute("textContent")
    assert key not in browser.driver.page_source
    connection = operator.get(f"/projects/{project.id}/integrations/revenuecat").expect(200).json
    assert connection["revenueCatProjectId"] == "projTrails01"
    browser.shot("revenuecat")
    assert browser.console_errors() == []
