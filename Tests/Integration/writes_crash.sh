#!/usr/bin/env bash
# ingest and chatd killed with kill -9 in the middle of concurrent writes: 8 clients create ideas
# and 8 send chat messages (each with its own Idempotency-Key) as fast as the hub acknowledges
# them, recording every 201. Both daemons are killed outright twice, each time once more writes
# were acknowledged, and started again while the clients keep going. Then every acknowledged
# idea and message is in its store, every idea is in the search index and none waits to be
# indexed. Uses the binaries of APPNORTH_BUILD_CONFIG.
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BIN=$ROOT/.build/${APPNORTH_BUILD_CONFIG:-debug}
PY=${APPNORTH_TEST_PYTHON:-$ROOT/.venv/bin/python}
DATA=$(mktemp -d /tmp/appnorth-writescrash-XXXXXX)
PORT=$((20000 + RANDOM % 20000))
TOKEN="an_wc$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')"
export APPNORTH_DATA_DIR=$DATA/data APPNORTH_HTTP_ADDR=127.0.0.1:$PORT APPNORTH_ADMIN_TOKEN=$TOKEN APPNORTH_LOG_LEVEL=warn \
    APPNORTH_COMMUNITY_RATE_PER_MIN=100000000 APPNORTH_CHAT_RATE_PER_MIN=100000000 APPNORTH_CHAT_READ_RATE_PER_MIN=100000000
mkdir -p "$DATA/data"
BASE=http://127.0.0.1:$PORT
passed=0 failed=0 INGEST_PID= CHATD_PID= LOAD_PID=

check() {  # check NAME COMMAND...
    local name=$1; shift
    if "$@"; then passed=$((passed + 1)); echo "ok   - $name"; else failed=$((failed + 1)); echo "FAIL - $name"; fi
}
give_up() {
    echo "writes-crash: $1"
    echo "writes-crash: $passed passed, $((failed + 1)) failed"
    exit 1
}
cleanup() {
    touch "$DATA/STOP"
    for pid in $LOAD_PID $INGEST_PID $CHATD_PID; do kill -KILL "$pid" 2>/dev/null; done
    wait 2>/dev/null
    [ "$failed" -gt 0 ] && tail -n 5 "$DATA/ingest.log" "$DATA/chatd.log"
    rm -rf "$DATA"
}
trap cleanup EXIT
for b in ingest chatd; do [ -x "$BIN/$b" ] || give_up "no $BIN/$b; build first"; done

now_ms() { date +%s%3N; }
start_daemons() {
    "$BIN/chatd" 2>>"$DATA/chatd.log" &
    CHATD_PID=$!
    "$BIN/ingest" 2>>"$DATA/ingest.log" &
    INGEST_PID=$!
    local deadline=$(($(now_ms) + 30000))
    until curl -sf "$BASE/version" >/dev/null; do [ "$(now_ms)" -lt "$deadline" ] || return 1; sleep 0.1; done
}
acked() { cut -d' ' -f"$1" "$DATA/progress" 2>/dev/null || echo 0; }
# wait_for_more N: until both kinds have at least N more acknowledgements than now (30 s).
wait_for_more() {
    local ideas=$(($(acked 1) + $1)) messages=$(($(acked 2) + $1)) deadline=$(($(now_ms) + 30000))
    until [ "$(acked 1)" -ge "$ideas" ] && [ "$(acked 2)" -ge "$messages" ]; do
        [ "$(now_ms)" -lt "$deadline" ] || return 1
        sleep 0.05
    done
}
kill9() {
    kill -KILL "$INGEST_PID" "$CHATD_PID"
    wait "$INGEST_PID" "$CHATD_PID" 2>/dev/null
}

start_daemons || give_up "ingest and chatd did not start"
PROJECT=$(curl -s -m 20 -X POST "$BASE/api/admin/v1/projects" -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \
    -d '{"name":"Crash","allowedOrigins":["http://localhost"],"chatMode":"anyone"}')
APP_ID=$(echo "$PROJECT" | "$PY" -c 'import json,sys; print(json.load(sys.stdin)["appId"])') || give_up "no project: $PROJECT"

# Given 16 clients writing ideas and chat messages at once
"$PY" "$ROOT/Tests/Integration/writes_load.py" "$PORT" "$APP_ID" "$DATA" >"$DATA/load.out" 2>&1 &
LOAD_PID=$!
for round in 1 2; do
    # When both daemons are killed with SIGKILL under load, then started again
    wait_for_more 300 || give_up "writes were not acknowledged before kill $round"
    kill9
    start_daemons || give_up "ingest and chatd did not start again after kill $round"
done
check "writes are acknowledged again after the restarts" wait_for_more 300
touch "$DATA/STOP"
wait "$LOAD_PID"
LOAD_PID=
echo "  $(cat "$DATA/load.out")"
kill -TERM "$INGEST_PID" "$CHATD_PID"
wait "$INGEST_PID" "$CHATD_PID" 2>/dev/null
INGEST_PID= CHATD_PID=

# Then every acknowledged write is in its store (the IDs missing are listed)
missing() {  # missing DB TABLE FILE
    sqlite3 "$1" <<SQL
CREATE TEMP TABLE acked (id TEXT);
.import $3 acked
SELECT count(*) FROM acked WHERE id NOT IN (SELECT id FROM $2);
SQL
}
no_idea_lost() { local n; n=$(missing "$APPNORTH_DATA_DIR/ingest.sqlite" ideas "$DATA/ideas.acked"); [ "$n" = 0 ] || { echo "  $n ideas lost"; return 1; }; }
no_message_lost() { local n; n=$(missing "$APPNORTH_DATA_DIR/chatd.sqlite" messages "$DATA/messages.acked"); [ "$n" = 0 ] || { echo "  $n messages lost"; return 1; }; }
every_idea_searchable() {
    local db=$APPNORTH_DATA_DIR/ingest.sqlite
    [ "$(sqlite3 "$db" "SELECT count(*) FROM ideas_fts_pending")" = 0 ] &&
        [ "$(sqlite3 "$db" "SELECT count(*) FROM ideas_fts WHERE ideas_fts MATCH 'crashload'")" = "$(sqlite3 "$db" "SELECT count(*) FROM ideas")" ] &&
        sqlite3 "$db" "INSERT INTO ideas_fts(ideas_fts, rank) VALUES ('integrity-check', 1)"
}
echo "  $(wc -l <"$DATA/ideas.acked") ideas and $(wc -l <"$DATA/messages.acked") messages acknowledged"
check "no acknowledged idea is lost" no_idea_lost
check "no acknowledged chat message is lost" no_message_lost
check "every idea is in the search index and none waits for it" every_idea_searchable
echo "writes-crash: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
