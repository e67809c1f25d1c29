#!/usr/bin/env bash
# ASO (ingest -> asod over ZeroMQ), release build, asod pointed at the fake iTunes Search server:
#  - GET /api/admin/v1/aso/explorer on a term cached today (no quota, no provider call),
#    wrk --latency at 1, 4 and 64 connections: p99 (target < 5 ms at 4), against nginx serving
#    the same answer from a file in the same run;
#  - one aso-ranks pass over 10,000 tracked keywords (10,000 distinct terms, provider pacing
#    off): wall time and asod's peak RSS; then a second pass the same day, all from the cache.
#   bench/aso.sh [seconds per run, default 10] [tracked keywords, default 10000]
# APPNORTH_BENCH_BIN=dir runs the ingest and asod found there instead (an earlier build, to compare).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SECONDS_PER_RUN=${1:-10}
KEYWORDS=${2:-10000}
RESULTS=50
. "$ROOT/bench/lib.sh"
require_tools
use_build ingest asod
make_workspace
TOKEN="an_bench$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')"

# The fake provider exits when its stdin closes: hold it open with a fifo.
mkfifo "$WORK/fake.in"
python3 "$ROOT/Tests/Fixtures/fake_itunes_search.py" --port 0 --results $RESULTS <"$WORK/fake.in" >"$WORK/fake.out" 2>"$WORK/fake.err" &
FAKE_PID=$!
exec 9>"$WORK/fake.in"
for _ in $(seq 1 50); do [ -s "$WORK/fake.out" ] && break; sleep 0.1; done
FAKE_PORT=$(head -n1 "$WORK/fake.out")

export APPNORTH_DATA_DIR=$WORK/data APPNORTH_HTTP_ADDR=127.0.0.1:$HUB_PORT APPNORTH_LOG_LEVEL=${APPNORTH_BENCH_LOG_LEVEL:-warn} \
    APPNORTH_ADMIN_TOKEN=$TOKEN APPNORTH_ITUNES_URL=http://127.0.0.1:$FAKE_PORT APPNORTH_ASO_CALLS_PER_MIN=0 \
    APPNORTH_ASO_INTERVAL_S=0 APPNORTH_ASO_SEARCH_LIMIT=$RESULTS
"$BIN/asod" 2>"$WORK/asod.log" &
ASOD_PID=$!
"$BIN/ingest" 2>"$WORK/ingest.log" &
HUB_PID=$!
trap 'exec 9>&-; kill $ASOD_PID $FAKE_PID 2>/dev/null; cleanup_workspace' EXIT
BASE=http://127.0.0.1:$HUB_PORT
wait_for "$BASE/version"
AUTH="Authorization: Bearer $TOKEN"
project=$(curl -sf -X POST "$BASE/api/admin/v1/projects" -H "$AUTH" -H 'Content-Type: application/json' \
    -d '{"name":"Bench","allowedOrigins":["http://localhost"]}')
PROJECT_ID=$(echo "$project" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
curl -sf -X PATCH "$BASE/api/admin/v1/projects/$PROJECT_ID" -H "$AUTH" -H 'Content-Type: application/json' \
    -d '{"appStoreId":"100000042"}' >/dev/null

# Explorer: one live search fills the cache; every later request is a hit.
EXPLORER="$BASE/api/admin/v1/aso/explorer?term=photo%20editor&country=us"
curl -sf -H "$AUTH" "$EXPLORER" >"$WORK/www/explorer"
python3 - "$WORK/www/explorer" <<'PY'
import json, sys
answer = json.load(open(sys.argv[1]))
assert answer["cached"] is False and len(answer["results"]) > 0, answer
PY
curl -sf -H "$AUTH" "$EXPLORER" | python3 -c 'import json,sys; a=json.load(sys.stdin); assert a["cached"] and a["quota"]["used"] == 1, a'
start_nginx explorer
latency() { wrk -t2 -c"$1" -d"${SECONDS_PER_RUN}s" --latency -H "$AUTH" "$2"; }
p99_ms() { awk '$1 == "99%" { v = $2; if (v ~ /ms$/) { sub("ms", "", v); print v } else if (v ~ /us$/) { sub("us", "", v); print v / 1000 } else { sub("s", "", v); print v * 1000 } }'; }
wrk -t2 -c4 -d2s -H "$AUTH" "$EXPLORER" >/dev/null
nginx_out=$(latency 4 "http://127.0.0.1:$NGINX_PORT/explorer")
hit1=$(wrk -t1 -c1 -d"${SECONDS_PER_RUN}s" --latency -H "$AUTH" "$EXPLORER")
hit4=$(latency 4 "$EXPLORER")
hit64=$(latency 64 "$EXPLORER")
searches=$(curl -sf "http://127.0.0.1:$FAKE_PORT/_control/log" | python3 -c 'import json,sys; print(sum(1 for r in json.load(sys.stdin)["requests"] if r["path"] == "/search"))')

# Rank collection: KEYWORDS distinct terms tracked by the project, 100 per call.
python3 - "$BASE" "$TOKEN" "$PROJECT_ID" "$KEYWORDS" <<'PY'
import json, sys, urllib.request
base, token, project, total = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
for start in range(0, total, 100):
    terms = [f"bench term {i}" for i in range(start, min(total, start + 100))]
    request = urllib.request.Request(f"{base}/api/admin/v1/projects/{project}/aso/keywords", method="POST",
                                     data=json.dumps({"country": "us", "terms": terms}).encode(),
                                     headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"})
    assert urllib.request.urlopen(request).status == 201
PY
rss_kb() { awk '/^VmRSS/ { print $2 }' "/proc/$ASOD_PID/status"; }
rss_before=$(rss_kb)
cpu_s() { awk -v hz="$(getconf CLK_TCK)" '{ printf "%.1f", ($14 + $15) / hz }' "/proc/$ASOD_PID/stat"; }
pass() { curl -sf -X POST -H "$AUTH" -w ' in %{time_total} s' "$BASE/api/admin/v1/jobs/aso-ranks/run"; }
c0=$(cpu_s)
first=$(pass)
c1=$(cpu_s)
hwm_first=$(awk '/^VmHWM/ { print $2 }' "/proc/$ASOD_PID/status")
second=$(pass)
c2=$(cpu_s)
rss_after=$(rss_kb)
store_mb=$(du -sm "$WORK/data/asod.sqlite"* | awk '{ s += $1 } END { print s }')

echo "nginx, same explorer answer from a file ($(wc -c <"$WORK/www/explorer") bytes, $RESULTS results), c4:" \
     "$(echo "$nginx_out" | awk '/Requests\/sec/ { print $2 }') req/s, p99 $(echo "$nginx_out" | awk '$1 == "99%" { print $2 }')"
for run in 1 4 64; do
    case $run in 1) out=$hit1 ;; 4) out=$hit4 ;; *) out=$hit64 ;; esac
    echo "GET /aso/explorer cache hit, c$run: $(echo "$out" | awk '/Requests\/sec/ { print $2 }') req/s," \
         "p50 $(echo "$out" | awk '$1 == "50%" { print $2 }'), p99 $(echo "$out" | awk '$1 == "99%" { print $2 }')$(echo "$out" | awk '/Non-2xx/ { print ", non-2xx " $5 }')"
done
echo "provider searches during the explorer runs: $searches (the one live search)"
echo "aso-ranks pass 1 ($KEYWORDS keywords, $KEYWORDS provider calls, pacing off): $first, asod CPU $(awk -v a="$c0" -v b="$c1" 'BEGIN { print b - a }') s"
echo "aso-ranks pass 2 (same day, all from the cache): $second, asod CPU $(awk -v a="$c1" -v b="$c2" 'BEGIN { print b - a }') s"
echo "asod RSS: ${rss_before} kB before, peak ${hwm_first} kB during pass 1, ${rss_after} kB after; asod.sqlite* ${store_mb} MB"
p99=$(echo "$hit4" | p99_ms)
echo "explorer cache-hit p99 at c4: ${p99} ms (target < 5 ms)"
awk -v p="$p99" -v s="$searches" 'BEGIN { exit !(p < 5 && s == 1) }'
