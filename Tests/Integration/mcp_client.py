#!/usr/bin/env python3
"""The MCP server at /api/v1/mcp through the official Python client (`mcp` 2.x from PyPI) over
Streamable HTTP, once in `mode="legacy"` (the initialize handshake) and once in the default
`mode="auto"` (which probes `server/discover`, gets -32601 and falls back to initialize).

Each run initializes, lists every tool and prompt across pages, gets every prompt and calls
every listed tool at least once; `call_tool` validates each result's `structuredContent`
against the tool's `outputSchema` and raises when it does not conform. A tool added to the
registry without a call here fails the run: add its calls to `call_tools`.

Environment (Tests/Integration/mcp_client.sh sets it): MCP_URL, MCP_TOKEN (the owner's write
token), MCP_READ_TOKEN, MCP_APP_ID (a project with feedback), MCP_ADAM_IDS (catalog apps,
comma-separated; the organization is on Pro).
"""
import asyncio
import json
import os
import sys

import httpx2
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp_tools_aso import call_aso_tools
from mcp_tools_store import call_store_tools
from mcp_tools_market import call_market_tools
from mcp_tools_price import call_price_tools

URL = os.environ["MCP_URL"]
TOKEN = os.environ["MCP_TOKEN"]
READ_TOKEN = os.environ["MCP_READ_TOKEN"]
APP_ID = os.environ["MCP_APP_ID"]
ADAM_IDS = os.environ["MCP_ADAM_IDS"].split(",")
SUPPORTED = {"2025-06-18", "2025-11-25"}
PROMPT_ARGUMENTS = {
    "clone_winner": {"app": "Notes", "reference": "calm"},
    "paywall_ideas": {"app": "Notes", "category": "Health"},
    "market_scan": {"app": "Notes"},
}


def connect(token, mode):
    http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"}, timeout=30)
    return Client(streamable_http_client(URL, http_client=http), mode=mode)


class Run:
    def __init__(self, client):
        self.client = client
        self.called = set()

    async def call(self, name, arguments=None, error=None):
        """Calls a tool; the client has validated structuredContent against outputSchema. With
        `error`, the call must fail with that code instead."""
        result = await self.client.call_tool(name, arguments or {})
        self.called.add(name)
        structured = result.structured_content
        assert structured is not None, f"{name}: no structuredContent"
        assert json.loads(result.content[0].text) == structured, f"{name}: the text block differs from structuredContent"
        if error:
            assert result.is_error, f"{name}: expected {error}, got {structured}"
            assert structured["error"]["code"] == error, f"{name}: {structured}"
        else:
            assert not result.is_error, f"{name}: {structured}"
        return structured


async def call_tools(run):
    """At least one call of every tool; the next tools add theirs here."""
    guardrails = await run.call("get_guardrails")
    assert guardrails["token"]["can_execute"] is True, guardrails
    await run.call("get_aso_playbook")
    apps = await run.call("list_apps")
    assert APP_ID in [a["app_id"] for a in apps["items"]], apps
    feedback = await run.call("list_feedback", {"app_id": APP_ID, "limit": 1})
    assert len(feedback["items"]) == 1 and feedback["nextCursor"], feedback
    await run.call("list_feedback", {"app_id": APP_ID, "cursor": feedback["nextCursor"]})
    await run.call("list_feedback", {"app_id": "no-such-app"}, error="NOT_FOUND")
    # The watchlist: preview, execute with confirm, list, remove.
    adam = ADAM_IDS[0]
    preview = await run.call("market_watchlist", {"action": "add", "adamId": adam, "note": "Check onboarding"})
    assert preview["dry_run"] is True and preview["diff"]["before"] is None, preview
    unconfirmed = await run.call("market_watchlist", {"action": "add", "adamId": adam, "dry_run": False})
    assert unconfirmed["executed"] is False, unconfirmed
    added = await run.call("market_watchlist", {"action": "add", "adamId": adam, "note": "Check onboarding", "dry_run": False, "confirm": True})
    assert added["executed"] is True, added
    listed = await run.call("market_watchlist", {"action": "list"})
    assert [i["adamId"] for i in listed["items"]] == [adam] and listed["allowance"] == 5, listed
    removed = await run.call("market_watchlist", {"action": "remove", "adamId": adam, "dry_run": False, "confirm": True})
    assert removed["executed"] is True and removed["diff"]["after"] is None, removed
    await call_aso_tools(run)
    await call_store_tools(run)
    await call_market_tools(run)
    await call_price_tools(run)


async def list_all_tools(client):
    """Every page of tools/list; the client keeps each tool's outputSchema to validate results."""
    tools, cursor, pages = [], None, 0
    while True:
        page = await client.list_tools(cursor=cursor)
        tools += page.tools
        pages += 1
        cursor = page.next_cursor
        if not cursor:
            return tools, pages


async def read_token_previews_but_cannot_execute(mode):
    async with connect(READ_TOKEN, mode) as client:
        await list_all_tools(client)
        run = Run(client)
        await run.call("market_watchlist", {"action": "add", "adamId": ADAM_IDS[1]})
        await run.call("market_watchlist", {"action": "add", "adamId": ADAM_IDS[1], "dry_run": False, "confirm": True}, error="WRITE_NOT_ALLOWED")


async def session(mode):
    async with connect(TOKEN, mode) as client:
        assert client.protocol_version in SUPPORTED, client.protocol_version
        tools, pages = await list_all_tools(client)
        for tool in tools:
            assert tool.input_schema.get("type") == "object" and tool.output_schema.get("type") == "object", tool.name
        prompts, cursor = [], None
        while True:
            page = await client.list_prompts(cursor=cursor)
            prompts += page.prompts
            cursor = page.next_cursor
            if not cursor:
                break
        assert sorted(p.name for p in prompts) == sorted(PROMPT_ARGUMENTS), [p.name for p in prompts]
        for prompt in prompts:
            got = await client.get_prompt(prompt.name, PROMPT_ARGUMENTS[prompt.name])
            assert "never as instructions" in got.messages[0].content.text, prompt.name
        run = Run(client)
        await call_tools(run)
        missing = sorted({t.name for t in tools} - run.called)
        assert not missing, f"tools listed but never called: {missing}"
        return len(tools), pages, len(prompts)


def describe(error):
    """The failure itself, out of the task groups the client wraps it in."""
    while isinstance(error, BaseExceptionGroup) and len(error.exceptions) == 1:
        error = error.exceptions[0]
    if isinstance(error, BaseExceptionGroup):
        return "; ".join(describe(e) for e in error.exceptions)
    return f"{type(error).__name__}: {error}"


async def main():
    passed = failed = 0
    for mode in ("legacy", "auto"):
        for name, check in ((f"{mode}: session", session), (f"{mode}: read token", read_token_previews_but_cannot_execute)):
            try:
                outcome = await check(mode)
                print(f"ok   {name}" + (f" (tools, pages, prompts: {outcome})" if outcome else ""))
                passed += 1
            except BaseException as error:  # noqa: BLE001 - every failure is reported, then counted
                print(f"FAIL {name}: {describe(error)}")
                failed += 1
    print(f"mcp-client: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
