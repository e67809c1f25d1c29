#!/usr/bin/env bash
# Private feedback under load: POST /api/v1/feedback with distinct Idempotency-Keys, each
# carrying a ~200 KB PNG screenshot data URL (decoded, checked, written to the object store,
# row committed before 201). Three runs; prints req/s and ingest's peak RSS (VmHWM) after
# each (after a warm-up that fills SQLite's page cache), and fails if the peak grows by more than 20% from run 1 to run 3.
#   bench/feedback.sh [seconds per run, default 10]
# APPNORTH_BENCH_BIN=dir runs the ingest found there instead (an earlier build, to compare).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SECONDS_PER_RUN=${1:-10}
. "$ROOT/bench/lib.sh"
command -v wrk >/dev/null || { echo "needs wrk: apt-get install -y wrk"; exit 1; }
use_build ingest
make_workspace
TOKEN="an_bench$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')"
APPNORTH_DATA_DIR=$WORK/data APPNORTH_HTTP_ADDR=127.0.0.1:$HUB_PORT APPNORTH_LOG_LEVEL=${APPNORTH_BENCH_LOG_LEVEL:-warn} \
    APPNORTH_ADMIN_TOKEN=$TOKEN APPNORTH_COMMUNITY_RATE_PER_MIN=100000000 APPNORTH_FEEDBACK_RATE_PER_MIN=100000000 \
    "$BIN/ingest" 2>"$WORK/ingest.log" &
HUB_PID=$!
BASE=http://127.0.0.1:$HUB_PORT
wait_for "$BASE/version"
create_project
POST_URL="$BASE/api/v1/feedback?app_id=$APP_ID&voter_token=benchvoter0123456789"

# A valid 256x256 RGB PNG of noise (does not compress: ~197 KB), as a report body.
python3 - "$WORK/body.json" <<'PY'
import base64, json, os, struct, sys, zlib
w = h = 256
raw = b"".join(b"\x00" + os.urandom(w * 3) for _ in range(h))
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) \
    + chunk(b"IDAT", zlib.compress(raw, 1)) + chunk(b"IEND", b"")
body = {"type": "problem", "message": "The save button does nothing under load.", "pageURL": "https://app.example.com/settings",
        "pageTitle": "Settings", "locale": "en_US", "viewport": {"width": 390, "height": 844},
        "diagnostics": [{"category": "console", "level": "error", "message": "save failed: 500"}],
        "screenshot": "data:image/png;base64," + base64.b64encode(png).decode()}
open(sys.argv[1], "w").write(json.dumps(body))
small = dict(body)
del small["screenshot"]
open(sys.argv[1].replace(".json", "-small.json"), "w").write(json.dumps(small))
print("screenshot PNG: %d bytes, body %d bytes" % (len(png), len(json.dumps(body))))
PY


hwm() { awk '/^VmHWM/ { print $2 }' "/proc/$HUB_PID/status"; }
# Warm-up without screenshots: fills SQLite's page cache (cache_size 32 MB, ~2.5 KB of new
# pages per report), which otherwise grows run after run and would pass for a leak.
warm=$(wrk -t2 -c32 -d"${WARMUP_SECONDS:-15}s" -s "$ROOT/bench/lua/distinct_posts.lua" "$POST_URL" -- warm "@$WORK/body-small.json")
echo "warm-up (no screenshot): $(echo "$warm" | awk '/Requests\/sec/ { print $2 }') req/s, $(echo "$warm" | awk '/^created/ { print $2 }') created; ingest VmHWM $(hwm) kB"
declare -a peaks
for run in 1 2 3; do
    out=$(wrk -t2 -c32 -d"${SECONDS_PER_RUN}s" --latency -s "$ROOT/bench/lua/distinct_posts.lua" "$POST_URL" -- "run$run" "@$WORK/body.json")
    rate=$(echo "$out" | awk '/Requests\/sec/ { print $2 }')
    p99=$(echo "$out" | awk '$1 == "99%" { print $2 }')
    counts=$(echo "$out" | awk '/^created/ { print $2 " created, " $4 " not 201" }')
    peaks[$run]=$(hwm)
    echo "run $run: POST /api/v1/feedback (~200 KB PNG, distinct keys): $rate req/s, p99 $p99, $counts; ingest VmHWM ${peaks[$run]} kB"
done
sleep 1 # let requests still in flight when wrk stopped commit
files=$(find "$WORK/data/objects" -type f | wc -l)
rows=$(sqlite3 "$WORK/data/ingest.sqlite" "SELECT count(*) FROM feedback WHERE screenshot_key IS NOT NULL" 2>/dev/null || echo "?")
db_kb=$(du -ck "$WORK/data"/ingest.sqlite* | tail -1 | cut -f1)
echo "screenshots stored: $files files, $rows rows referencing one; database and WAL ${db_kb} kB"
growth=$(awk -v a="${peaks[1]}" -v b="${peaks[3]}" 'BEGIN { printf "%.1f", (b - a) * 100 / a }')
echo "peak RSS growth run 1 -> run 3: ${growth}% (limit 20%)"
awk -v a="${peaks[1]}" -v b="${peaks[3]}" 'BEGIN { exit !(b <= a * 1.2) }'
