#!/usr/bin/env bash
# The MCP server (POST /api/v1/mcp) against the operator API in the same run, release build,
# ingest and marketd as separate processes, one chart (us, top free, 200 entries) collected
# from Tests/Fixtures/fake_itunes_feed.py, the organization on Pro (market_trending is free of
# credits there), wrk --latency at C connections:
#  - tools/list (the first page);
#  - tools/call market_trending (limit 25), the chart answered from ingest's chart cache;
#  - GET /api/admin/v1/market/trending of the same chart over the operator API (its 200 items).
#   bench/mcp.sh [seconds per run, default 10] [connections, default 8]
# APPNORTH_BENCH_BIN=dir runs the ingest and marketd found there instead (an earlier build, to compare).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SECONDS_PER_RUN=${1:-10}
CONNECTIONS=${2:-8}
. "$ROOT/bench/lib.sh"
command -v wrk >/dev/null || { echo "needs wrk: apt-get install -y wrk"; exit 1; }
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

# The token's MCP budget (600 a minute by default) is raised so the run measures the server.
export APPNORTH_DATA_DIR=$WORK/data APPNORTH_HTTP_ADDR=127.0.0.1:$HUB_PORT APPNORTH_LOG_LEVEL=${APPNORTH_BENCH_LOG_LEVEL:-warn} \
    APPNORTH_ADMIN_TOKEN=$TOKEN APPNORTH_ITUNES_URL="http://127.0.0.1:$(head -n1 "$WORK/feed.out")" \
    APPNORTH_MARKET_STOREFRONTS=us APPNORTH_MARKET_CHARTS=topfreeapplications APPNORTH_MARKET_CHART_LIMIT=200 \
    APPNORTH_MARKET_MIN_GAP_MS=0 APPNORTH_MARKET_INTERVAL_S=0 APPNORTH_MCP_RATE_PER_MIN=100000000
"$BIN/marketd" 2>>"$WORK/marketd.log" &
MARKETD_PID=$!
trap 'kill $MARKETD_PID $FEED_PID 2>/dev/null; exec 3>&-; cleanup_workspace' EXIT
"$BIN/ingest" 2>"$WORK/ingest.log" &
HUB_PID=$!
BASE=http://127.0.0.1:$HUB_PORT
wait_for "$BASE/version"
admin() { curl -sf -X "$1" "$BASE/api/admin/v1$2" -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' ${3:+-d "$3"}; }
org=$(admin GET /organization | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d.get("id") or d["organization"]["id"])')
admin PATCH "/organizations/$org" '{"plan":"pro"}' >/dev/null
admin POST /jobs/market-charts/run >/dev/null

LIST='{"jsonrpc":"2.0","id":1,"method":"tools/list"}'
TRENDING='{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"market_trending","arguments":{"storefront":"us","chart":"topfreeapplications"}}}'
mcp() { curl -sf "$BASE/api/v1/mcp" -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' -d "$1"; }
echo "tools/list: $(mcp "$LIST" | python3 -c 'import json,sys; r=json.load(sys.stdin)["result"]; print(len(r["tools"]), "tools on the first page,", "next cursor" if r.get("nextCursor") else "no next cursor")') ($(mcp "$LIST" | wc -c) bytes)"
echo "market_trending: $(mcp "$TRENDING" | python3 -c 'import json,sys; r=json.load(sys.stdin)["result"]; s=r["structuredContent"]; assert not r["isError"], s; print(s["snapshotDate"], len(s["items"]), "items")') ($(mcp "$TRENDING" | wc -c) bytes)"
echo "GET /market/trending: $(admin GET '/market/trending?storefront=us&chart=topfreeapplications' | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["snapshotDate"], len(d["items"]), "items")') ($(admin GET '/market/trending?storefront=us&chart=topfreeapplications' | wc -c) bytes)"

# run NAME WRK-ARGS...: 2 s of warm-up, then the measured run; prints req/s, p50 and p99.
run() {
    local name=$1 out; shift
    wrk -t2 -c"$CONNECTIONS" -d2s "$@" >/dev/null
    out=$(wrk -t2 -c"$CONNECTIONS" -d"${SECONDS_PER_RUN}s" --latency "$@")
    echo "$name (c$CONNECTIONS): $(echo "$out" | awk '/Requests\/sec/ { print $2 }') req/s," \
         "p50 $(echo "$out" | awk '$1 == "50%" { print $2 }'), p99 $(echo "$out" | awk '$1 == "99%" { print $2 }')$(echo "$out" | awk '/Non-2xx/ { print ", non-2xx " $5 }')"
}
run "MCP tools/list" -s "$ROOT/bench/lua/mcp_post.lua" "$BASE/api/v1/mcp" -- "$TOKEN" "$LIST"
run "MCP tools/call market_trending" -s "$ROOT/bench/lua/mcp_post.lua" "$BASE/api/v1/mcp" -- "$TOKEN" "$TRENDING"
run "GET /api/admin/v1/market/trending" -H "Authorization: Bearer $TOKEN" "$BASE/api/admin/v1/market/trending?storefront=us&chart=topfreeapplications"
