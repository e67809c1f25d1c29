#!/usr/bin/env bash
# The Explore pages under load (issue 26), release build of ingest and marketd, against
# Tests/Fixtures/fake_itunes_feed.py with pacing off:
#  - two days of the US and GB charts (3 charts x 100 entries), so profiles have a history;
#  - an owner signed in through their setup link (deploy/appnorth user add's link);
#  - GET /dashboard/explore/apps/{adamId} (a profile: one marketd call) and
#    GET /dashboard/explore/trending (the chart cache's answer drawn as a page) under wrk at
#    8 connections with the session cookie, p50 and p99: target p99 < 50 ms;
#  - the ceiling of the same run: nginx serving the same profile HTML from a file.
#   bench/explore_pages.sh [seconds per run, default 10] [connections, default 8]
# APPNORTH_BENCH_BIN=dir runs the ingest and marketd found there instead (an earlier build, to compare).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SECONDS_PER_RUN=${1:-10}
CONNECTIONS=${2:-8}
. "$ROOT/bench/lib.sh"
require_tools
use_build ingest marketd
make_workspace
TOKEN="an_bench$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')"
PYTHON=${APPNORTH_TEST_PYTHON:-$ROOT/.venv/bin/python}
[ -x "$PYTHON" ] || PYTHON=python3

# The fake store runs until its stdin (a fifo held open here) closes.
mkfifo "$WORK/feed.in"
"$PYTHON" "$ROOT/Tests/Fixtures/fake_itunes_feed.py" --port 0 <"$WORK/feed.in" >"$WORK/feed.out" 2>"$WORK/feed.err" &
FEED_PID=$!
exec 3>"$WORK/feed.in"
for _ in $(seq 1 100); do [ -s "$WORK/feed.out" ] && break; sleep 0.1; done
FEED="http://127.0.0.1:$(head -n1 "$WORK/feed.out")"

export APPNORTH_DATA_DIR=$WORK/data APPNORTH_HTTP_ADDR=127.0.0.1:$HUB_PORT APPNORTH_LOG_LEVEL=${APPNORTH_BENCH_LOG_LEVEL:-warn} \
    APPNORTH_ADMIN_TOKEN=$TOKEN APPNORTH_ITUNES_URL=$FEED APPNORTH_MARKET_STOREFRONTS=us,gb APPNORTH_MARKET_CHART_LIMIT=100 \
    APPNORTH_MARKET_CHARTS=topfreeapplications,toppaidapplications,topgrossingapplications \
    APPNORTH_MARKET_MIN_GAP_MS=0 APPNORTH_MARKET_INTERVAL_S=0 APPNORTH_RPC_TIMEOUT_MS=5000
MARKETD_PID=
start_marketd() { "$BIN/marketd" 2>>"$WORK/marketd.log" & MARKETD_PID=$!; }
trap 'kill $MARKETD_PID $FEED_PID 2>/dev/null; exec 3>&-; cleanup_workspace' EXIT
BASE=http://127.0.0.1:$HUB_PORT
run_pass() {
    curl -sf -X POST "$BASE/api/admin/v1/jobs/market-charts/run" -H "Authorization: Bearer $TOKEN" -o /dev/null --max-time 600 ||
        { echo "the collection failed"; exit 1; }
}

# Day 1 (yesterday on marketd's clock), then day 2 (today, the fake's charts reshuffled).
APPNORTH_FAKE_NOW=$(date -u -d yesterday +%Y-%m-%dT12:00:00.000Z) start_marketd
"$BIN/ingest" 2>"$WORK/ingest.log" &
HUB_PID=$!
wait_for "$BASE/version"
run_pass
kill "$MARKETD_PID"; wait "$MARKETD_PID" 2>/dev/null || true
curl -sf -X POST "$FEED/_generation" -d '{"value": 1}' >/dev/null
start_marketd
sleep 0.5
run_pass

# The profiled app: today's US #1, with a year of monthly download and revenue estimates
# (one month missing in the data, shown as —).
ADAM=$(curl -sf "$BASE/api/admin/v1/market/trending?storefront=us&limit=1" -H "Authorization: Bearer $TOKEN" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["items"][0]["adamId"])')
python3 - "$ADAM" >"$WORK/records.ndjson" <<'PY'
import json, sys
adam = sys.argv[1]
for month in range(1, 13):
    for metric, value in (("downloads", 40_000 + 1_500 * month), ("revenue", 9_000 + 700 * month)):
        print(json.dumps({"id": f"bench-{metric}-{month}", "kind": "estimate", "adamId": adam, "metric": metric,
            "value": None if month == 6 else value, "source": "bench", "storefront": "ww",
            "periodStart": f"2025-{month:02d}-01", "periodEnd": f"2025-{month:02d}-28", "observedAt": "2026-01-02T00:00:00.000Z"}))
PY
curl -sf -X POST "$BASE/api/admin/v1/market/records" -H "Authorization: Bearer $TOKEN" -H "Content-Type: application/x-ndjson" \
    --data-binary @"$WORK/records.ndjson" -o /dev/null || { echo "the estimates import failed"; exit 1; }

# The owner: the setup link accepted like the page does, its session cookie kept.
LINK=$("$BIN/ingest" user add --email owner@example.com --role owner | tail -n 1)
COOKIE=$(curl -s -o /dev/null -D - -X POST "$BASE/${LINK#*://*/}" -H "Origin: $BASE" \
    --data-urlencode name=Owner --data-urlencode password=bench-password-1 --data-urlencode passwordAgain=bench-password-1 |
    awk -F'[=;]' 'tolower($1) ~ /^set-cookie: appnorth_session$/ { print $2 }')
[ -n "$COOKIE" ] || { echo "could not sign in through $LINK"; exit 1; }

PROFILE="$BASE/dashboard/explore/apps/$ADAM"
TRENDING="$BASE/dashboard/explore/trending?storefront=us&chart=topfreeapplications"
curl -sf "$PROFILE" -H "Cookie: appnorth_session=$COOKIE" >"$WORK/www/profile.html" || { echo "GET the profile failed"; exit 1; }
grep -q 'history-chart-title' "$WORK/www/profile.html" || { echo "the profile draws no chart history"; exit 1; }
curl -sf "$TRENDING" -H "Cookie: appnorth_session=$COOKIE" >"$WORK/trending.html" || { echo "GET trending failed"; exit 1; }
grep -q 'Snapshot of' "$WORK/trending.html" || { echo "trending shows no snapshot date"; exit 1; }
start_nginx profile.html

P99=
measure() { # name url [header]
    local out
    wrk -t2 -c"$CONNECTIONS" -d2s ${3:+-H "$3"} "$2" >/dev/null
    out=$(wrk -t2 -c"$CONNECTIONS" -d"${SECONDS_PER_RUN}s" --latency ${3:+-H "$3"} "$2")
    RPS=$(echo "$out" | awk '/Requests\/sec/ { print $2 }')
    P99=$(echo "$out" | awk '$1 == "99%" { v = $2; if (v ~ /ms$/) { sub("ms", "", v); print v } else if (v ~ /us$/) { sub("us", "", v); print v / 1000 } else { sub("s", "", v); print v * 1000 } }')
    echo "$1 (c$CONNECTIONS): $RPS req/s, p50 $(echo "$out" | awk '$1 == "50%" { print $2 }'), p99 $(echo "$out" | awk '$1 == "99%" { print $2 }')$(echo "$out" | awk '/Non-2xx/ { print ", non-2xx " $5 }')"
}
echo "profile page $(wc -c <"$WORK/www/profile.html") bytes, trending page $(wc -c <"$WORK/trending.html") bytes"
measure "nginx, the same profile HTML from a file" "http://127.0.0.1:$NGINX_PORT/profile.html"; ceiling=$RPS
measure "GET /dashboard/explore/apps/{adamId}" "$PROFILE" "Cookie: appnorth_session=$COOKIE"; profile_p99=$P99; profile_rps=$RPS
measure "GET /dashboard/explore/trending" "$TRENDING" "Cookie: appnorth_session=$COOKIE"; trending_p99=$P99; trending_rps=$RPS
awk -v c="$ceiling" -v p="$profile_rps" -v t="$trending_rps" 'BEGIN { printf "ratio to nginx: profile %.2fx, trending %.2fx\n", p / c, t / c }'
echo "p99 profile ${profile_p99} ms, trending ${trending_p99} ms (target < 50 ms)"
awk -v a="$profile_p99" -v b="$trending_p99" 'BEGIN { exit !(a < 50 && b < 50) }'
