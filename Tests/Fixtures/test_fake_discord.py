#!/usr/bin/env python3
"""Self-test of fake_discord.py: starts it as a subprocess and checks what the hub's tests rely on.

Run: python Tests/Fixtures/test_fake_discord.py
"""
import base64
import json
import os
import subprocess
import sys
import unittest
import urllib.error
import urllib.parse
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))
APP_ID, BOT_TOKEN, CLIENT_SECRET = "900000000000000001", "bot-token-1", "client-secret-1"
GUILD, BOT_ROLE, STAFF_ROLE = "800000000000000001", "700000000000000001", "700000000000000002"
INSTALLER, OTHER = "600000000000000001", "600000000000000002"
SUPPORT, MUTED, HIDDEN, FORUM, REOPENED = ("500000000000000001", "500000000000000002", "500000000000000003",
                                          "500000000000000004", "500000000000000005")
REDIRECT = "http://127.0.0.1:8080/api/v1/integrations/discord/callback"
# Discord's permission bits.
VIEW, SEND, HISTORY = 1 << 10, 1 << 11, 1 << 16
CREATE_PUBLIC_THREADS, SEND_IN_THREADS = 1 << 35, 1 << 38


def state(message_content=True):
    return {
        "application": {"id": APP_ID, "clientSecret": CLIENT_SECRET, "botToken": BOT_TOKEN,
                        "messageContent": message_content},
        "users": [{"id": APP_ID, "username": "AppNorth", "bot": True}, {"id": INSTALLER, "username": "ada"},
                  {"id": OTHER, "username": "max"}],
        "guilds": [{
            "id": GUILD, "name": "Support server", "ownerId": INSTALLER,
            "roles": [{"id": GUILD, "name": "@everyone", "permissions": str(VIEW | HISTORY)},
                      {"id": BOT_ROLE, "name": "AppNorth",
                       "permissions": str(SEND | CREATE_PUBLIC_THREADS | SEND_IN_THREADS)},
                      {"id": STAFF_ROLE, "name": "Staff", "permissions": "0"}],
            "members": [{"userId": APP_ID, "roles": [BOT_ROLE]}, {"userId": INSTALLER, "roles": []},
                        {"userId": OTHER, "roles": [STAFF_ROLE]}],
            "channels": [
                {"id": SUPPORT, "type": 0, "name": "support"},
                # The bot's role may not send here.
                {"id": MUTED, "type": 0, "name": "muted", "overwrites": [{"id": BOT_ROLE, "type": 0, "allow": "0",
                                                                         "deny": str(SEND)}]},
                {"id": HIDDEN, "type": 0, "name": "hidden", "overwrites": [{"id": GUILD, "type": 0, "allow": "0",
                                                                           "deny": str(VIEW)}]},
                {"id": FORUM, "type": 15, "name": "forum"},
                # @everyone may not send, the bot's own member overwrite allows it again.
                {"id": REOPENED, "type": 0, "name": "reopened", "overwrites": [
                    {"id": BOT_ROLE, "type": 0, "allow": "0", "deny": str(SEND)},
                    {"id": APP_ID, "type": 1, "allow": str(SEND), "deny": "0"}]},
            ]}],
        "oauthCodes": [{"code": "code-1", "userId": INSTALLER, "redirectUri": REDIRECT, "guildId": GUILD}],
    }


class FakeDiscordTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.process = subprocess.Popen([sys.executable, os.path.join(HERE, "fake_discord.py"), "--port", "0"],
                                       stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        cls.base = f"http://127.0.0.1:{int(cls.process.stdout.readline())}"

    @classmethod
    def tearDownClass(cls):
        cls.process.stdin.close()
        cls.process.wait(5)

    def setUp(self):
        self.control("reset", {})
        self.control("state", state())

    def request(self, path, body=None, headers=None, method=None, form=False):
        data = None
        headers = dict(headers or {})
        if body is not None:
            data = urllib.parse.urlencode(body).encode() if form else json.dumps(body).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded" if form else "application/json"
        request = urllib.request.Request(self.base + path, data=data, headers=headers,
                                         method=method or ("POST" if data is not None else "GET"))
        try:
            with OPENER.open(request, timeout=15) as response:
                return response.status, json.loads(response.read()), response.headers
        except urllib.error.HTTPError as failure:
            return failure.code, json.loads(failure.read()), failure.headers

    def control(self, route, body=None):
        status, answer, _ = self.request(f"/__control/{route}", body)
        self.assertEqual(status, 200, answer)
        return answer

    def api(self, method, path, body=None, token=BOT_TOKEN):
        """A bot call: (status, body)."""
        status, answer, _ = self.request("/api/v10" + path, body, {"Authorization": f"Bot {token}"}, method=method)
        return status, answer

    def send(self, channel, content, **extra):
        return self.api("POST", f"/channels/{channel}/messages", dict(content=content, **extra))

    def test_bot_routes_need_the_bot_token(self):
        unauthorized = {"message": "401: Unauthorized", "code": 0}
        for headers in ({}, {"Authorization": "Bot wrong"}, {"Authorization": f"Bearer {BOT_TOKEN}"}):
            status, answer, _ = self.request(f"/api/v10/channels/{SUPPORT}", headers=headers)
            self.assertEqual((status, answer), (401, unauthorized))
        self.assertEqual(self.api("GET", "/applications/@me")[1]["id"], APP_ID)
        self.assertEqual(self.api("GET", "/channels/404")[1], {"message": "Unknown Channel", "code": 10003})

    def test_oauth_code_works_once_and_only_with_its_redirect(self):
        grant = {"grant_type": "authorization_code", "code": "code-1", "redirect_uri": REDIRECT,
                 "client_id": APP_ID, "client_secret": CLIENT_SECRET}
        status, answer, _ = self.request("/api/v10/oauth2/token", dict(grant, client_secret="nope"), form=True)
        self.assertEqual((status, answer), (401, {"error": "invalid_client"}))
        status, answer, _ = self.request("/api/v10/oauth2/token", dict(grant, redirect_uri=REDIRECT + "x"), form=True)
        self.assertEqual((status, answer["error"]), (400, "invalid_grant"))
        # The wrong redirect did not use the code; HTTP Basic authenticates the client too.
        basic = base64.b64encode(f"{APP_ID}:{CLIENT_SECRET}".encode()).decode()
        form = {k: v for k, v in grant.items() if not k.startswith("client_")}
        status, token, _ = self.request("/api/v10/oauth2/token", form, {"Authorization": f"Basic {basic}"}, form=True)
        self.assertEqual(status, 200, token)
        self.assertEqual((token["token_type"], token["guild"]["id"]), ("Bearer", GUILD))
        status, answer, _ = self.request("/api/v10/oauth2/token", grant, form=True)
        self.assertEqual((status, answer["error"]), (400, "invalid_grant"))
        status, me, _ = self.request("/api/v10/users/@me", headers={"Authorization": f"Bearer {token['access_token']}"})
        self.assertEqual((status, me["id"], me["username"]), (200, INSTALLER, "ada"))

    def test_enforce_nonce_answers_the_original_message(self):
        status, first = self.send(SUPPORT, "New report", nonce="evt-1", enforce_nonce=True)
        self.assertEqual(status, 200, first)
        self.assertEqual((first["author"]["id"], first["author"]["bot"], first["nonce"], first["type"]),
                         (APP_ID, True, "evt-1", 0))
        status, again = self.send(SUPPORT, "New report", nonce="evt-1", enforce_nonce=True)
        self.assertEqual((status, again["id"]), (200, first["id"]))
        # Without enforce_nonce the same nonce makes a new message, as Discord does.
        self.assertNotEqual(self.send(SUPPORT, "New report", nonce="evt-1")[1]["id"], first["id"])
        self.assertEqual(len(self.control(f"messages?channelId={SUPPORT}")), 2)
        self.assertEqual(self.send(SUPPORT, "x" * 2000)[0], 200)
        status, answer = self.send(SUPPORT, "x" * 2001)
        self.assertEqual((status, answer["code"]), (400, 50035))

    def test_thread_takes_the_starter_id_once(self):
        starter = self.send(SUPPORT, "ada@example.com · Notes")[1]
        status, thread = self.api("POST", f"/channels/{SUPPORT}/messages/{starter['id']}/threads",
                                  {"name": "ada · Notes"})
        self.assertEqual(status, 201, thread)
        self.assertEqual((thread["id"], thread["type"], thread["parent_id"]), (starter["id"], 11, SUPPORT))
        status, answer = self.api("POST", f"/channels/{SUPPORT}/messages/{starter['id']}/threads", {"name": "again"})
        self.assertEqual((status, answer["code"]), (400, 160004))
        self.assertEqual(self.control("threads"), [{"id": starter["id"], "parentId": SUPPORT, "name": "ada · Notes",
                                                    "starterMessageId": starter["id"], "autoArchiveDuration": 4320}])
        status, reply = self.send(thread["id"], "First message")
        self.assertEqual((status, reply["channel_id"]), (200, thread["id"]))
        self.assertEqual(self.api("GET", f"/channels/{thread['id']}")[1]["thread_metadata"]["archived"], False)
        status, answer = self.api("POST", f"/channels/{FORUM}/messages/{starter['id']}/threads", {"name": "x"})
        self.assertEqual((status, answer["code"]), (400, 50024))

    def test_history_is_newest_first_with_after_and_limit(self):
        ids = [self.control("message", {"channelId": SUPPORT, "authorId": INSTALLER, "content": f"m{i}"})["id"]
               for i in range(5)]
        self.assertEqual(sorted(ids, key=int), ids)
        status, page = self.api("GET", f"/channels/{SUPPORT}/messages")
        self.assertEqual((status, [m["id"] for m in page]), (200, ids[::-1]))
        # `after` answers the messages right after it, still newest first.
        page = self.api("GET", f"/channels/{SUPPORT}/messages?after={ids[0]}&limit=2")[1]
        self.assertEqual([m["id"] for m in page], [ids[2], ids[1]])
        page = self.api("GET", f"/channels/{SUPPORT}/messages?before={ids[4]}&limit=2")[1]
        self.assertEqual([m["id"] for m in page], [ids[3], ids[2]])
        self.assertEqual(self.api("GET", f"/channels/{SUPPORT}/messages?limit=100")[0], 200)
        status, answer = self.api("GET", f"/channels/{SUPPORT}/messages?limit=101")
        self.assertEqual((status, answer["code"]), (400, 50035))
        # A webhook's and a system message are there too.
        hook = self.control("message", {"channelId": SUPPORT, "authorId": OTHER, "content": "hook", "webhookId": "42"})
        self.control("message", {"channelId": SUPPORT, "authorId": OTHER, "content": "", "type": 7})
        page = self.api("GET", f"/channels/{SUPPORT}/messages?after={ids[4]}")[1]
        self.assertEqual([(m["type"], m.get("webhook_id")) for m in page], [(7, None), (0, "42")])
        self.assertEqual(page[1]["id"], hook["id"])

    def test_bulk_messages_page_through_a_thousand_and_one(self):
        answer = self.control("messages_bulk", {"channelId": SUPPORT, "count": 1001, "authorId": OTHER,
                                                "content": "noise {n}"})
        self.assertEqual(answer["count"], 1001)
        seen, before = [], ""
        while True:
            page = self.api("GET", f"/channels/{SUPPORT}/messages?limit=100{before}")[1]
            if not page:
                break
            seen += page
            before = f"&before={page[-1]['id']}"
        self.assertEqual((len(seen), seen[0]["content"], seen[-1]["content"]), (1001, "noise 1001", "noise 1"))
        self.assertEqual((seen[0]["id"], seen[-1]["id"]), (answer["lastId"], answer["firstId"]))

    def test_intent_off_empties_other_peoples_content(self):
        self.control("state", state(message_content=False))
        self.assertEqual(self.api("GET", "/applications/@me")[1]["flags"] & (1 << 18 | 1 << 19), 0)
        own = self.send(SUPPORT, "from the bot")[1]
        self.control("message", {"channelId": SUPPORT, "authorId": INSTALLER, "content": "hidden reply"})
        self.control("message", {"channelId": SUPPORT, "authorId": INSTALLER, "content": f"<@{APP_ID}> mentioned"})
        page = self.api("GET", f"/channels/{SUPPORT}/messages")[1]
        self.assertEqual([m["content"] for m in page], [f"<@{APP_ID}> mentioned", "", "from the bot"])
        self.assertEqual(page[2]["id"], own["id"])
        self.assertEqual([m["content"] for m in self.control(f"messages?channelId={SUPPORT}")][1], "hidden reply")
        self.control("state", state(message_content=True))
        self.assertEqual(self.api("GET", "/applications/@me")[1]["flags"] & (1 << 18), 1 << 18)
        self.assertEqual(self.api("GET", f"/channels/{SUPPORT}/messages")[1][1]["content"], "hidden reply")

    def test_scripted_429_then_normal(self):
        limited = {"message": "You are being rate limited.", "retry_after": 1.5, "global": False}
        global_limit = {"message": "You are being rate limited.", "retry_after": 2.25, "global": True}
        self.control("script", {"route": "POST /channels/{id}/messages",
                                "responses": [{"status": 429, "body": limited}, {"status": 429, "body": global_limit}]})
        status, answer, headers = self.request(f"/api/v10/channels/{SUPPORT}/messages", {"content": "hi"},
                                               {"Authorization": f"Bot {BOT_TOKEN}"})
        self.assertEqual((status, answer, headers["Retry-After"], headers["X-RateLimit-Global"]),
                         (429, limited, "2", None))
        status, answer, headers = self.request(f"/api/v10/channels/{SUPPORT}/messages", {"content": "hi"},
                                               {"Authorization": f"Bot {BOT_TOKEN}"})
        self.assertEqual((status, answer, headers["Retry-After"], headers["X-RateLimit-Global"]),
                         (429, global_limit, "3", "true"))
        self.assertEqual(self.send(SUPPORT, "hi")[0], 200)
        log = [e for e in self.control("log") if e["route"] == "POST /channels/{channel}/messages"]
        self.assertEqual([(e["status"], e["scripted"]) for e in log], [(429, True), (429, True), (200, False)])
        self.assertEqual((log[0]["path"], log[0]["auth"], log[0]["body"]),
                         (f"/api/v10/channels/{SUPPORT}/messages", f"Bot {BOT_TOKEN}", {"content": "hi"}))
        self.assertEqual(len(self.control(f"messages?channelId={SUPPORT}")), 1)

    def test_a_dropped_answer_can_still_take_effect(self):
        self.control("script", {"route": "*", "responses": [{"dropConnection": True, "apply": True}]})
        with self.assertRaises((urllib.error.URLError, ConnectionError, OSError)):
            self.send(SUPPORT, "lost answer", nonce="evt-9", enforce_nonce=True)
        [stored] = self.control(f"messages?channelId={SUPPORT}")
        self.assertEqual(self.send(SUPPORT, "lost answer", nonce="evt-9", enforce_nonce=True)[1]["id"], stored["id"])
        self.control("delete_message", {"channelId": SUPPORT, "messageId": stored["id"]})
        self.assertEqual(self.api("GET", f"/channels/{SUPPORT}/messages/{stored['id']}")[1]["code"], 10008)

    def test_overwrites_decide_what_the_bot_may_do(self):
        status, answer = self.send(MUTED, "hi")
        self.assertEqual((status, answer), (403, {"message": "Missing Permissions", "code": 50013}))
        status, answer = self.send(HIDDEN, "hi")
        self.assertEqual((status, answer["code"]), (403, 50001))
        self.assertEqual(self.send(REOPENED, "hi")[0], 200)
        self.assertEqual(self.send(SUPPORT, "hi")[0], 200)
        # A thread needs Send Messages in Threads, not Send Messages.
        starter = self.send(SUPPORT, "starter")[1]
        thread = self.api("POST", f"/channels/{SUPPORT}/messages/{starter['id']}/threads", {"name": "t"})[1]
        roles = state()
        roles["guilds"][0]["roles"][1]["permissions"] = str(SEND | CREATE_PUBLIC_THREADS)
        self.control("state", roles)
        self.assertEqual(self.send(SUPPORT, "still fine")[0], 200)
        self.assertEqual(self.send(thread["id"], "in thread")[1]["code"], 50013)
        # What the hub reads to compute permissions itself.
        self.assertEqual(self.api("GET", f"/guilds/{GUILD}/members/{OTHER}")[1]["roles"], [STAFF_ROLE])
        self.assertEqual(self.api("GET", f"/guilds/{GUILD}/members/1")[1]["code"], 10007)
        channels = {c["id"]: c for c in self.api("GET", f"/guilds/{GUILD}/channels")[1]}
        self.assertEqual(channels[MUTED]["permission_overwrites"],
                         [{"id": BOT_ROLE, "type": 0, "allow": "0", "deny": str(SEND)}])
        self.assertNotIn(thread["id"], channels)
        everyone = self.api("GET", f"/guilds/{GUILD}/roles")[1][0]
        self.assertEqual((everyone["id"], everyone["permissions"]), (GUILD, str(VIEW | HISTORY)))


if __name__ == "__main__":
    unittest.main()
