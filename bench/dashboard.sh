#!/usr/bin/env bash
# The team dashboard under load (issue: team dashboard), release build of ingest and chatd:
#  - 10,000 chat conversations (one per anonymous app user, sent through the SDK route);
#  - an owner signed in through their setup link (deploy/appnorth user add's link);
#  - GET /dashboard (the inbox's first page) and GET /dashboard/conversations/{id} (a thread of
#    a few messages) under wrk at 8 connections with the session cookie, p50 and p99;
#  - the ceiling of the same run: nginx serving the same inbox HTML from a file.
#   bench/dashboard.sh [seconds per run, default 10] [conversations, default 10000]
# APPNORTH_BENCH_BIN=dir runs the ingest and chatd found there instead (an earlier build, to compare).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SECONDS_PER_RUN=${1:-10}
CONVERSATIONS=${2:-10000}
. "$ROOT/bench/lib.sh"
require_tools
use_build ingest chatd
make_workspace
TOKEN="an_bench$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')"
export APPNORTH_DATA_DIR=$WORK/data APPNORTH_HTTP_ADDR=127.0.0.1:$HUB_PORT APPNORTH_LOG_LEVEL=${APPNORTH_BENCH_LOG_LEVEL:-warn} \
    APPNORTH_ADMIN_TOKEN=$TOKEN APPNORTH_COMMUNITY_RATE_PER_MIN=100000000 APPNORTH_CHAT_RATE_PER_MIN=100000000 \
    APPNORTH_CHAT_READ_RATE_PER_MIN=100000000
"$BIN/chatd" 2>"$WORK/chatd.log" &
CHATD_PID=$!
"$BIN/ingest" 2>"$WORK/ingest.log" &
HUB_PID=$!
trap 'kill $CHATD_PID 2>/dev/null; cleanup_workspace' EXIT
BASE=http://127.0.0.1:$HUB_PORT
wait_for "$BASE/version"
create_project '{"name":"Bench","allowedOrigins":["http://localhost"],"chatMode":"anyone"}'

# The conversations: one anonymous app user each, 16 at a time; then one thread with a few more.
python3 - "$BASE" "$APP_ID" "$CONVERSATIONS" <<'PY'
import json, sys, urllib.error, urllib.request
from concurrent.futures import ThreadPoolExecutor
base, app, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
def send(n, text=None, key="first"):
    body = json.dumps({"body": text or f"Message {n}: the export to CSV stops at 80%", "locale": "en", "platform": "ios"}).encode()
    req = urllib.request.Request(f"{base}/api/v1/chat/messages?app_id={app}&voter_token=benchvoter{n:012d}", data=body,
        method="POST", headers={"Content-Type": "application/json", "Origin": "http://localhost", "Idempotency-Key": f"seed-{n}-{key}"})
    try:
        with opener.open(req, timeout=30) as answer:
            assert answer.status == 201, answer.status
    except urllib.error.HTTPError as error:
        raise SystemExit(f"POST /api/v1/chat/messages answered {error.code}: {error.read().decode()}")
with ThreadPoolExecutor(16) as pool:
    list(pool.map(send, range(count)))
for extra in range(5):
    send(0, f"And another detail, number {extra}", key=f"extra-{extra}")
PY

# The owner: the setup link accepted like the page does, its session cookie kept.
LINK=$("$BIN/ingest" user add --email owner@example.com --role owner | tail -n 1)
COOKIE=$(curl -s -o /dev/null -D - -X POST "$BASE/${LINK#*://*/}" -H "Origin: $BASE" \
    --data-urlencode name=Owner --data-urlencode password=bench-password-1 --data-urlencode passwordAgain=bench-password-1 |
    awk -F'[=;]' 'tolower($1) ~ /^set-cookie: appnorth_session$/ { print $2 }')
[ -n "$COOKIE" ] || { echo "could not sign in through $LINK"; exit 1; }
# The newest conversation is the one with the extra messages.
PROJECT=$(curl -sf "$BASE/api/admin/v1/projects" -H "Authorization: Bearer $TOKEN" | python3 -c 'import json,sys; print(json.load(sys.stdin)["items"][0]["id"])')
CONVERSATION=$(curl -sf "$BASE/api/admin/v1/projects/$PROJECT/conversations?limit=1" -H "Authorization: Bearer $TOKEN" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["items"][0]["id"])')

curl -sf "$BASE/dashboard" -H "Cookie: appnorth_session=$COOKIE" >"$WORK/www/inbox.html" || { echo "GET /dashboard failed"; exit 1; }
grep -q "Message" "$WORK/www/inbox.html" || { echo "the inbox shows no conversation"; exit 1; }
curl -sf "$BASE/dashboard/conversations/$CONVERSATION" -H "Cookie: appnorth_session=$COOKIE" -o /dev/null ||
    { echo "GET /dashboard/conversations/$CONVERSATION failed"; exit 1; }
start_nginx inbox.html

measure() { # name url [header]
    local out
    out=$(wrk -t2 -c8 -d"${SECONDS_PER_RUN}s" --latency ${3:+-H "$3"} "$2")
    echo "$1 (c8): $(echo "$out" | awk '/Requests\/sec/ { print $2 }') req/s, p50 $(echo "$out" | awk '$1 == "50%" { print $2 }')," \
        "p99 $(echo "$out" | awk '$1 == "99%" { print $2 }')$(echo "$out" | awk '/Non-2xx/ { print ", non-2xx " $5 }')"
}
echo "conversations: $CONVERSATIONS; inbox page $(wc -c <"$WORK/www/inbox.html") bytes"
measure "nginx, the same inbox HTML from a file" "http://127.0.0.1:$NGINX_PORT/inbox.html"
measure "GET /dashboard" "$BASE/dashboard" "Cookie: appnorth_session=$COOKIE"
measure "GET /dashboard/conversations/{id}" "$BASE/dashboard/conversations/$CONVERSATION" "Cookie: appnorth_session=$COOKIE"
