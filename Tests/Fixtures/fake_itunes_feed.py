#!/usr/bin/env python3
"""Fake App Store provider: the legacy RSS JSON chart feed and `/lookup`, with the real field
names and quirks, scriptable per path.

Usage: fake_itunes_feed.py [--port 0] [--pool 30011]
Prints the chosen port on its first stdout line; exits when stdin reaches EOF or on SIGTERM.

Provider routes:
    GET /{cc}/rss/{chart}/limit={n}[/genre={g}]/json
        `{"feed": {"entry": [...], ...}}` as the store sends it: `id.attributes["im:id"]`,
        `im:name.label`, `im:artist` (label and developer href), `category.attributes`,
        `im:price.attributes`, `im:releaseDate`, `im:image`, and `link` as an object on odd
        ranks and an array on even ones. Unscripted paths list `n` distinct apps drawn from a
        pool, deterministically per path.
    GET /lookup?id=1,2,3&country=us
        `{"resultCount", "results": [{trackId, trackName, bundleId, artistId, artistName, ...}]}`;
        every fifth app has no `userRatingCount`/`averageUserRating`.

Control routes (JSON bodies):
    POST /_script {"path": P, "entries": [{"id", "name"?, "developer"?, "developerId"?,
                  "genreId"?, "genre"?, "releaseDate"?}] | null,
                  "single": bool, "noEntry": bool, "truncate": bytes, "status": int,
                  "retryAfter": str, "queue": [{"status", "retryAfter"?}]}
        Sets how path P answers from now on (fields omitted keep their effect off). `queue`
        holds one-shot answers served before the scripted/default one.
    POST /_generation {"value": g}
                        unscripted charts of generation g > 0 are generation 0's list with
                        local shuffles and some apps replaced: risers, fallers and new entries
    POST /_lookup {"id": "123", "country": "us" | "*", "fields": {...}}
                        `/lookup` of that app in that country answers these fields over the
                        generated ones from now on (a null field is left out; no fields: the app
                        is not listed there)
    POST /_reset        forgets every script, lookup override, the generation and the request log
    GET  /_log          `{"requests": [{"path", "at"}]}` (at: monotonic seconds)
"""
import argparse
import json
import os
import random
import sys
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

import http1_server

GENRES = [("6014", "Games"), ("6016", "Entertainment"), ("6017", "Education"), ("6015", "Finance"),
          ("6013", "Health & Fitness"), ("6007", "Productivity"), ("6005", "Social Networking")]
CHARTS = {"topfreeapplications": "Top Free Applications", "toppaidapplications": "Top Paid Applications",
          "topgrossingapplications": "Top Grossing Applications"}

lock = threading.Lock()
generation = [0]
scripts = {}
lookups = {}
request_log = []
feed_cache = {}
POOL = 30011


def app_facts(adam_id):
    n = int(adam_id)
    genre_id, genre = GENRES[n % len(GENRES)]
    dev = n % 997
    return {"id": str(adam_id), "name": f"App {adam_id}", "developer": f"Studio {dev}",
            "developerId": str(5000000 + dev), "genreId": genre_id, "genre": genre,
            "releaseDate": f"20{15 + n % 10}-0{1 + n % 9}-1{n % 9}T07:00:00-07:00",
            "price": "0.00000" if n % 4 else "2.99000"}


def entry_json(facts, cc, rank):
    adam = facts["id"]
    slug = facts.get("name", "app").lower().replace(" ", "-")
    href = f"https://apps.apple.com/{cc}/app/{slug}/id{adam}?uo=2"
    link = {"attributes": {"rel": "alternate", "type": "text/html", "href": href}}
    if rank % 2 == 0:
        link = [link, {"attributes": {"rel": "enclosure", "type": "image/jpeg", "title": "Preview",
                                      "href": f"https://is1.example/{adam}.jpg", "im:assetType": "preview"},
                       "im:duration": {"label": "30"}}]
    entry = {
        "im:name": {"label": facts.get("name", f"App {adam}")},
        "im:image": [{"label": f"https://is1.example/{adam}/53x53.png", "attributes": {"height": "53"}},
                     {"label": f"https://is1.example/{adam}/100x100.png", "attributes": {"height": "100"}}],
        "summary": {"label": f"The description of {facts.get('name', adam)}."},
        "im:price": {"label": "Get" if facts.get("price", "0.00000") == "0.00000" else "$2.99",
                     "attributes": {"amount": facts.get("price", "0.00000"), "currency": "USD"}},
        "im:contentType": {"attributes": {"term": "Application", "label": "Application"}},
        "rights": {"label": "© Someone"},
        "title": {"label": f"{facts.get('name')} - {facts.get('developer')}"},
        "link": link,
        "id": {"label": href, "attributes": {"im:id": adam, "im:bundleId": f"com.example.app{adam}"}},
        "category": {"attributes": {"im:id": facts.get("genreId", "6014"), "term": facts.get("genre", "Games"),
                                    "scheme": f"https://apps.apple.com/{cc}/genre/id{facts.get('genreId', '6014')}?uo=2",
                                    "label": facts.get("genre", "Games")}},
    }
    if facts.get("developer"):
        entry["im:artist"] = {"label": facts["developer"], "attributes": {
            "href": f"https://apps.apple.com/{cc}/developer/x/id{facts.get('developerId', '1')}?uo=2"}}
    if facts.get("releaseDate"):
        entry["im:releaseDate"] = {"label": facts["releaseDate"], "attributes": {"label": "January 1, 2020"}}
    return entry


def feed_body(cc, chart, entries, single=False, no_entry=False):
    feed = {
        "author": {"name": {"label": "iTunes Store"}, "uri": {"label": "http://www.apple.com/itunes/"}},
        "updated": {"label": "2026-11-30T01:00:00-07:00"},
        "rights": {"label": "Copyright 2008 Apple Inc."},
        "title": {"label": f"iTunes Store: {CHARTS.get(chart, chart)}"},
        "icon": {"label": "http://itunes.apple.com/favicon.ico"},
        "link": [{"attributes": {"rel": "alternate", "type": "text/html", "href": "https://apps.apple.com/"}},
                 {"attributes": {"rel": "self", "href": f"https://itunes.apple.com/{cc}/rss/{chart}/json"}}],
        "id": {"label": f"https://itunes.apple.com/{cc}/rss/{chart}/json"},
    }
    if not no_entry:
        items = [entry_json(f, cc, i + 1) for i, f in enumerate(entries)]
        feed["entry"] = items[0] if single and len(items) == 1 else items
    return json.dumps({"feed": feed}).encode()


def default_ids(path, limit):
    base = zlib.crc32(path.encode()) % POOL
    g = generation[0]
    ids = [str(1000000000 + (base + i * 7) % POOL) for i in range(limit + 20 * g)]
    if g:
        rng = random.Random(base * 1000 + g)
        for i in range(len(ids) - 1):
            j = min(len(ids) - 1, i + rng.randrange(0, 16))
            ids[i], ids[j] = ids[j], ids[i]
    return ids[:limit]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = json.loads(self.rfile.read(length) or b"{}")
        path = urlsplit(self.path).path
        if path == "/_script":
            with lock:
                scripts[body["path"]] = dict(body)
            self.send(200, b"{}")
        elif path == "/_lookup":
            with lock:
                lookups[(str(body["id"]), body.get("country", "*"))] = body.get("fields") or {}
            self.send(200, b"{}")
        elif path == "/_generation":
            with lock:
                generation[0] = int(body.get("value", 0))
                feed_cache.clear()
            self.send(200, b"{}")
        elif path == "/_reset":
            with lock:
                generation[0] = 0
                feed_cache.clear()
                scripts.clear()
                lookups.clear()
                request_log.clear()
            self.send(200, b"{}")
        else:
            self.send(404, b"{}")

    def do_GET(self):
        url = urlsplit(self.path)
        if url.path == "/_log":
            with lock:
                body = json.dumps({"requests": list(request_log)}).encode()
            return self.send(200, body)
        with lock:
            request_log.append({"path": self.path, "at": time.monotonic()})
            script = scripts.get(url.path)
            if script and script.get("queue"):
                once = script["queue"].pop(0)
                return self.send(once.get("status", 200), b'{"error":"scripted"}', once.get("retryAfter"))
        if script and script.get("status"):
            return self.send(script["status"], b'{"error":"scripted"}', script.get("retryAfter"))
        if url.path == "/lookup":
            return self.lookup(parse_qs(url.query))
        parts = url.path.strip("/").split("/")
        if len(parts) < 5 or parts[1] != "rss" or not parts[3].startswith("limit=") or parts[-1] != "json":
            return self.send(404, b'{"error":"unknown path"}')
        cc, chart = parts[0], parts[2]
        limit = int(parts[3][len("limit="):])
        if script and script.get("entries") is not None:
            facts = [dict(app_facts(e["id"]), **e) for e in script["entries"]]
            body = feed_body(cc, chart, facts[:limit], script.get("single", False), script.get("noEntry", False))
        elif script:
            facts = [app_facts(i) for i in default_ids(url.path, limit)]
            body = feed_body(cc, chart, facts, script.get("single", False), script.get("noEntry", False))
        else:
            with lock:
                body = feed_cache.get(url.path)
            if body is None:
                body = feed_body(cc, chart, [app_facts(i) for i in default_ids(url.path, limit)])
                with lock:
                    feed_cache[url.path] = body
        if script and script.get("truncate"):
            body = body[:int(script["truncate"])]
        self.send(200, body)

    def lookup(self, query):
        ids = [i for i in (query.get("id", [""])[0]).split(",") if i]
        country = query.get("country", ["us"])[0]
        results = []
        for adam in ids:
            with lock:
                override = lookups.get((adam, country), lookups.get((adam, "*")))
            if override is not None and not override:
                continue
            f = app_facts(adam)
            r = {"trackId": int(adam), "trackName": f["name"], "bundleId": f"com.example.app{adam}",
                 "artistId": int(f["developerId"]), "artistName": f["developer"], "sellerName": f["developer"] + " Ltd",
                 "primaryGenreName": f["genre"], "primaryGenreId": int(f["genreId"]), "price": 0.0 if f["price"] == "0.00000" else 2.99,
                 "currency": "USD", "releaseDate": f["releaseDate"][:10] + "T07:00:00Z", "version": "1.2.3",
                 "fileSizeBytes": str(10_000_000 + int(adam) % 1000), "trackContentRating": "4+",
                 "minimumOsVersion": "16.0", "description": f"Long description of {f['name']}.",
                 "trackViewUrl": f"https://apps.apple.com/us/app/id{adam}", "kind": "software",
                 "artworkUrl100": f"https://is1.example/{adam}/100x100.png"}
            if int(adam) % 5:
                r["averageUserRating"] = 4.5
                r["userRatingCount"] = int(adam) % 10000
            for key, value in (override or {}).items():
                if value is None:
                    r.pop(key, None)
                else:
                    r[key] = value
            results.append(r)
        self.send(200, json.dumps({"resultCount": len(results), "results": results}).encode())

    def send(self, status, body, retry_after=None):
        self.send_response(status)
        self.send_header("Content-Type", "text/javascript; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        if retry_after is not None:
            self.send_header("Retry-After", str(retry_after))
        self.end_headers()
        self.wfile.write(body)


class Server(ThreadingHTTPServer):
    daemon_threads = True


def main():
    global POOL
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--pool", type=int, default=30011)
    args = parser.parse_args()
    POOL = args.pool
    http1_server.serve(Handler, args.port, Server)


if __name__ == "__main__":
    main()
