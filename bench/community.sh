#!/usr/bin/env bash
# Community routes under load, each against nginx serving a static file in the same run:
#  - GET /api/v1/ideas first page (20 items) of a project with 10,000 ideas, wrk -t2 -c64:
#    ratio to nginx (target >= 0.5x) and p99 (target < 10 ms);
#  - POST /api/v1/ideas with distinct Idempotency-Keys, each answered only after its commit:
#    the rate, recorded.
#   bench/community.sh [seconds per run, default 10]
# APPNORTH_BENCH_BIN=dir runs the ingest found there instead (an earlier build, to compare).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SECONDS_PER_RUN=${1:-10}
. "$ROOT/bench/lib.sh"
require_tools
use_build ingest
make_workspace
TOKEN="an_bench$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')"
# Like nginx here (access_log off), ingest runs without its access log (level warn);
# APPNORTH_BENCH_LOG_LEVEL=info measures it with the access log on.
APPNORTH_DATA_DIR=$WORK/data APPNORTH_HTTP_ADDR=127.0.0.1:$HUB_PORT APPNORTH_LOG_LEVEL=${APPNORTH_BENCH_LOG_LEVEL:-warn} \
    APPNORTH_ADMIN_TOKEN=$TOKEN \
    APPNORTH_COMMUNITY_RATE_PER_MIN=100000000 "$BIN/ingest" 2>"$WORK/ingest.log" &
HUB_PID=$!
BASE=http://127.0.0.1:$HUB_PORT
wait_for "$BASE/version"
create_project
POST_URL="$BASE/api/v1/ideas?app_id=$APP_ID&voter_token=benchvoter0123456789"
LIST_URL="$BASE/api/v1/ideas?app_id=$APP_ID&voter_token=benchvoter0123456789&sort=recent"

# Writes: distinct keys, each 201 after its transaction committed; this also seeds the project.
IDEA='{"board":"ideas","title":"Benchmark idea {t} {n} RUN","description":"Created under load to measure writes."}'
post=$(wrk -t2 -c64 -d"${SECONDS_PER_RUN}s" -s "$ROOT/bench/lua/distinct_posts.lua" "$POST_URL" -- run1 "${IDEA/RUN/run1}")
post_rate=$(echo "$post" | awk '/Requests\/sec/ { print $2 }')
created=$(echo "$post" | awk '/^created/ { print $2 }')
failed=$(echo "$post" | awk '/^created/ { print $4 }')
round=2
while [ "$created" -lt 10000 ]; do
    more=$(wrk -t2 -c64 -d5s -s "$ROOT/bench/lua/distinct_posts.lua" "$POST_URL" -- "run$round" "${IDEA/RUN/run$round}" |
        awk '/^created/ { print $2 }')
    created=$((created + more)); round=$((round + 1))
done

# Reads: the same first page from nginx (a file holding the hub's own answer) and from the hub.
curl -sf "$LIST_URL" >"$WORK/www/page"
items=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["items"]))' "$WORK/www/page")
start_nginx page
latency() { wrk -t2 -c64 -d"${SECONDS_PER_RUN}s" --latency "$1"; }
wrk -t2 -c64 -d2s "http://127.0.0.1:$NGINX_PORT/page" >/dev/null
nginx_out=$(latency "http://127.0.0.1:$NGINX_PORT/page")
wrk -t2 -c64 -d2s "$LIST_URL" >/dev/null
hub_out=$(latency "$LIST_URL")
nginx_rate=$(echo "$nginx_out" | awk '/Requests\/sec/ { print $2 }')
hub_rate=$(echo "$hub_out" | awk '/Requests\/sec/ { print $2 }')
hub_p99=$(echo "$hub_out" | awk '$1 == "99%" { print $2 }')
non2xx=$(echo "$hub_out" | awk '/Non-2xx/ { print $5 }')
ratio=$(awk -v h="$hub_rate" -v n="$nginx_rate" 'BEGIN { printf "%.2f", h / n }')
p99_ms=$(echo "$hub_p99" | awk '/ms$/ { sub("ms", ""); print; next } /us$/ { sub("us", ""); print $1 / 1000; next } /s$/ { sub("s", ""); print $1 * 1000 }')

echo "POST /api/v1/ideas (distinct keys, committed before 201): $post_rate req/s, $created ideas created in all, ${failed:-0} not 201 in the timed run"
echo "nginx static page ($(wc -c <"$WORK/www/page") bytes): $nginx_rate req/s"
echo "GET /api/v1/ideas first page ($items items, $created ideas): $hub_rate req/s, p99 $hub_p99${non2xx:+, non-2xx $non2xx}"
echo "ratio: ${ratio}x nginx (target >= 0.5x); p99 ${p99_ms} ms (target < 10 ms)"
awk -v r="$ratio" -v p="$p99_ms" -v i="$items" 'BEGIN { exit !(r >= 0.5 && p < 10 && i == 20) }'
