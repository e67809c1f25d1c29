#!/usr/bin/env python3
"""Self-test of fake_openai.py: starts it as a subprocess and checks what the hub's tests rely on.

Run: python Tests/Fixtures/test_fake_openai.py
"""
import json
import os
import socket
import subprocess
import sys
import unittest
import urllib.error
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
KEY = "sk-selftest-0123456789abcdef"
MODEL = "gpt-selftest"
OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))
MESSAGES = [{"role": "system", "content": "Reply briefly."}, {"role": "user", "content": "Title: Great app"}]


class FakeOpenAITests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.process = subprocess.Popen([sys.executable, os.path.join(HERE, "fake_openai.py"), "--port", "0"],
                                       stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        cls.base = "http://127.0.0.1:" + cls.process.stdout.readline().decode().strip()

    @classmethod
    def tearDownClass(cls):
        cls.process.stdin.close()
        cls.process.wait(timeout=5)

    def setUp(self):
        self.control("reset", {})
        self.control("state", {"keys": [KEY], "models": [MODEL], "reply": "Thanks for the kind words!"})

    def control(self, name, body):
        request = urllib.request.Request(self.base + "/__control/" + name, data=json.dumps(body).encode(), method="POST",
                                         headers={"Content-Type": "application/json"})
        with OPENER.open(request) as response:
            return json.load(response)

    def log(self):
        with OPENER.open(self.base + "/__control/log") as response:
            return json.load(response)

    def complete(self, body, key=KEY, path="/v1/chat/completions", timeout=10):
        headers = {"Content-Type": "application/json"}
        if key:
            headers["Authorization"] = "Bearer " + key
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method="POST", headers=headers)
        try:
            with OPENER.open(request, timeout=timeout) as response:
                return response.status, dict(response.headers), json.load(response)
        except urllib.error.HTTPError as error:
            return error.code, {k.lower(): v for k, v in error.headers.items()}, json.load(error)

    def test_a_completion_has_openais_shape_and_the_request_is_logged(self):
        status, _, body = self.complete({"model": MODEL, "messages": MESSAGES})
        self.assertEqual(status, 200)
        self.assertEqual(body["object"], "chat.completion")
        self.assertTrue(body["id"].startswith("chatcmpl-"))
        self.assertEqual(body["model"], MODEL)
        self.assertIsInstance(body["created"], int)
        choice = body["choices"][0]
        self.assertEqual((choice["index"], choice["finish_reason"]), (0, "stop"))
        self.assertEqual(choice["message"], {"role": "assistant", "content": "Thanks for the kind words!", "refusal": None})
        self.assertEqual(body["usage"]["total_tokens"], body["usage"]["prompt_tokens"] + body["usage"]["completion_tokens"])
        entry = self.log()[-1]
        self.assertEqual((entry["method"], entry["path"], entry["auth"], entry["status"]),
                         ("POST", "/v1/chat/completions", "Bearer " + KEY, 200))
        self.assertIn("Title: Great app", entry["body"])
        self.assertEqual(entry["json"]["model"], MODEL)

    def test_auth_and_required_fields_answer_openais_errors(self):
        status, _, body = self.complete({"model": MODEL, "messages": MESSAGES}, key=None)
        self.assertEqual((status, body["error"]["type"]), (401, "invalid_request_error"))
        self.assertEqual(self.complete({"model": MODEL, "messages": MESSAGES}, key="sk-wrong")[2]["error"]["code"],
                         "invalid_api_key")
        status, _, body = self.complete({"messages": MESSAGES})
        self.assertEqual((status, body["error"]["param"]), (400, "model"))
        status, _, body = self.complete({"model": MODEL})
        self.assertEqual((status, body["error"]["param"]), (400, "messages"))
        self.assertEqual(self.complete(b"not json")[0], 400)
        self.assertEqual(self.complete({"model": "gpt-unknown", "messages": MESSAGES})[2]["error"]["code"], "model_not_found")
        self.assertEqual(self.complete({"model": MODEL, "messages": MESSAGES}, path="/v1/completions")[0], 404)

    def test_scripts_answer_429_with_retry_after_then_content_then_raw(self):
        self.control("script", {"responses": [{"status": 429, "retryAfter": 7}, {"status": 503}, {"content": None},
                                              {"raw": "not a completion"}]})
        status, headers, body = self.complete({"model": MODEL, "messages": MESSAGES})
        self.assertEqual((status, headers.get("retry-after"), body["error"]["code"]), (429, "7", "rate_limit_exceeded"))
        self.assertEqual(self.complete({"model": MODEL, "messages": MESSAGES})[0], 503)
        self.assertIsNone(self.complete({"model": MODEL, "messages": MESSAGES})[2]["choices"][0]["message"]["content"])
        request = urllib.request.Request(self.base + "/v1/chat/completions", method="POST",
                                         data=json.dumps({"model": MODEL, "messages": MESSAGES}).encode(),
                                         headers={"Authorization": "Bearer " + KEY})
        with OPENER.open(request) as response:
            self.assertEqual(response.read(), b"not a completion")
        self.assertEqual([e["scripted"] for e in self.log()], [True, True, True, True])
        self.assertEqual(self.complete({"model": MODEL, "messages": MESSAGES})[0], 200)

    def test_a_delayed_answer_outlasts_a_short_client_timeout(self):
        self.control("script", {"responses": [{"delayMs": 1500}]})
        with self.assertRaises((socket.timeout, TimeoutError, urllib.error.URLError)):
            self.complete({"model": MODEL, "messages": MESSAGES}, timeout=0.3)
        self.assertEqual([(e["path"], e["status"]) for e in self.log()], [("/v1/chat/completions", None)])
        self.assertEqual(self.complete({"model": MODEL, "messages": MESSAGES})[0], 200)


if __name__ == "__main__":
    unittest.main()
