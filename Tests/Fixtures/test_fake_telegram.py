#!/usr/bin/env python3
"""Self-test of fake_telegram.py: starts it as a subprocess and checks what the hub's tests rely on.

Run: python Tests/Fixtures/test_fake_telegram.py
"""
import json
import os
import subprocess
import sys
import threading
import time
import unittest
import urllib.error
import urllib.parse
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HERE = os.path.dirname(os.path.abspath(__file__))
TOKEN = "123456:TEST-token_abcdefghijklmnopqrstuvwxyz"
BOT_ID = 123456
ADMIN, MEMBER = 1001, 1002
FORUM, PLAIN, MEMBER_ONLY, PACED = -1001, -1002, -1003, -1004
OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def chat(chat_id, title, forum, bot_status="administrator", topics=True):
    return {"id": chat_id, "title": title, "type": "supergroup", "isForum": forum, "creator": ADMIN,
            "administrators": [], "members": [MEMBER],
            "users": {str(ADMIN): {"first_name": "Ada", "username": "ada"}, str(MEMBER): {"first_name": "Max"}},
            "bot": {"status": bot_status, "canManageTopics": topics}}


STATE = {
    "bots": [{"token": TOKEN, "id": BOT_ID, "username": "north_bot", "firstName": "North"}],
    "chats": [chat(FORUM, "Support", True), chat(PLAIN, "Plain", False),
              chat(MEMBER_ONLY, "No rights", True, bot_status="member", topics=False),
              chat(PACED, "Paced", False)],
}


class Webhook(BaseHTTPRequestHandler):
    """A local webhook that records what it receives and answers 200."""
    protocol_version = "HTTP/1.1"
    received = []

    def log_message(self, *args):
        pass

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        Webhook.received.append({"headers": {k.lower(): v for k, v in self.headers.items()}, "body": json.loads(body)})
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()


class FakeTelegramTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.process = subprocess.Popen([sys.executable, os.path.join(HERE, "fake_telegram.py"), "--port", "0"],
                                       stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        cls.base = f"http://127.0.0.1:{int(cls.process.stdout.readline())}"
        cls.hook = ThreadingHTTPServer(("127.0.0.1", 0), Webhook)
        threading.Thread(target=cls.hook.serve_forever, daemon=True).start()

    @classmethod
    def tearDownClass(cls):
        cls.hook.shutdown()
        cls.process.stdin.close()
        cls.process.wait(5)

    def setUp(self):
        self.control("reset", {})
        self.control("state", STATE)
        self.control("pacing", {"enabled": True, "perMinute": 20})
        Webhook.received.clear()

    def request(self, url, data=None, headers=None):
        request = urllib.request.Request(url, data=data, headers=headers or {}, method="POST" if data else "GET")
        try:
            with OPENER.open(request, timeout=15) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as failure:
            return failure.code, json.loads(failure.read())

    def control(self, route, body=None):
        data = json.dumps(body).encode() if body is not None else None
        status, answer = self.request(f"{self.base}/__control/{route}", data, {"Content-Type": "application/json"})
        self.assertEqual(status, 200, answer)
        return answer

    def api(self, method, token=TOKEN, form=False, **params):
        """A Bot API call, as a JSON body (or a form, as Telegram also accepts)."""
        if form:
            data = urllib.parse.urlencode(params).encode()
            kind = "application/x-www-form-urlencoded"
        else:
            data, kind = json.dumps(params).encode(), "application/json"
        return self.request(f"{self.base}/bot{token}/{method}", data, {"Content-Type": kind})

    def test_unknown_token_is_401_and_unknown_method_404(self):
        for method in ("getMe", "sendMessage", "noSuchMethod"):
            self.assertEqual(self.api(method, token="1:wrong"),
                             (401, {"ok": False, "error_code": 401, "description": "Unauthorized"}))
        self.assertEqual(self.api("noSuchMethod")[0], 404)
        status, me = self.api("getMe")
        self.assertEqual((status, me["result"]["id"], me["result"]["is_bot"]), (200, BOT_ID, True))

    def test_set_webhook_checks_secret_and_scheme(self):
        status, answer = self.api("setWebhook", url="http://127.0.0.1:1/hook", secret_token="bad secret!")
        self.assertEqual((status, answer["description"]), (400, "Bad Request: secret token contains unallowed characters"))
        status, answer = self.api("setWebhook", url="http://example.com/hook")
        self.assertEqual((status, answer["description"]),
                         (400, "Bad Request: bad webhook: An HTTPS URL must be provided for webhook"))
        self.assertEqual(self.api("setWebhook", url="http://127.0.0.1:1/hook", secret_token="Ok_secret-1")[0], 200)
        self.assertEqual(self.api("getWebhookInfo")[1]["result"]["url"], "http://127.0.0.1:1/hook")

    def test_get_updates_conflicts_with_a_webhook_and_long_polls(self):
        self.api("setWebhook", url="http://127.0.0.1:1/hook")
        status, answer = self.api("getUpdates")
        self.assertEqual(status, 409)
        self.assertTrue(answer["description"].startswith("Conflict: can't use getUpdates method while webhook is active"))
        self.api("deleteWebhook")
        result = {}

        def poll():
            started = time.monotonic()
            result["answer"] = self.api("getUpdates", form=True, timeout="5")
            result["took"] = time.monotonic() - started

        poller = threading.Thread(target=poll)
        poller.start()
        time.sleep(0.3)
        injected = self.control("message", {"token": TOKEN, "chatId": PLAIN, "fromId": ADMIN, "text": "/resolve@north_bot"})
        self.assertTrue(injected["queued"])
        poller.join(10)
        status, answer = result["answer"]
        self.assertEqual(status, 200)
        self.assertLess(result["took"], 3)
        [update] = answer["result"]
        self.assertEqual(update["update_id"], injected["updateId"])
        self.assertEqual(update["message"]["entities"], [{"type": "bot_command", "offset": 0, "length": 18}])
        # The offset confirms it.
        self.assertEqual(self.api("getUpdates", offset=injected["updateId"] + 1)[1]["result"], [])

    def test_create_forum_topic_errors(self):
        status, answer = self.api("createForumTopic", chat_id=PLAIN, name="x")
        self.assertEqual((status, answer["description"]), (400, "Bad Request: the chat is not a forum"))
        status, answer = self.api("createForumTopic", chat_id=MEMBER_ONLY, name="x")
        self.assertEqual((status, answer["description"]), (400, "Bad Request: not enough rights to create a topic"))
        status, answer = self.api("createForumTopic", chat_id=FORUM, name="")
        self.assertEqual((status, answer["description"]), (400, "Bad Request: TOPIC_NAME_INVALID"))
        status, answer = self.api("createForumTopic", chat_id=str(FORUM), name="ada@example.com · Notes")
        self.assertEqual(status, 200)
        self.assertEqual(self.control("topics")[0]["threadId"], answer["result"]["message_thread_id"])

    def test_send_message_length_counts_utf16_units(self):
        thread = self.api("createForumTopic", chat_id=FORUM, name="Topic")[1]["result"]["message_thread_id"]
        status, answer = self.api("sendMessage", chat_id=FORUM, message_thread_id=thread, text="😀" * 2048)
        self.assertEqual(status, 200)
        message = answer["result"]
        self.assertEqual((message["message_thread_id"], message["is_topic_message"]), (thread, True))
        self.assertEqual(message["reply_to_message"]["forum_topic_created"]["name"], "Topic")
        status, answer = self.api("sendMessage", chat_id=FORUM, message_thread_id=thread, text="😀" * 2048 + "a")
        self.assertEqual((status, answer["description"]), (400, "Bad Request: message is too long"))
        self.assertEqual(len(self.control(f"sent?chatId={FORUM}")), 1)

    def test_pacing_refuses_the_21st_message_in_a_minute(self):
        for i in range(20):
            self.assertEqual(self.api("sendMessage", chat_id=PACED, text=f"m{i}")[0], 200)
        status, answer = self.api("sendMessage", chat_id=PACED, text="one too many")
        self.assertEqual(status, 429)
        retry = answer["parameters"]["retry_after"]
        self.assertTrue(58 <= retry <= 60, retry)
        self.assertEqual(answer["description"], f"Too Many Requests: retry after {retry}")
        self.assertEqual(self.api("sendMessage", chat_id=PLAIN, text="another group")[0], 200)

    def test_scripted_429_then_normal(self):
        body = {"ok": False, "error_code": 429, "description": "Too Many Requests: retry after 3",
                "parameters": {"retry_after": 3}}
        self.control("script", {"method": "sendMessage", "responses": [{"status": 429, "body": body}]})
        self.assertEqual(self.api("sendMessage", chat_id=PLAIN, text="hi"), (429, body))
        status, answer = self.api("sendMessage", chat_id=PLAIN, text="hi")
        self.assertEqual((status, answer["result"]["text"]), (200, "hi"))
        log = [e for e in self.control("log") if e["method"] == "sendMessage"]
        self.assertEqual([(e["status"], e["scripted"]) for e in log], [(429, True), (200, False)])
        self.assertEqual(len(self.control("sent")), 1)

    def test_webhook_gets_the_same_update_three_times_with_the_secret(self):
        url = f"http://127.0.0.1:{self.hook.server_address[1]}/api/v1/integrations/telegram/webhook/abc"
        self.assertEqual(self.api("setWebhook", url=url, secret_token="s3cret")[0], 200)
        thread = self.api("createForumTopic", chat_id=FORUM, name="Topic")[1]["result"]["message_thread_id"]
        answer = self.control("message", {"token": TOKEN, "chatId": FORUM, "fromId": ADMIN, "text": "Hello",
                                          "threadId": thread, "times": 3})
        self.assertEqual([d["status"] for d in answer["deliveries"]], [200, 200, 200])
        # The topic's creation is announced to the bot as Telegram does (in its own thread).
        deadline = time.time() + 5
        while time.time() < deadline and not any("forum_topic_created" in d["body"].get("message", {})
                                                 for d in Webhook.received):
            time.sleep(0.02)
        announced = [d for d in Webhook.received if "forum_topic_created" in d["body"].get("message", {})]
        self.assertEqual(len(announced), 1)
        self.assertEqual(announced[0]["body"]["message"]["forum_topic_created"]["name"], "Topic")
        self.assertEqual(announced[0]["body"]["message"]["message_thread_id"], thread)
        received = [d for d in Webhook.received if d not in announced]
        self.assertEqual(len(received), 3)
        for delivery in received:
            self.assertEqual(delivery["headers"]["x-telegram-bot-api-secret-token"], "s3cret")
            self.assertEqual(delivery["headers"]["content-type"], "application/json")
            self.assertEqual(delivery["body"]["update_id"], answer["updateId"])
            message = delivery["body"]["message"]
            self.assertEqual((message["from"]["id"], message["chat"]["is_forum"], message["message_thread_id"]),
                             (ADMIN, True, thread))


if __name__ == "__main__":
    unittest.main()
