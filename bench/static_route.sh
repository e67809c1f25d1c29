#!/usr/bin/env bash
# Static JSON route of ingest (GET /version, encoded once at start-up) against nginx
# serving the same bytes from a file, each under `wrk -t2 -c64` in the same run on the same
# machine. Prints both rates and the ratio; exits non-zero below the 0.8 target.
#   bench/static_route.sh [seconds per run, default 10]
# APPNORTH_BENCH_BIN=dir runs the ingest found there instead (an earlier build, to compare).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SECONDS_PER_RUN=${1:-10}
TARGET=0.8
. "$ROOT/bench/lib.sh"
require_tools
use_build ingest
make_workspace
printf '{"name":"appnorth-hub","version":"%s"}' "$(sed -n 's/.*version = "\(.*\)".*/\1/p' "$ROOT/Sources/HubRuntime/AppNorth.swift")" >"$WORK/www/version"
start_nginx version
# Like nginx here (access_log off), ingest runs without its access log (level warn);
# APPNORTH_BENCH_LOG_LEVEL=info measures it with the access log on.
APPNORTH_DATA_DIR=$WORK/data APPNORTH_HTTP_ADDR=127.0.0.1:$HUB_PORT APPNORTH_LOG_LEVEL=${APPNORTH_BENCH_LOG_LEVEL:-warn} \
    "$BIN/ingest" 2>"$WORK/ingest.log" &
HUB_PID=$!
wait_for "http://127.0.0.1:$HUB_PORT/version"
cmp <(curl -s "http://127.0.0.1:$NGINX_PORT/version") <(curl -s "http://127.0.0.1:$HUB_PORT/version") || { echo "bodies differ"; exit 1; }

rate() {  # rate URL → requests per second
    wrk -t2 -c64 -d2s "$1" >/dev/null   # warm-up
    wrk -t2 -c64 -d"${SECONDS_PER_RUN}s" "$1" | awk '/Requests\/sec/ { print $2 }'
}
nginx_rate=$(rate "http://127.0.0.1:$NGINX_PORT/version")
hub_rate=$(rate "http://127.0.0.1:$HUB_PORT/version")
ratio=$(awk -v h="$hub_rate" -v n="$nginx_rate" 'BEGIN { printf "%.2f", h / n }')
echo "nginx static file: $nginx_rate req/s"
echo "ingest GET /version: $hub_rate req/s"
echo "ratio: ${ratio}x nginx (target >= ${TARGET}x)"
awk -v r="$ratio" -v t="$TARGET" 'BEGIN { exit !(r >= t) }'
