"""Explore and Keyword Explorer (issue 26): Trending shows the snapshot's real date; an app's
profile shows an estimate missing in the data as — and draws its chart history; Keyword
Explorer finds results against the fake iTunes Search API and tracks a term in an app.
Screenshots of each page on laptop and phone."""
import datetime
import json
import sqlite3

ADAM = "7100000001"
EXPLORE = "/dashboard/explore"


def seed_market(hub, operator):
    """Ten catalog apps and the US free chart's complete snapshots of the last three days (the
    first app 5th, 3rd, then 1st; its name markup), then its estimates through the operator
    API: September downloads 12,000 and October downloads missing in the data."""
    today = datetime.datetime.now(datetime.timezone.utc).date()
    days = [(today - datetime.timedelta(days=back)).isoformat() for back in (2, 1, 0)]
    ids = [str(7100000000 + n) for n in range(1, 11)]
    with sqlite3.connect(hub.data_dir / "marketd.sqlite", timeout=10) as db:
        for n, adam in enumerate(ids, start=1):
            name = "<b>Notes</b> Explorer" if adam == ADAM else f"Browser App {n}"
            db.execute(
                "INSERT OR IGNORE INTO apps (adam_id, slug, name, developer_name, developer_id, genre_id, genre_name, price, currency, "
                "release_date, version, content_rating, description, first_seen_at, last_seen_at) "
                "VALUES (?, ?, ?, 'Browser Studio', '8800001', '6007', 'Productivity', 0, 'USD', '2024-05-01', '2.1.0', '4+', "
                "'Write notes fast.', ?, ?)", (adam, f"browser-app-{adam}", name, days[0] + "T10:00:00.000Z", days[-1] + "T10:00:00.000Z"))
        for day, first in zip(days, (5, 3, 1)):
            snapshot = db.execute(
                "INSERT OR IGNORE INTO snapshots (storefront, chart, genre, day, complete, entry_count, expected_count, collected_at) "
                "VALUES ('us', 'topfreeapplications', '', ?, 1, 10, 10, ?)", (day, day + "T10:00:00.000Z")).lastrowid
            others = iter(ids[1:])
            for rank in range(1, 11):
                db.execute("INSERT OR IGNORE INTO snapshot_entries (snapshot_id, rank, adam_id) VALUES (?, ?, ?)",
                           (snapshot, rank, ADAM if rank == first else next(others)))
    records = [
        {"id": "browser-d-sep", "kind": "estimate", "adamId": ADAM, "metric": "downloads", "value": 12000, "source": "sensor",
         "storefront": "ww", "periodStart": "2026-09-01", "periodEnd": "2026-09-30", "observedAt": days[0] + "T00:00:00.000Z"},
        {"id": "browser-d-oct", "kind": "estimate", "adamId": ADAM, "metric": "downloads", "value": None, "source": "sensor",
         "storefront": "ww", "periodStart": "2026-10-01", "periodEnd": "2026-10-31", "observedAt": days[0] + "T00:00:00.000Z"},
    ]
    operator.call("POST", "/market/records", body="\n".join(json.dumps(r) for r in records).encode(),
                  content_type="application/x-ndjson").expect(200)
    return days[-1]


def test_trending_shows_the_snapshot_date_and_the_profile_its_estimates_and_chart(browser, team, operator, hub):
    # Given three days of the US free chart and the app's estimates
    today = seed_market(hub, operator)

    # When the owner opens Trending
    team.sign_in(browser, team.owner, path=f"{EXPLORE}/trending")
    browser.wait_for("p.snapshot")
    # Then the latest complete snapshot's date is shown, the markup in a name as text
    assert f"Snapshot of {today}" in browser.text("p.snapshot")
    assert "<b>Notes</b> Explorer" in browser.text("table.market")
    browser.shot("trending")

    # When the app is opened from the chart
    browser.find(f"table.market a[href='{EXPLORE}/apps/{ADAM}']").click()
    browser.wait_for("#estimates")
    # Then October's downloads, missing in the data, show —, and September's 12,000 with its source
    rows = {row.text for row in browser.find_all("#estimates tbody tr")}
    october = next(row for row in rows if "2026-10-01" in row)
    assert "—" in october and " 0 " not in f" {october} "
    assert any("12,000" in row and "sensor" in row for row in rows)
    # And the chart history is drawn with the rank axis inverted: #1 at the top
    browser.wait_for("#history svg.chart")
    assert browser.find_all("#history path.chart-line")
    ticks = [t.get_attribute("textContent") for t in browser.find_all("#history text.chart-tick")]
    ranks = [tick for tick in ticks if tick.isdigit()]
    assert ranks and ranks[0] == "1" and int(ranks[-1]) >= 5, ticks
    browser.shot("profile")

    # And the other Explore pages open for the owner
    for path, name in ((f"{EXPLORE}/apps?sort=name", "apps"), (f"{EXPLORE}/rising", "rising"), (f"{EXPLORE}/publishers", "publishers"),
                       (f"{EXPLORE}/watchlist", "watchlist"), (f"{EXPLORE}/favorites/apps/all", "favorites"),
                       (f"{EXPLORE}/tracker", "tracker")):
        browser.open(path)
        browser.wait_for("main h1")
        browser.shot(name)
    assert browser.console_errors() == []


def test_keyword_explorer_finds_results_and_tracks_a_term_in_an_app(browser, team, operator, itunes):
    # Given an imported app and the fake iTunes Search API's answer for "journal"
    project = operator.create_project(name="Explorer Browser", appStoreId="999002")
    itunes.control("/_control/script", {"term": "journal", "country": "us", "results": [
        {"trackId": 4100001, "trackName": "Daily Journal", "sellerName": "Journal Co", "averageUserRating": 4.6,
         "userRatingCount": 1200, "releaseDate": "2020-02-01T08:00:00Z", "formattedPrice": "Free", "price": 0, "currency": "USD"},
        {"trackId": 4100002, "trackName": "Journal Lite"},
        {"trackId": 999002, "trackName": "Explorer Browser", "sellerName": "Us"},
    ]})

    # When the owner searches "journal" in the US store
    team.sign_in(browser, team.owner, path="/dashboard/aso/keywords")
    browser.wait_for("#k-term")
    browser.shot("keyword-explorer-form")
    browser.find("#k-term").send_keys("journal")
    browser.find("form[action='/dashboard/aso/keywords'] button[type=submit]").click()
    # Then the analysis appears once iTunes has answered, missing fields as —, the own app marked
    browser.wait_for("#analysis table", timeout=30)
    table = browser.text("#analysis table")
    assert "Daily Journal" in table and "Journal Lite" in table
    assert "Your app" in browser.text("#analysis tbody")
    assert "—" in next(row.text for row in browser.find_all("#analysis tbody tr") if "Journal Lite" in row.text)
    assert "live searches left today" in browser.text("#quota")
    browser.shot("keyword-explorer")

    # When the owner tracks the term in the imported app
    browser.run_js(f"document.getElementById('k-app').value = '{project.id}'")
    browser.find("form[action='/dashboard/aso/keywords/track'] button[type=submit]").click()
    # Then the app's keywords list it
    browser.wait_text(".flash.ok", "1 added")
    assert "journal" in browser.text("#tracked")
    assert browser.console_errors() == []
