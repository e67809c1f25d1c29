#!/usr/bin/env bash
# Instructions per request in ingest, counted by callgrind: repeatable where req/s on this
# shared machine moves by tens of percent from run to run. ingest runs under callgrind with
# counting off; once the project exists counting starts, one keep-alive client sends N
# requests, and the total is divided by N.
#   bench/request_instructions.sh feedback|idea|list|chat [N, default 1000] [CLIENTS, default 1]
# chat runs chatd under callgrind too, and reports its instructions per request apart.
# With CLIENTS keep-alive clients at once (N split between them) writes share group commits,
# as under load; with one, every request pays its own commit.
# APPNORTH_BENCH_INGEST=/path/to/ingest measures another build (e.g. an earlier commit's).
# APPNORTH_BENCH_PROFILE_DIR=/some/dir keeps the callgrind profiles there for callgrind_annotate.
# APPNORTH_BENCH_SQL='…' runs that SQL on ingest's database once the project exists and before
# counting starts (with the sqlite3 CLI, beside the running ingest, whose statements prepare
# themselves again): the cost of a schema variant, e.g. an index dropped or made smaller.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
KIND=${1:?feedback, idea, list or chat}
N=${2:-1000}
CLIENTS=${3:-1}
. "$ROOT/bench/lib.sh"
command -v valgrind >/dev/null && command -v callgrind_control >/dev/null || { echo "needs valgrind"; exit 1; }
INGEST=${APPNORTH_BENCH_INGEST:-}
if [ -z "$INGEST" ]; then use_build ingest; INGEST=$BIN/ingest; fi
make_workspace
TOKEN="an_bench$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')"
CHATD_PID=
if [ "$KIND" = chat ]; then
    (cd "$ROOT" && swift build -c release --product chatd 2>&1 | grep -E "error|omplete" | tail -n 3) || true
    APPNORTH_DATA_DIR=$WORK/data APPNORTH_LOG_LEVEL=warn \
        valgrind --tool=callgrind --callgrind-out-file="$WORK/callgrind-chatd.out" --instr-atstart=no \
        "$(dirname "$INGEST")/chatd" 2>"$WORK/chatd.log" &
    CHATD_PID=$!
    trap 'kill $CHATD_PID 2>/dev/null; cleanup_workspace' EXIT
fi
APPNORTH_DATA_DIR=$WORK/data APPNORTH_HTTP_ADDR=127.0.0.1:$HUB_PORT APPNORTH_LOG_LEVEL=warn APPNORTH_ADMIN_TOKEN=$TOKEN \
    APPNORTH_COMMUNITY_RATE_PER_MIN=100000000 APPNORTH_FEEDBACK_RATE_PER_MIN=100000000 APPNORTH_CHAT_RATE_PER_MIN=100000000 \
    valgrind --tool=callgrind --callgrind-out-file="$WORK/callgrind.out" --instr-atstart=no "$INGEST" 2>"$WORK/ingest.log" &
HUB_PID=$!
BASE=http://127.0.0.1:$HUB_PORT
for _ in $(seq 1 300); do curl -sf "$BASE/version" >/dev/null && break; sleep 0.2; done
create_project '{"name":"Bench","allowedOrigins":["http://localhost"],"chatMode":"anyone"}'
Q="app_id=$APP_ID&voter_token=benchvoter0123456789"
if [ -n "${APPNORTH_BENCH_SQL:-}" ]; then
    command -v sqlite3 >/dev/null || { echo "APPNORTH_BENCH_SQL needs sqlite3"; exit 1; }
    sqlite3 -bail "$WORK/data/ingest.sqlite" "PRAGMA busy_timeout = 5000; $APPNORTH_BENCH_SQL" >/dev/null
fi
if [ "$KIND" = list ]; then
    for i in $(seq 1 25); do
        curl -sf -o /dev/null -X POST "$BASE/api/v1/ideas?$Q" -H 'Origin: http://localhost' -H 'Content-Type: application/json' \
            -d "{\"board\":\"ideas\",\"title\":\"Idea number $i here\",\"description\":\"d\"}"
    done
    curl -sf -o /dev/null "$BASE/api/v1/ideas?$Q&sort=recent"   # the page is cached from here on
fi
if [ "$KIND" = chat ]; then  # the conversation exists before counting starts
    curl -sf -o /dev/null -X POST "$BASE/api/v1/chat/messages?$Q" -H 'Origin: http://localhost' -H 'Content-Type: application/json' \
        -d '{"body":"First message","locale":"en","platform":"ios"}' || { echo "chat is not answering"; exit 1; }
    callgrind_control -i on "$CHATD_PID" >/dev/null
fi
callgrind_control -i on "$HUB_PID" >/dev/null
python3 - "$HUB_PORT" "$Q" "$KIND" "$N" "$CLIENTS" <<'PY'
import http.client, json, sys, threading
port, query, kind, n, clients = int(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
report = {"type": "problem", "message": "The save button does nothing under load.", "pageURL": "https://app.example.com/settings",
          "pageTitle": "Settings", "locale": "en_US", "viewport": {"width": 390, "height": 844},
          "diagnostics": [{"category": "console", "level": "error", "message": "save failed: 500"}]}
def client(first, count):
    c = http.client.HTTPConnection("127.0.0.1", port)
    for i in range(first, first + count):
        if kind == "list":
            c.request("GET", f"/api/v1/ideas?{query}&sort=recent")
        else:
            path, body = ("/api/v1/feedback", report) if kind == "feedback" else \
                ("/api/v1/chat/messages", {"body": f"Message {i} for the bench", "locale": "en", "platform": "ios"}) if kind == "chat" else \
                ("/api/v1/ideas", {"board": "ideas", "title": f"Idea number {i} for the bench", "description": "Some words about it"})
            c.request("POST", f"{path}?{query}", json.dumps(body), {"Content-Type": "application/json", "Origin": "http://localhost",
                                                                    "Idempotency-Key": f"key-{i:08d}"})
        r = c.getresponse(); r.read()
        assert r.status in (200, 201), r.status
threads = [threading.Thread(target=client, args=(t * (n // clients), n // clients)) for t in range(clients)]
for t in threads: t.start()
for t in threads: t.join()
PY
kill "$HUB_PID"; wait "$HUB_PID" 2>/dev/null || true; HUB_PID=
total=$(callgrind_annotate "$WORK/callgrind.out" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }')
echo "$KIND: $N requests from $CLIENTS clients, $total instructions in ingest, $((total / N)) per request"
if [ -n "${APPNORTH_BENCH_PROFILE_DIR:-}" ]; then mkdir -p "$APPNORTH_BENCH_PROFILE_DIR"; cp "$WORK/callgrind.out" "$APPNORTH_BENCH_PROFILE_DIR/"; fi
if [ -n "$CHATD_PID" ]; then
    kill "$CHATD_PID"; wait "$CHATD_PID" 2>/dev/null || true; CHATD_PID=
    if [ -n "${APPNORTH_BENCH_PROFILE_DIR:-}" ]; then cp "$WORK/callgrind-chatd.out" "$APPNORTH_BENCH_PROFILE_DIR/"; fi
    total=$(callgrind_annotate "$WORK/callgrind-chatd.out" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }')
    echo "$KIND: $total instructions in chatd, $((total / N)) per request"
fi
