"""The metadata and keyword tools in the MCP run (mcp_client.py's `call_tools`), on the app
mcp_client.sh imports from the fake App Store Connect (mcp_asc_apps.json: Trails, en-US and de-DE)."""
import json
import os

TRAILS = json.loads(os.environ["MCP_ASC_PROJECTS"])["1450000001"]


async def call_aso_tools(run):
    """Runs once per session on the same hub: the published keywords toggle, and every tracked
    keyword is removed at the end, so the second session starts where the first did."""
    app = {"app_id": TRAILS}
    metadata = await run.call("get_metadata", {**app, "locale": "en-US"})
    english = metadata["localizations"][0]
    assert english["keywordBytes"] == len(english["fields"]["keywords"].encode()), metadata
    suggestion = await run.call("get_metadata_suggestions", {**app, "locale": "en-US"})
    assert suggestion["keywords"].startswith(suggestion["current"]) and suggestion["keywordBytes"] <= 100, suggestion
    # update_metadata: preview, execute with diff.before as expected, then the same stale expected.
    current = english["fields"]["keywords"]
    change = {**app, "locale": "en-US", "changes": {"keywords": "hiking,gps,maps" if current != "hiking,gps,maps" else "hiking,gps,camping"}}
    preview = await run.call("update_metadata", change)
    assert preview["dry_run"] is True and preview["diff"]["before"]["keywords"] == current, preview
    published = await run.call("update_metadata", {**change, "dry_run": False, "expected": preview["diff"]["before"]})
    assert published["result"] == "PUBLISHED" and published["published"] == ["keywords"], published
    await run.call("update_metadata", {**change, "changes": {"keywords": "hiking,trails"}, "dry_run": False,
                                       "expected": preview["diff"]["before"]}, error="STALE")
    plan = await run.call("get_localization_plan", app)
    assert {l["locale"]: l["countries"] for l in plan["locales"]}["en-US"] == ["us"], plan
    # Keywords: preview, track, list, the grid and competitors, a confirmed localized group, removal.
    terms = {**app, "country": "us", "terms": ["trail maps", "hiking"]}
    assert (await run.call("add_keywords", terms))["executed"] is False
    added = await run.call("add_keywords", {**terms, "dry_run": False})
    assert [k["term"] for k in added["added"]] == ["trail maps", "hiking"], added
    listed = await run.call("list_keywords", {**app, "country": "us"})
    assert len(listed["items"]) == 2 and all(k["rank"] is None for k in listed["items"]), listed
    await run.call("list_keywords", {**app, "keyword_id": listed["items"][0]["id"]})
    await run.call("get_keyword_candidates", {**app, "country": "us"})
    await run.call("get_competitors_ahead", app)
    group = {**app, "concept": "hiking", "terms": [{"country": "us", "term": "hiking"}, {"country": "de", "term": "wandern"}]}
    unconfirmed = await run.call("add_localized_keywords", {**group, "dry_run": False})
    assert unconfirmed["executed"] is False, unconfirmed
    assert (await run.call("add_localized_keywords", {**group, "dry_run": False, "confirm": True}))["executed"] is True
    grid = await run.call("get_keyword_grid", app)
    assert any(row["concept"] == "hiking" and len(row["cells"]) == 2 for row in grid["rows"]), grid
    keyword = {**app, "keyword_id": listed["items"][0]["id"]}
    assert (await run.call("remove_keywords", keyword))["diff"]["after"] is None
    for tracked in (await run.call("list_keywords", app))["items"]:
        removed = await run.call("remove_keywords", {**app, "keyword_id": tracked["id"], "dry_run": False})
        assert removed["executed"] is True, removed
    await run.call("remove_keywords", {**keyword, "dry_run": False}, error="NOT_FOUND")
