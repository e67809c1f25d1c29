"""The store group's calls for mcp_client.py: ratings, reviews and prices.

Environment (mcp_client.sh sets it): MCP_RATINGS_APP_ID, a project whose appStoreId is a catalog
app the fake feed's /lookup answers.
"""
import json
import os

RATINGS_APP_ID = os.environ["MCP_RATINGS_APP_ID"]


async def call_store_tools(run):
    ratings = await run.call("get_ratings", {"app_id": RATINGS_APP_ID, "countries": ["us", "gb"], "days": 7})
    assert [i["country"] for i in ratings["items"]] == ["us", "gb"], ratings
    us = ratings["items"][0]
    assert us["status"] == "ok" and us["current"]["day"] == ratings["period"]["to"], ratings
    assert us["history"][0] == us["current"], ratings
    await run.call("get_ratings", {"app_id": RATINGS_APP_ID, "countries": ["zz"]}, error="INVALID_INPUT")
    # Reviews need an app imported from App Store Connect: a project that is not is the operator
    # API's refusal; Trails, imported with its reviews synchronized (mcp_asc_setup.py), lists them.
    await run.call("list_reviews", {"app_id": os.environ["MCP_APP_ID"]}, error="INVALID_INPUT")
    await run.call("reply_review", {"app_id": os.environ["MCP_APP_ID"], "review_id": "r1", "body": "Thanks!"}, error="INVALID_INPUT")
    trails = json.loads(os.environ["MCP_ASC_PROJECTS"])["1450000001"]
    reviews = await run.call("list_reviews", {"app_id": trails})
    assert [r["id"] for r in reviews["items"]] == ["r1"], reviews
    reply = await run.call("reply_review", {"app_id": trails, "review_id": "r1", "body": "Fixed in 2.2, thanks!"})
    assert reply["dry_run"] and reply["diff"]["after"]["body"] == "Fixed in 2.2, thanks!", reply
