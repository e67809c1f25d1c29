"""Calls of the market tools for mcp_client.py's `call_tools`: trending, search and a profile on
the organization's Pro plan (Rising refused for Studio), then, with the organization moved to
self-hosted (counted, unlimited credits) and ads, posts and a flow imported, every Studio tool;
the tools for data the hub does not hold must answer MARKET_UNAVAILABLE or MEDIA_UNAVAILABLE.
The plan is set back to Pro at the end, since the other calls expect it."""
import json
import os
import urllib.request

ADMIN = os.environ["MCP_URL"].rsplit("/api/v1/mcp", 1)[0] + "/api/admin/v1"
TOKEN = os.environ["MCP_TOKEN"]


def admin(method, path, body=None, content_type="application/json"):
    data = body if isinstance(body, bytes) else (json.dumps(body).encode() if body is not None else None)
    request = urllib.request.Request(ADMIN + path, data=data, method=method,
                                     headers={"Authorization": f"Bearer {TOKEN}", "Content-Type": content_type})
    with urllib.request.urlopen(request, timeout=30) as reply:
        return json.loads(reply.read() or b"{}")


def set_plan(plan):
    organization = admin("GET", "/organization")
    admin("PATCH", f"/organizations/{organization.get('id') or organization['organization']['id']}", {"plan": plan})


def records(adam):
    lines = [
        {"id": "mcp-est-1", "kind": "estimate", "adamId": adam, "metric": "downloads", "value": 1200, "source": "sensor",
         "storefront": "ww", "periodStart": "2026-10-01", "periodEnd": "2026-10-31", "observedAt": "2026-11-02T00:00:00.000Z"},
        {"id": "mcp-ad-1", "kind": "ad", "adamId": adam, "platform": "meta", "firstSeenAt": "2026-11-10T08:00:00Z", "active": True},
        {"id": "mcp-post-1", "kind": "social_post", "adamId": adam, "platform": "tiktok", "publishedAt": "2026-11-12T08:00:00Z",
         "available": True, "views": 1000},
        {"id": "mcp-flow-1", "kind": "flow", "adamId": adam, "flowType": "paywall", "published": True, "screenCount": 6},
    ]
    return "\n".join(json.dumps(line) for line in lines).encode()


async def call_market_tools(run):
    trending = await run.call("market_trending", {"limit": 3})
    assert len(trending["items"]) == 3 and trending["snapshotDate"] and trending["nextOffset"] == 3, trending
    slugs = [item["slug"] for item in trending["items"]]
    found = await run.call("market_search_apps", {"limit": 2})
    assert len(found["items"]) == 2, found
    profile = await run.call("market_get_app", {"slug": slugs[0], "limit": 5})
    assert profile["app"]["slug"] == slugs[0] and profile["daily"]["limit"] == 10, profile
    await run.call("market_rising", {}, error="PLAN_REQUIRED")
    admin("POST", "/market/records", records(trending["items"][0]["adamId"]), "application/x-ndjson")
    set_plan("selfhosted")
    try:
        # One day collected: Rising has no pair of days to compare.
        await run.call("market_rising", {"kind": "new"}, error="MARKET_UNAVAILABLE")
        with_ads = await run.call("market_search_apps", {"hasAds": True, "sort": "downloads"})
        assert [i["slug"] for i in with_ads["items"]] == [slugs[0]] and with_ads["items"][0]["downloads"]["value"] == 1200, with_ads
        assert with_ads["credits"]["unlimited"] is True and with_ads["credits"]["limit"] is None, with_ads
        compared = await run.call("market_compare_apps", {"slugs": [slugs[1], slugs[0]]})
        assert [i["slug"] for i in compared["items"]] == [slugs[1], slugs[0]], compared
        ads = await run.call("market_list_app_ads", {"slug": slugs[0], "activeOnly": True})
        assert [a["id"] for a in ads["items"]] == ["mcp-ad-1"] and ads["nextOffset"] is None, ads
        posts = await run.call("market_list_social_posts", {"slug": slugs[0], "sort": "views"})
        assert [p["id"] for p in posts["items"]] == ["mcp-post-1"], posts
        await run.call("market_search_screens", {"flowType": "paywall"}, error="MARKET_UNAVAILABLE")
        await run.call("market_list_flow_screens", {"flowId": "mcp-flow-1"}, error="MARKET_UNAVAILABLE")
        await run.call("market_get_screen_image", {"screenId": "screen-1"}, error="MEDIA_UNAVAILABLE")
        await run.call("market_get_video_chapters", {"slug": slugs[0]}, error="MARKET_UNAVAILABLE")
        await run.call("market_list_articles", {"app": slugs[0]}, error="MARKET_UNAVAILABLE")
        await run.call("market_get_article", {"slug": "how-it-converts"}, error="MARKET_UNAVAILABLE")
    finally:
        set_plan("pro")
