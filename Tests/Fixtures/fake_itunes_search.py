#!/usr/bin/env python3
"""Fake iTunes Search and Lookup API (HTTP/1.1, `http.server`), scriptable per term and country.

Usage: fake_itunes_search.py [--port 0] [--results 10]
Prints the chosen port on its first stdout line; exits when stdin reaches EOF or on SIGTERM.

Provider routes (the real field names: resultCount, results[].trackId, trackName, sellerName,
artistId, artistName, bundleId, averageUserRating, userRatingCount, releaseDate,
currentVersionReleaseDate, price, formattedPrice, currency, trackViewUrl, primaryGenreName,
description, ...):
    GET /search?term=&country=&entity=software&limit=
    GET /lookup?id=&country=
Without a script, /search answers `--results` generated apps whose titles use the term, and
/lookup a generated app for any ID.

Control routes (JSON bodies):
    POST /_control/script  {"term": "photo editor" | "*", "country": "us" | "*",
                            "status": 200, "retryAfter": 30, "delayMs": 0, "body": "raw text",
                            "results": [ {app fields} ], "times": n}
        Later requests for that lowercased term and country get this answer (`results` replaces
        the generated list; `body` replaces the whole response text); with `times`, only the next
        n requests do.
    POST /_control/lookup  {"id": "123", "app": {app fields}}
    POST /_control/reset   forget scripts, lookups and the log
    GET  /_control/log     {"requests": [{"path", "term", "country", "entity", "limit", "id"}]}
"""
import argparse
import hashlib
import json
import os
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

import http1_server

LOCK = threading.Lock()
STATE = {"scripts": [], "lookups": {}, "log": []}
DEFAULT_COUNT = 10


def generated(term, country, count):
    base = int(hashlib.sha256(f"{term}|{country}".encode()).hexdigest()[:8], 16) % 1_000_000
    words = " ".join(w.capitalize() for w in term.split())
    apps = []
    for i in range(count):
        apps.append({
            "wrapperType": "software", "kind": "software",
            "trackId": 100_000_000 + base * 100 + i,
            "trackName": f"{words} {['Pro', 'Studio', 'Lite', 'Plus', 'Max'][i % 5]} {i + 1}",
            "sellerName": f"Seller {i + 1} LLC", "artistId": 500_000 + i, "artistName": f"Seller {i + 1}",
            "bundleId": f"com.example.app{i + 1}",
            "averageUserRating": 4.5 - (i % 5) * 0.25, "userRatingCount": 10_000 // (i + 1),
            "releaseDate": "2020-01-15T08:00:00Z", "currentVersionReleaseDate": "2026-10-01T08:00:00Z",
            "price": 0.0, "formattedPrice": "Free", "currency": "USD",
            "trackViewUrl": f"https://apps.apple.com/{country}/app/id{100_000_000 + base * 100 + i}",
            "primaryGenreName": "Productivity",
            "description": f"{words} for everyone. Edit, share and organize with {words.lower()}.",
        })
    return apps


def find_script(term, country):
    with LOCK:
        for script in STATE["scripts"]:
            if script["term"] in ("*", term) and script["country"] in ("*", country):
                if script.get("times") is not None:
                    if script["times"] <= 0:
                        continue
                    script["times"] -= 1
                return dict(script)
    return None


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def setup(self):
        super().setup()
        # Headers and body go out in two writes; without this, Nagle and delayed ACKs add 40 ms per answer.
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def log_message(self, *args):
        pass

    def send_json(self, status, payload, headers=()):
        body = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "text/javascript; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        url = urlsplit(self.path)
        query = {k: v[-1] for k, v in parse_qs(url.query, keep_blank_values=True).items()}
        if url.path == "/_control/log":
            with LOCK:
                return self.send_json(200, {"requests": list(STATE["log"])})
        term = query.get("term", "").strip().lower()
        country = query.get("country", "us").lower()
        with LOCK:
            STATE["log"].append({"path": url.path, "term": query.get("term"), "country": query.get("country"),
                                 "entity": query.get("entity"), "limit": query.get("limit"), "id": query.get("id")})
            del STATE["log"][:-200_000]
        if url.path == "/search":
            script = find_script(term, country)
            if script and script.get("delayMs"):
                time.sleep(script["delayMs"] / 1000)
            status = script.get("status", 200) if script else 200
            headers = [("Retry-After", str(script["retryAfter"]))] if script and script.get("retryAfter") is not None else []
            if script and script.get("body") is not None:
                return self.send_json(status, script["body"].encode(), headers)
            if status != 200:
                return self.send_json(status, {"errorMessage": "scripted failure"}, headers)
            limit = int(query.get("limit") or 50)
            apps = script["results"] if script and script.get("results") is not None else generated(term, country, DEFAULT_COUNT)
            apps = apps[:limit]
            return self.send_json(200, {"resultCount": len(apps), "results": apps}, headers)
        if url.path == "/lookup":
            app_id = query.get("id", "")
            with LOCK:
                app = STATE["lookups"].get(app_id)
            if app is None and app_id.isdigit():
                app = dict(generated("sample app", country, 1)[0], trackId=int(app_id))
            results = [app] if app else []
            return self.send_json(200, {"resultCount": len(results), "results": results})
        self.send_json(404, {"errorMessage": "not found"})

    def do_POST(self):
        url = urlsplit(self.path)
        length = int(self.headers.get("Content-Length") or 0)
        body = json.loads(self.rfile.read(length) or b"{}")
        with LOCK:
            if url.path == "/_control/script":
                body["term"] = " ".join(body.get("term", "*").lower().split()) or "*"
                body["country"] = body.get("country", "*").lower()
                STATE["scripts"].insert(0, body)
            elif url.path == "/_control/lookup":
                STATE["lookups"][str(body["id"])] = body["app"]
            elif url.path == "/_control/reset":
                STATE.update(scripts=[], lookups={}, log=[])
            else:
                return self.send_json(404, {"errorMessage": "not found"})
        self.send_json(200, {"ok": True})


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            super().handle_error(request, client_address)


def main():
    global DEFAULT_COUNT
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--results", type=int, default=10)
    args = parser.parse_args()
    DEFAULT_COUNT = args.results
    http1_server.serve(Handler, args.port, Server)


if __name__ == "__main__":
    main()
