#!/usr/bin/env python3
"""Self-test of fake_revenuecat.py: starts it as a subprocess and checks what the hub's tests rely on.

Run: python Tests/Fixtures/test_fake_revenuecat.py
"""
import json
import os
import subprocess
import sys
import time
import unittest
import urllib.error
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
KEY = "sk_selftest_0123456789abcdef"
READER = "sk_selftest_no_overview_0123"
OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))
OVERVIEW = "GET /projects/{project_id}/metrics/overview"


class FakeRevenueCatTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.process = subprocess.Popen([sys.executable, os.path.join(HERE, "fake_revenuecat.py"), "--port", "0"],
                                       stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        cls.base = "http://127.0.0.1:" + cls.process.stdout.readline().decode().strip()

    @classmethod
    def tearDownClass(cls):
        cls.process.stdin.close()
        cls.process.wait(timeout=5)

    def setUp(self):
        self.control("reset", {})
        self.control("state", {
            "keys": {KEY: {"projects": ["projA", "projB", "projC"]},
                     READER: {"projects": ["projA"], "permissions": ["project_configuration:projects:read"]}},
            "projects": [{"id": "projA", "name": "A", "metrics": {"mrr": 10.5, "active_trials": 3}},
                         {"id": "projB", "name": "B"}, {"id": "projC", "name": "C"}],
            "pageSize": 2})

    def control(self, name, body):
        request = urllib.request.Request(self.base + "/__control/" + name, data=json.dumps(body).encode(), method="POST",
                                         headers={"Content-Type": "application/json"})
        with OPENER.open(request) as response:
            return json.load(response)

    def call(self, path, key=KEY):
        headers = {"Authorization": "Bearer " + key} if key else {}
        try:
            with OPENER.open(urllib.request.Request(self.base + path, headers=headers)) as response:
                return response.status, dict(response.headers), json.load(response)
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), json.load(error)

    def test_projects_are_paged_with_next_page(self):
        status, _, first = self.call("/v2/projects")
        self.assertEqual(status, 200)
        self.assertEqual([p["id"] for p in first["items"]], ["projA", "projB"])
        _, _, second = self.call(first["next_page"])
        self.assertEqual([p["id"] for p in second["items"]], ["projC"])
        self.assertIsNone(second["next_page"])

    def test_overview_speaks_revenuecats_shape(self):
        status, _, body = self.call("/v2/projects/projA/metrics/overview?currency=EUR")
        self.assertEqual(status, 200)
        self.assertEqual(body["object"], "overview_metrics")
        self.assertEqual(body["currency"], "EUR")
        mrr = next(m for m in body["metrics"] if m["id"] == "mrr")
        self.assertEqual((mrr["object"], mrr["value"], mrr["unit"]), ("overview_metric", 10.5, "$"))
        self.assertIn("last_updated_at_iso8601", mrr)

    def test_auth_and_permissions_answer_revenuecats_errors(self):
        self.assertEqual(self.call("/v2/projects", key=None)[0], 401)
        self.assertEqual(self.call("/v2/projects", key="sk_unknown")[2]["type"], "authentication_error")
        status, _, body = self.call("/v2/projects/projA/metrics/overview", key=READER)
        self.assertEqual((status, body["object"], body["type"]), (403, "error", "authorization_error"))
        self.assertEqual(self.call("/v2/projects/projZ/metrics/overview")[0], 404)

    def test_scripted_429_carries_milliseconds_and_the_log_times_calls(self):
        self.control("script", {"route": OVERVIEW, "responses": [{"status": 429, "retryAfterMs": 250, "backoffMs": 250}]})
        status, headers, body = self.call("/v2/projects/projA/metrics/overview")
        self.assertEqual((status, headers.get("Retry-After"), body["backoff_ms"], body["retryable"]), (429, "250", 250, True))
        time.sleep(0.05)
        self.assertEqual(self.call("/v2/projects/projA/metrics/overview")[0], 200)
        with OPENER.open(self.base + "/__control/log") as response:
            log = json.load(response)
        self.assertEqual([(e["status"], e["scripted"]) for e in log], [(429, True), (200, False)])
        self.assertGreater(log[1]["at"], log[0]["at"])
        self.assertEqual(log[0]["auth"], "Bearer " + KEY)


if __name__ == "__main__":
    unittest.main()
