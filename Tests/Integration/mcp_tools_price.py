"""The price group's calls for mcp_client.py: suggest_localized_prices and schedule_price_changes
on Trails, imported from the fake App Store Connect with the subscription sub1 and the price
points of mcp_asc_price_points.json (mcp_asc_setup.py). Each session records one price job; the
hub's prices worker may write it to the fake, so the second session does not count on the
current prices the first one saw.
"""
import json
import os

TRAILS = json.loads(os.environ["MCP_ASC_PROJECTS"])["1450000001"]


async def call_price_tools(run):
    listed = await run.call("suggest_localized_prices", {"app_id": TRAILS})
    assert [p["id"] for p in listed["products"]] == ["sub1"] and listed["suggestion"] is None, listed
    suggested = await run.call("suggest_localized_prices", {
        "app_id": TRAILS, "product_id": "sub1", "territories": ["GBR", "IND", "JPN"], "base_price": 4.99})
    proposals = {p["territory"]: p for p in suggested["suggestion"]["proposals"]}
    assert proposals["GBR"]["point"]["id"] == "gbr-399" and proposals["GBR"]["sourceDate"], suggested
    assert proposals["JPN"]["status"] == "no_price_point" and proposals["JPN"]["point"] is None, suggested
    await run.call("suggest_localized_prices", {"app_id": TRAILS, "product_id": "nope", "territories": ["GBR"]},
                   error="NOT_FOUND")

    changes = [{"territory": "GBR", "price_point_id": "gbr-299"}, {"territory": "IND", "price_point_id": "ind-110"}]
    arguments = {"app_id": TRAILS, "product_id": "sub1", "changes": changes}
    preview = await run.call("schedule_price_changes", arguments)
    assert preview["dry_run"] and preview["job"] is None and preview["diff"]["after"]["GBR"]["id"] == "gbr-299", preview
    unconfirmed = await run.call("schedule_price_changes", {**arguments, "dry_run": False})
    assert unconfirmed["dry_run"] and unconfirmed["job"] is None, unconfirmed
    executed = await run.call("schedule_price_changes", {**arguments, "dry_run": False, "confirm": True})
    assert executed["executed"] and sorted(i["territory"] for i in executed["job"]["items"]) == ["GBR", "IND"], executed
