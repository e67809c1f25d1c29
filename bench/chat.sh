#!/usr/bin/env bash
# Support chat end to end (ingest -> chatd over ZeroMQ), release build:
#  - POST /api/v1/chat/messages, distinct Idempotency-Keys, each 201 after chatd committed it;
#  - GET /api/v1/chat/status;
#  - the ZeroMQ hop alone: chat.status over ipc against the same store call in one process.
#   bench/chat.sh [seconds per run, default 10]
# APPNORTH_BENCH_BIN=dir runs the ingest and chatd found there instead (an earlier build, to compare).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SECONDS_PER_RUN=${1:-10}
. "$ROOT/bench/lib.sh"
command -v wrk >/dev/null || { echo "needs wrk: apt-get install -y wrk"; exit 1; }
use_build ingest chatd
[ -x "$ROOT/.build/release/appnorth-bench" ] || { echo "release build of appnorth-bench failed"; exit 1; }
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
Q="app_id=$APP_ID&voter_token=benchvoter0123456789"

post=$(wrk -t2 -c32 -d"${SECONDS_PER_RUN}s" --latency -s "$ROOT/bench/lua/distinct_posts.lua" "$BASE/api/v1/chat/messages?$Q" -- chat1 \
    '{"body":"Message {n} from thread {t} under load","locale":"en","platform":"ios"}')
status=$(wrk -t2 -c64 -d"${SECONDS_PER_RUN}s" --latency "$BASE/api/v1/chat/status?$Q")
echo "POST /api/v1/chat/messages (c32, committed in chatd before 201): $(echo "$post" | awk '/Requests\/sec/ { print $2 }') req/s," \
     "p50 $(echo "$post" | awk '$1 == "50%" { print $2 }'), p99 $(echo "$post" | awk '$1 == "99%" { print $2 }'), $(echo "$post" | awk '/^created/ { print $2 " created, " $4 " not 201" }')"
echo "GET /api/v1/chat/status (c64): $(echo "$status" | awk '/Requests\/sec/ { print $2 }') req/s," \
     "p50 $(echo "$status" | awk '$1 == "50%" { print $2 }'), p99 $(echo "$status" | awk '$1 == "99%" { print $2 }')$(echo "$status" | awk '/Non-2xx/ { print ", non-2xx " $5 }')"
"$ROOT/.build/release/appnorth-bench" rpc-hop 5
