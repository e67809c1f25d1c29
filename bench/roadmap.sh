#!/usr/bin/env bash
# The hosted roadmap under load (issue 22), release build of ingest:
#  - a project with 10,000 ideas (sent through POST /api/v1/ideas, as community.sh seeds);
#  - GET /roadmap/<APP_ID>, anonymous (no cookie: the cacheable page), wrk -t2 -c32, with the
#    static route of the same run: nginx serving the same page's bytes from a file, and
#    ingest's GET /version (encoded once at start-up), each at -c32;
#  - requests per second as a ratio to both, and the roadmap's p99 (target < 20 ms).
#   bench/roadmap.sh [seconds per run, default 10] [ideas, default 10000]
# APPNORTH_BENCH_BIN=dir runs the ingest found there instead (an earlier build, to compare).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SECONDS_PER_RUN=${1:-10}
IDEAS=${2:-10000}
. "$ROOT/bench/lib.sh"
require_tools
use_build ingest
make_workspace
TOKEN="an_bench$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')"
APPNORTH_DATA_DIR=$WORK/data APPNORTH_HTTP_ADDR=127.0.0.1:$HUB_PORT APPNORTH_LOG_LEVEL=${APPNORTH_BENCH_LOG_LEVEL:-warn} \
    APPNORTH_ADMIN_TOKEN=$TOKEN \
    APPNORTH_COMMUNITY_RATE_PER_MIN=100000000 "$BIN/ingest" 2>"$WORK/ingest.log" &
HUB_PID=$!
BASE=http://127.0.0.1:$HUB_PORT
wait_for "$BASE/version"
create_project
POST_URL="$BASE/api/v1/ideas?app_id=$APP_ID&voter_token=benchvoter0123456789"
PAGE_URL="$BASE/roadmap/$APP_ID"

# The ideas: distinct keys until there are enough, in rounds of one second at four connections
# (a few thousand ideas each), so the page is measured over about $IDEAS ideas whatever the
# hub's write rate: rounds of 5 s at 64 connections seeded 18,279 ideas with one build and
# 103,764 with a faster one, and the two pages were not read over the same table.
IDEA='{"board":"ideas","title":"Roadmap idea {t} {n} RUN","description":"Seeded to measure the hosted roadmap."}'
created=0
round=1
while [ "$created" -lt "$IDEAS" ]; do
    more=$(wrk -t2 -c4 -d1s -s "$ROOT/bench/lua/distinct_posts.lua" "$POST_URL" -- "run$round" "${IDEA/RUN/run$round}" |
        awk '/^created/ { print $2 }')
    created=$((created + more)); round=$((round + 1))
done

curl -sf "$PAGE_URL" >"$WORK/www/roadmap.html" || { echo "GET /roadmap/$APP_ID failed"; exit 1; }
grep -q "Roadmap idea" "$WORK/www/roadmap.html" || { echo "the roadmap shows no idea"; exit 1; }
curl -sfI "$PAGE_URL" | grep -qi "^cache-control: public, max-age=60" || { echo "the anonymous page is not cacheable"; exit 1; }
start_nginx roadmap.html

run() { # url → wrk's output at 32 connections, after a 2 s warm-up
    wrk -t2 -c32 -d2s "$1" >/dev/null
    wrk -t2 -c32 -d"${SECONDS_PER_RUN}s" --latency "$1"
}
nginx_out=$(run "http://127.0.0.1:$NGINX_PORT/roadmap.html")
version_out=$(run "$BASE/version")
page_out=$(run "$PAGE_URL")
rate() { echo "$1" | awk '/Requests\/sec/ { print $2 }'; }
nginx_rate=$(rate "$nginx_out"); version_rate=$(rate "$version_out"); page_rate=$(rate "$page_out")
page_p50=$(echo "$page_out" | awk '$1 == "50%" { print $2 }')
page_p99=$(echo "$page_out" | awk '$1 == "99%" { print $2 }')
non2xx=$(echo "$page_out" | awk '/Non-2xx/ { print $5 }')
p99_ms=$(echo "$page_p99" | awk '/ms$/ { sub("ms", ""); print; next } /us$/ { sub("us", ""); print $1 / 1000; next } /s$/ { sub("s", ""); print $1 * 1000 }')
to_nginx=$(awk -v h="$page_rate" -v n="$nginx_rate" 'BEGIN { printf "%.2f", h / n }')
to_version=$(awk -v h="$page_rate" -v n="$version_rate" 'BEGIN { printf "%.2f", h / n }')

echo "ideas: $created; roadmap page $(wc -c <"$WORK/www/roadmap.html") bytes"
echo "nginx, the same page from a file (c32): $nginx_rate req/s"
echo "ingest GET /version (c32): $version_rate req/s"
echo "GET /roadmap/<APP_ID>, anonymous (c32): $page_rate req/s, p50 $page_p50, p99 $page_p99${non2xx:+, non-2xx $non2xx}"
echo "ratio: ${to_nginx}x nginx's static file, ${to_version}x GET /version; p99 ${p99_ms} ms (target < 20 ms)"
awk -v p="$p99_ms" 'BEGIN { exit !(p < 20) }'
