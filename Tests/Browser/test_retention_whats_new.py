"""Settings → Data retention and What's new (issue 28, "Retention" and "What's new")."""


def test_an_owner_sets_data_retention_and_reads_whats_new(browser, team):
    # Given the owner on a hub whose What's new they have not opened
    team.sign_in(browser, team.owner, "/dashboard/settings/retention")
    browser.wait_text("h1", "Data retention")
    browser.wait_text("main", "Off: screenshots and chat photos are kept")
    browser.wait_for("nav.side a[href='/dashboard/whats-new'] .dot")

    # When they keep media 90 days
    browser.find("input[name=days]").send_keys("90")
    browser.find("main form button.primary").click()

    # Then the page says it is on
    browser.wait_text(".flash.ok", "Saved.")
    browser.wait_text("main", "deleted after 90 days")
    browser.shot("retention")

    # When they open What's new from the sidebar
    browser.find("nav.side a[href='/dashboard/whats-new']").click()
    browser.wait_text("h1", "What's new")

    # Then the updates are listed newest first with links to the docs site, and the dot is gone
    dates = [element.get_attribute("datetime") for element in browser.find_all("ol.updates time")]
    assert len(dates) >= 10 and dates == sorted(dates, reverse=True)
    links = [link.get_attribute("href") for link in browser.find_all("ol.updates a")]
    assert links and all(link.startswith("https://www.appnorth.app/docs/") for link in links)
    assert browser.find_all("nav.side .dot") == []
    browser.shot("whats-new")
    assert browser.console_errors() == []
