#!/usr/bin/env bash
# The ZeroMQ hop against its ceilings, measured in one run (release build):
#  - appnorth-bench rpc-hop: per-call p50/p99 of a bare libzmq DEALER/ROUTER round trip of
#    chat.status's sizes, of chat.status through RPCClient/RPCServer, and of the same store
#    call in process; the hop's added latency as a multiple of the bare round trip;
#  - appnorth-bench http-hop: GET throughput of one HTTPServer answering chat.status through
#    ZeroMQ (as ingest forwards it) and in process, under the same wrk load, alternately.
#   bench/rpc_hop.sh [seconds per run, default 10] [wrk rounds, default 3]
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SECONDS_PER_RUN=${1:-10}
ROUNDS=${2:-3}
. "$ROOT/bench/lib.sh"
command -v wrk >/dev/null || { echo "needs wrk: apt-get install -y wrk"; exit 1; }
(cd "$ROOT" && swift build -c release --product appnorth-bench 2>&1 | grep -E "error|omplete" | tail -n 3) || true
BENCH=$ROOT/.build/release/appnorth-bench
[ -x "$BENCH" ] || { echo "release build of appnorth-bench failed"; exit 1; }

echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
"$BENCH" rpc-hop "$SECONDS_PER_RUN"

PORT=$(free_ports 1)
"$BENCH" http-hop "$PORT" >/dev/null &
SERVER_PID=$!
trap 'kill $SERVER_PID 2>/dev/null; wait 2>/dev/null' EXIT
for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$PORT/zmq" >/dev/null && break; sleep 0.1; done
curl -sf "http://127.0.0.1:$PORT/inproc" >/dev/null || { echo "http-hop did not start"; exit 1; }
rate() { wrk -t2 -c64 -d"${SECONDS_PER_RUN}s" "http://127.0.0.1:$PORT/$1" | awk '/Requests\/sec/ { print $2 }'; }
for round in $(seq 1 "$ROUNDS"); do
    echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
    zmq=$(rate zmq)
    inproc=$(rate inproc)
    echo "round $round: GET chat.status over ZeroMQ $zmq req/s, in process $inproc req/s, ratio $(awk -v a="$zmq" -v b="$inproc" 'BEGIN { printf "%.2f", a / b }')x (wrk -t2 -c64 -d${SECONDS_PER_RUN}s)"
done
