#!/usr/bin/env python3
"""A fake RevenueCat API v2 server (HTTP/1.1, `http.server`, stdlib only) for the hub's tests.

Usage: fake_revenuecat.py [--port 0]
Prints the chosen port on its first stdout line and nothing else; exits when stdin reaches EOF
or on SIGTERM.

API under `/v2` (anything else is 404). Every call needs `Authorization: Bearer <secret key>`; a
missing or unknown key is 401. Errors are RevenueCat's `{"object": "error", "type", "message",
"retryable", "doc_url", "backoff_ms"?}`.
    GET /v2/projects?starting_after=&limit=   {"object": "list", "items": [{"object": "project", "id", "name",
                            "created_at" (ms)}], "next_page": "/v2/projects?starting_after=<last id>&limit=<n>" or
                            null, "url": "/v2/projects"}: the projects the key sees, `limit` (default the state's
                            pageSize, 20) per page. Needs permission project_configuration:projects:read, else 403.
    GET /v2/projects/{project_id}/metrics/overview?currency=   {"object": "overview_metrics", "metrics":
                            [{"object": "overview_metric", "id", "name", "description", "unit", "period", "value",
                            "last_updated_at" (ms), "last_updated_at_iso8601"}], "currency"}: the project's metrics as
                            set. A project the key does not see is 404; a key without charts_metrics:overview:read
                            is 403 (authorization_error). `currency` (one of RevenueCat's codes) is echoed back.

Test control (no auth), JSON:
    POST /__control/state    {"keys": {"sk_…": {"projects": [ids], "permissions"?: [names] (default both above)}},
                             "projects": [{"id", "name", "currency"? ("USD"), "metrics"?: {"mrr": 1234.5, …} or
                             [metric objects]}], "pageSize"?: 20} replaces the state (log and scripts stay)
    POST /__control/metrics  {"projectId", "metrics": {id: value} or [metric objects], "currency"?}: the project's
                             overview from now on (a metric left out is absent from the answer)
    POST /__control/script   {"route": "GET /projects/{project_id}/metrics/overview" | "GET /projects" | "*",
                             "responses": [{"status": 429, "retryAfterMs"?: N, "backoffMs"?: N} | {"status": 503} |
                             {"delayMs": N}]}: the next matching authorized calls get these in order (logged
                             "scripted": true). A 429 carries `Retry-After` in milliseconds (as RevenueCat sends it)
                             when retryAfterMs is given, and backoff_ms in the body when backoffMs is. An entry with
                             only delayMs delays the normal answer.
    GET  /__control/log      [{"method", "path", "route", "query", "auth" (the Authorization header or null),
                             "status", "scripted", "at" (Unix seconds, float)}] in order of arrival
    POST /__control/reset    clears the log and scripts
"""
import argparse
import datetime
import json
import os
import re
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler
from urllib.parse import parse_qs, urlsplit

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import http1_server  # noqa: E402

LIST_PROJECTS = "project_configuration:projects:read"
READ_OVERVIEW = "charts_metrics:overview:read"
CURRENCIES = {"USD", "EUR", "GBP", "AUD", "CAD", "JPY", "BRL", "KRW", "CNY", "MXN", "SEK", "PLN", "CHF", "NOK"}
METRIC_INFO = {
    "active_trials": ("Active Trials", "In total", "#", "P0D"),
    "active_subscriptions": ("Active Subscriptions", "In total", "#", "P0D"),
    "mrr": ("MRR", "Monthly Recurring Revenue", "$", "P0D"),
    "revenue": ("Revenue", "Last 28 days", "$", "P28D"),
    "new_customers": ("New Customers", "Last 28 days", "#", "P28D"),
    "active_users": ("Active Users", "Last 28 days", "#", "P28D"),
}
OVERVIEW = re.compile(r"^/projects/([^/]+)/metrics/overview$")

lock = threading.Lock()
state = {"keys": {}, "projects": {}, "pageSize": 20}
scripts = []  # [(route, response)]
log = []


class ApiError(Exception):
    def __init__(self, status, kind, message, retryable=False, backoff_ms=None, headers=None):
        super().__init__(message)
        self.status, self.kind, self.message, self.retryable = status, kind, message, retryable
        self.backoff_ms, self.headers = backoff_ms, headers or {}

    def body(self):
        body = {"object": "error", "type": self.kind, "message": self.message, "retryable": self.retryable,
                "doc_url": "https://errors.rev.cat/" + self.kind.replace("_", "-")}
        if self.backoff_ms is not None:
            body["backoff_ms"] = self.backoff_ms
        return body


def metric_objects(metrics, at):
    """`{"mrr": 12.5}` or a list of metric objects -> RevenueCat's overview_metric objects."""
    if isinstance(metrics, list):
        return [dict(m) for m in metrics]
    iso = datetime.datetime.fromtimestamp(at, datetime.timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")
    out = []
    for metric_id, value in metrics.items():
        name, description, unit, period = METRIC_INFO.get(metric_id, (metric_id, "", "#", "P0D"))
        out.append({"object": "overview_metric", "id": metric_id, "name": name, "description": description, "unit": unit,
                    "period": period, "value": value, "last_updated_at": int(at * 1000),
                    "last_updated_at_iso8601": iso})
    return out


class Handler(http1_server.JSONReplies, BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        self.handle_any()

    do_POST = do_PUT = do_DELETE = do_PATCH = do_GET

    def handle_any(self):
        url = urlsplit(self.path)
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        if url.path.startswith("/__control/"):
            return self.control(url, raw)
        query = {k: v[-1] for k, v in parse_qs(url.query).items()}
        auth = self.headers.get("Authorization")
        entry = {"method": self.command, "path": url.path, "route": None, "query": query, "auth": auth,
                 "status": None, "scripted": False, "at": time.time()}
        status, body, headers = 500, {}, {}
        try:
            if not url.path.startswith("/v2/"):
                raise ApiError(404, "resource_missing", "Not found")
            path = url.path[len("/v2"):]
            route = ("GET /projects" if path == "/projects" else
                     "GET /projects/{project_id}/metrics/overview" if OVERVIEW.match(path) else None)
            entry["route"] = route
            if route is None or self.command != "GET":
                raise ApiError(404, "resource_missing", "The requested resource does not exist.")
            key = auth[len("Bearer "):] if auth and auth.startswith("Bearer ") else None
            with lock:
                grant = state["keys"].get(key) if key else None
            if grant is None:
                raise ApiError(401, "authentication_error", "Invalid API key.")
            scripted = self.next_script(route)
            if scripted is not None:
                delay = scripted.get("delayMs")
                if delay:
                    time.sleep(delay / 1000)
                if "status" in scripted:
                    entry["scripted"] = True
                    code = scripted["status"]
                    if code == 429:
                        hdrs = {}
                        if scripted.get("retryAfterMs") is not None:
                            hdrs["Retry-After"] = str(scripted["retryAfterMs"])
                        raise ApiError(429, "rate_limit_error", "Rate limit exceeded.", True, scripted.get("backoffMs"), hdrs)
                    raise ApiError(code, "server_error", "Scripted failure.", code >= 500)
            permissions = grant.get("permissions", [LIST_PROJECTS, READ_OVERVIEW])
            if route == "GET /projects":
                status, body = 200, self.projects(grant, permissions, query)
            else:
                status, body = 200, self.overview(grant, permissions, OVERVIEW.match(path).group(1), query)
        except ApiError as error:
            status, body, headers = error.status, error.body(), error.headers
        entry["status"] = status
        with lock:
            log.append(entry)
        self.send_json(status, body, headers)

    def next_script(self, route):
        with lock:
            for i, (wanted, response) in enumerate(scripts):
                if wanted in ("*", route):
                    del scripts[i]
                    return response
        return None

    def projects(self, grant, permissions, query):
        if LIST_PROJECTS not in permissions:
            raise ApiError(403, "authorization_error", "The API key does not have access to project_configuration:projects:read.")
        with lock:
            visible = [state["projects"][p] for p in grant.get("projects", []) if p in state["projects"]]
            size = state["pageSize"]
        try:
            limit = int(query.get("limit", size))
        except ValueError:
            raise ApiError(400, "parameter_error", "limit must be an integer")
        after = query.get("starting_after")
        ids = [p["id"] for p in visible]
        start = ids.index(after) + 1 if after in ids else 0
        page = visible[start:start + limit]
        more = start + limit < len(visible)
        return {"object": "list", "url": "/v2/projects",
                "items": [{"object": "project", "id": p["id"], "name": p["name"], "created_at": p.get("createdAt", 1700000000000)}
                          for p in page],
                "next_page": f"/v2/projects?starting_after={page[-1]['id']}&limit={limit}" if more and page else None}

    def overview(self, grant, permissions, project_id, query):
        with lock:
            project = state["projects"].get(project_id) if project_id in grant.get("projects", []) else None
        if project is None:
            raise ApiError(404, "resource_missing", "Project not found.")
        if READ_OVERVIEW not in permissions:
            raise ApiError(403, "authorization_error", "The API key does not have access to charts_metrics:overview:read.")
        currency = query.get("currency")
        if currency is not None and currency not in CURRENCIES:
            raise ApiError(400, "parameter_error", "currency is not supported")
        with lock:
            metrics = metric_objects(project.get("metrics", {}), project.get("updatedAt", time.time()))
            default_currency = project.get("currency", "USD")
        return {"object": "overview_metrics", "metrics": metrics, "currency": currency or default_currency}

    def control(self, url, raw):
        try:
            body = json.loads(raw or b"{}")
        except ValueError:
            return self.send_json(400, {"error": "malformed JSON"})
        name = url.path[len("/__control/"):]
        with lock:
            if name == "state" and self.command == "POST":
                state["keys"] = body.get("keys", {})
                state["projects"] = {p["id"]: dict(p) for p in body.get("projects", [])}
                state["pageSize"] = body.get("pageSize", 20)
                return self.send_json(200, {"ok": True})
            if name == "metrics" and self.command == "POST":
                project = state["projects"].get(body.get("projectId"))
                if project is None:
                    return self.send_json(404, {"error": "unknown project"})
                project["metrics"] = body.get("metrics", {})
                project["updatedAt"] = time.time()
                if "currency" in body:
                    project["currency"] = body["currency"]
                return self.send_json(200, {"ok": True})
            if name == "script" and self.command == "POST":
                for response in body.get("responses", []):
                    scripts.append((body.get("route", "*"), response))
                return self.send_json(200, {"ok": True})
            if name == "log" and self.command == "GET":
                return self.send_json(200, list(log))
            if name == "reset" and self.command == "POST":
                log.clear()
                scripts.clear()
                return self.send_json(200, {"ok": True})
        return self.send_json(404, {"error": "unknown control route"})


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    http1_server.serve(Handler, args.port)


if __name__ == "__main__":
    main()
