#!/usr/bin/env bash
# Idle memory of a whole hub: `deploy/appnorth up` (release) on a fresh data directory, then,
# once /healthz is ok and the daemons have settled, each daemon's proportional set size (Pss
# in /proc/<pid>/smaps_rollup: shared libraries counted once across the processes sharing
# them) and which of the heavier libraries it has mapped.
#   bench/idle_memory.sh [seconds to settle, default 5]
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SETTLE=${1:-5}
DATA=$(mktemp -d /tmp/appnorth-idle-XXXXXX)
PORT=$((30000 + RANDOM % 10000))
export APPNORTH_DATA_DIR=$DATA APPNORTH_HTTP_ADDR=127.0.0.1:$PORT
trap '"$ROOT/deploy/appnorth" down >/dev/null 2>&1; rm -rf "$DATA"' EXIT
"$ROOT/deploy/appnorth" up >/dev/null
sleep "$SETTLE"
total=0
printf '%-8s %10s  %s\n' daemon "PSS (kB)" "libraries mapped"
for d in ingest chatd pushd marketd asod; do
    pid=$(tr -dc '0-9' <"$DATA/run/$d.pid")
    pss=$(awk '/^Pss:/ { print $2 }' "/proc/$pid/smaps_rollup")
    libs=$(grep -oE 'lib(vips|rsvg-2|gnutls|curl|microhttpd|zmq|sqlite3|crypto)\.so' "/proc/$pid/maps" | sort -u | sed 's/\.so$//' | tr '\n' ' ')
    printf '%-8s %10s  %s\n' "$d" "$pss" "$libs"
    total=$((total + pss))
done
printf '%-8s %10s\n' total "$total"
