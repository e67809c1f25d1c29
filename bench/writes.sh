#!/usr/bin/env bash
# Acknowledged writes against their SQLite ceiling, release build, ingest and chatd as
# separate processes (ipc):
#  - POST /api/v1/ideas and POST /api/v1/chat/messages, wrk -t2 -c64, a distinct
#    Idempotency-Key per request, each 201 sent after the commit that holds it;
#  - the CPU time a request of ingest and of chatd over each run (user and system, from /proc):
#    steadier than the rate on this shared machine, and the ratio of the two daemons' figures
#    steadier still when only one of them changed;
#  - the ceiling of each, in the same run: the rows the hub wrote (an idea and its idempotency
#    record; a message, its outbox event and its conversation's update) inserted again with the
#    sqlite3 CLI into an empty copy of the same schema, batched the same way (transactions of
#    64, the connection count, each idea queued for the search index as ingest queues it, `OR
#    IGNORE` so an earlier build's schema whose trigger queues it works too, and the index fed
#    per commit), through prepared
#    statements (appnorth-bench sqlite-ceiling): without savepoints, as a batch first runs, and
#    with one per request, as it runs again after a failed job; and as the sqlite3 CLI runs a
#    script of literal statements with savepoints (parsing each: the figure earlier runs reported).
#    Each of these checkpoints the WAL as SQLite does by itself, inside the commit that reaches
#    1,000 frames; the hub checkpoints beside its writer (HubStore's WALCheckpointer), so one
#    more ceiling has SQLite's checkpoints off altogether: the insert work alone.
#   bench/writes.sh [seconds per run, default 10]
# APPNORTH_BENCH_BIN=dir runs the ingest and chatd found there instead (an earlier build, to compare).
# APPNORTH_BENCH_ROUTES=chat (or ideas) runs that route alone, with its ceilings: shorter runs, to
# alternate two builds more often on this machine, whose speed moves from minute to minute.
# APPNORTH_BENCH_IDLE_CONNECTIONS=N holds N idle keep-alive connections open through the runs, as a
# hub that clients reach directly holds them (each has had one answer, and one more every 10 s so
# the idle timeout keeps them; 50 per source address from 127.1.0.1, under the per-address cap):
# what open connections cost the HTTP threads' event loop (APPNORTH_HTTP_EVENT_LOOP).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SECONDS_PER_RUN=${1:-10}
BATCH=64
. "$ROOT/bench/lib.sh"
command -v wrk >/dev/null && command -v sqlite3 >/dev/null || { echo "needs wrk and sqlite3"; exit 1; }
use_build ingest chatd
BENCH=$ROOT/.build/release/appnorth-bench
[ -x "$BENCH" ] || { echo "release build of appnorth-bench failed"; exit 1; }
make_workspace
TOKEN="an_bench$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')"
export APPNORTH_DATA_DIR=$WORK/data APPNORTH_HTTP_ADDR=127.0.0.1:$HUB_PORT APPNORTH_LOG_LEVEL=${APPNORTH_BENCH_LOG_LEVEL:-warn} \
    APPNORTH_ADMIN_TOKEN=$TOKEN APPNORTH_COMMUNITY_RATE_PER_MIN=100000000 APPNORTH_CHAT_RATE_PER_MIN=100000000 \
    APPNORTH_CHAT_READ_RATE_PER_MIN=100000000
"$BIN/chatd" 2>"$WORK/chatd.log" &
CHATD_PID=$!
"$BIN/ingest" 2>"$WORK/ingest.log" &
HUB_PID=$!
IDLE_PID=
trap 'kill $CHATD_PID $IDLE_PID 2>/dev/null || true; [ -n "${APPNORTH_BENCH_KEEP:-}" ] || cleanup_workspace' EXIT
BASE=http://127.0.0.1:$HUB_PORT
wait_for "$BASE/version"
create_project '{"name":"Bench","allowedOrigins":["http://localhost"],"chatMode":"anyone"}'
Q="app_id=$APP_ID&voter_token=benchvoter0123456789"

ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }  # user + system CPU of a process, in clock ticks
# run_wrk PATH RUN BODY: wrk's report, then "cpu TICKS TICKS": the CPU ingest and chatd spent during the run.
run_wrk() {
    local ingest_before chatd_before
    ingest_before=$(ticks "$HUB_PID")
    chatd_before=$(ticks "$CHATD_PID")
    wrk -t2 -c64 -d"${SECONDS_PER_RUN}s" --latency -s "$ROOT/bench/lua/distinct_posts.lua" "$BASE$1?$Q" -- "$2" "$3"
    echo "cpu $(($(ticks "$HUB_PID") - ingest_before)) $(($(ticks "$CHATD_PID") - chatd_before))"
}
# cpu_summary WRK_OUTPUT: CPU time a request of ingest and of chatd, from /proc over the run.
cpu_summary() {
    echo "$1" | awk -v hz="$(getconf CLK_TCK)" '/requests in/ { n = $1 } /^cpu / { i = $2; c = $3 }
        END { printf "CPU a request: ingest %.1f us, chatd %.1f us", i * 1e6 / hz / n, c * 1e6 / hz / n }'
}
summary() { echo "$(echo "$1" | awk '/Requests\/sec/ { print $2 }') req/s, p50 $(echo "$1" | awk '$1 == "50%" { print $2 }')," \
    "p99 $(echo "$1" | awk '$1 == "99%" { print $2 }'), $(echo "$1" | awk '/^created/ { print $2 " created, " $4 " not 201" }')"; }
rate() { echo "$1" | awk '/Requests\/sec/ { print $2 }'; }

# ceiling NAME SOURCE_DB PER_ROW_SQL [BEFORE_COMMIT_SQL]: re-inserts the source's rows into an
# empty database of the same schema, $BATCH per transaction, PER_ROW_SQL (a SELECT yielding one
# script line per request, from the source) in a savepoint each; prints rows per second.
ceiling() {
    local name=$1 src=$2 per_row=$3 before_commit=${4:-}
    local db=$WORK/$name-ceiling.sqlite script=$WORK/$name-ceiling.sql
    sqlite3 "$src" .schema | grep -v '^CREATE TABLE sqlite_' | grep -v "^CREATE TABLE '.*_fts_" >"$WORK/$name.schema"
    rm -f "$db" "$db-wal" "$db-shm"
    sqlite3 "$db" "PRAGMA journal_mode=WAL" >/dev/null
    sqlite3 "$db" <"$WORK/$name.schema"
    {
        echo "PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=OFF; PRAGMA cache_size=-32768;"
        sqlite3 "$src" "$per_row" | awk -v b=$BATCH -v c="$before_commit" '
            NR % b == 1 { print "BEGIN IMMEDIATE;" }
            { print "SAVEPOINT sp; " $0 " RELEASE sp;" }
            NR % b == 0 { print c " COMMIT;" }
            END { if (NR % b != 0) print c " COMMIT;" }'
    } >"$script"
    local rows start end
    rows=$(grep -c '^SAVEPOINT' "$script")
    start=$(date +%s%N)
    sqlite3 -bail "$db" <"$script" || { echo "the $name ceiling failed" >&2; exit 1; }
    end=$(date +%s%N)
    awk -v r="$rows" -v ns=$((end - start)) 'BEGIN { printf "%d", r / (ns / 1e9) }'
}

# prepared_ceiling NAME SOURCE_DB SETUP_SQL PLAN_SQL [BEFORE_COMMIT_SQL]: the same rows replayed
# through SQLite's C API, every statement prepared once and bound per row (appnorth-bench
# sqlite-ceiling, reading each row from the hub's database attached as src); prints rows per second.
# SAVEPOINTS=savepoints opens one per request (how a batch with a failed job runs again), none as
# a batch first runs; SAVEPOINTS=uncheckpointed runs as none with SQLite's checkpoints off
# (the WAL grows through the run: the insert work alone).
prepared_ceiling() {
    local name=$1 src=$2 setup=$3 plan=$4 before_commit=${5:-}
    local db=$WORK/$name-prepared-$SAVEPOINTS.sqlite
    sqlite3 "$src" .schema | grep -v '^CREATE TABLE sqlite_' | grep -v "^CREATE TABLE '.*_fts_" >"$WORK/$name.schema"
    rm -f "$db" "$db-wal" "$db-shm"
    sqlite3 "$db" "PRAGMA journal_mode=WAL" >/dev/null
    sqlite3 "$db" <"$WORK/$name.schema"
    "$BENCH" sqlite-ceiling "$db" "$src" "$BATCH" "$SAVEPOINTS" "$setup" "$plan" "$before_commit" || { echo "the $name prepared ceiling failed" >&2; exit 1; }
}

IDLE=${APPNORTH_BENCH_IDLE_CONNECTIONS:-0}
if [ "$IDLE" -gt 0 ]; then
    python3 - "$HUB_PORT" "$IDLE" "$WORK/idle.ready" <<'PY' &
import socket, sys, time
port, count, ready = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
ask = b"GET /version HTTP/1.1\r\nHost: bench\r\n\r\n"
def answered(s):
    data = b""
    while b"\r\n\r\n" not in data:
        part = s.recv(4096)
        if not part: raise SystemExit("an idle connection was closed")
        data += part
    head, _, body = data.partition(b"\r\n\r\n")
    length = int([l.split(b":")[1] for l in head.split(b"\r\n") if l.lower().startswith(b"content-length:")][0])
    while len(body) < length: body += s.recv(4096)
held = []
for i in range(count):
    s = socket.create_connection(("127.0.0.1", port), source_address=(f"127.1.{i // 50 // 250}.{i // 50 % 250 + 1}", 0))
    s.sendall(ask); answered(s); held.append(s)
open(ready, "w").close()
while True:
    time.sleep(10)
    for s in held: s.sendall(ask); answered(s)
PY
    IDLE_PID=$!
    for _ in $(seq 1 600); do [ -e "$WORK/idle.ready" ] && break; kill -0 "$IDLE_PID" 2>/dev/null || break; sleep 0.1; done
    [ -e "$WORK/idle.ready" ] || { echo "could not open $IDLE idle connections"; exit 1; }
    echo "idle keep-alive connections held through the runs: $IDLE"
fi
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
ROUTES=${APPNORTH_BENCH_ROUTES:-ideas chat}
wants() { case " $ROUTES " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }
wants ideas || wants chat || { echo "APPNORTH_BENCH_ROUTES names ideas, chat or both"; exit 1; }
wants ideas && ideas=$(run_wrk /api/v1/ideas ideas1 '{"board":"ideas","title":"Benchmark idea {t} {n}","description":"Created under load to measure writes."}')
wants chat && chat=$(run_wrk /api/v1/chat/messages chat1 '{"body":"Message {n} from thread {t} under load","locale":"en","platform":"ios"}')
[ "$IDLE" -gt 0 ] && { kill "$IDLE_PID" 2>/dev/null; wait "$IDLE_PID" 2>/dev/null || true; }
kill -TERM "$HUB_PID" "$CHATD_PID"; wait "$HUB_PID" "$CHATD_PID" 2>/dev/null || true

IDEAS_DB=$APPNORTH_DATA_DIR/ingest.sqlite CHAT_DB=$APPNORTH_DATA_DIR/chatd.sqlite
# values DB TABLE ALIAS: an SQL expression giving `INSERT INTO TABLE VALUES (…);` for the row
# ALIAS, every column as a literal, so the ceiling reads nothing but its script.
values() {
    echo "'INSERT INTO $2 VALUES (' || $(sqlite3 "$1" "SELECT group_concat('quote($3.' || name || ')', ' || '','' || ')
        FROM pragma_table_info('$2')") || ');'"
}
if wants ideas; then
idea_ceiling=$(ceiling ideas "$IDEAS_DB" "
    SELECT $(values "$IDEAS_DB" ideas i) || ' INSERT OR IGNORE INTO ideas_fts_pending (idea_rowid) VALUES (last_insert_rowid()); '
        || $(values "$IDEAS_DB" idempotency_records r)
    FROM idempotency_records r JOIN ideas i ON i.id = json_extract(CAST(r.response_body AS TEXT), '$.value.id')
    ORDER BY i.rowid" \
    "$(sqlite3 "$IDEAS_DB" "SELECT 'INSERT INTO ideas_fts(rowid, title, description) SELECT i.rowid, i.title, i.description
        FROM ideas_fts_pending p JOIN ideas i ON i.rowid = p.idea_rowid; DELETE FROM ideas_fts_pending;'
        WHERE EXISTS (SELECT 1 FROM sqlite_master WHERE name = 'ideas_fts_pending')" | tr '\n' ' ')")
FTS_STEP=$(sqlite3 "$IDEAS_DB" "SELECT 'INSERT INTO ideas_fts(rowid, title, description) SELECT i.rowid, i.title, i.description
    FROM ideas_fts_pending p JOIN ideas i ON i.rowid = p.idea_rowid; DELETE FROM ideas_fts_pending;'
    WHERE EXISTS (SELECT 1 FROM sqlite_master WHERE name = 'ideas_fts_pending')" | tr '\n' ' ')
IDEA_PAIRS="temp.idem r JOIN src.ideas i ON i.id = json_extract(CAST(r.response_body AS TEXT), '\$.value.id')"
IDEA_SETUP="CREATE TEMP TABLE idem AS SELECT * FROM src.idempotency_records;"
IDEA_PLAN="
    SELECT n, sql, args FROM (
        SELECT i.rowid AS n, 1 AS k, 'INSERT INTO ideas SELECT * FROM src.ideas WHERE rowid = ?' AS sql, json_array(i.rowid) AS args
        FROM $IDEA_PAIRS
        UNION ALL
        SELECT i.rowid, 2, 'INSERT OR IGNORE INTO ideas_fts_pending (idea_rowid) VALUES (last_insert_rowid())', json_array()
        FROM $IDEA_PAIRS
        UNION ALL
        SELECT i.rowid, 3, 'INSERT INTO idempotency_records SELECT * FROM temp.idem WHERE rowid = ?', json_array(r.rowid)
        FROM $IDEA_PAIRS)
    ORDER BY n, k"
idea_prepared=$(SAVEPOINTS=none prepared_ceiling ideas "$IDEAS_DB" "$IDEA_SETUP" "$IDEA_PLAN" "$FTS_STEP")
idea_savepoints=$(SAVEPOINTS=savepoints prepared_ceiling ideas "$IDEAS_DB" "$IDEA_SETUP" "$IDEA_PLAN" "$FTS_STEP")
idea_unchecked=$(SAVEPOINTS=uncheckpointed prepared_ceiling ideas "$IDEAS_DB" "$IDEA_SETUP" "$IDEA_PLAN" "$FTS_STEP")
fi
if wants chat; then
CHAT_ROWS="src.outbox o JOIN src.messages m ON m.id = json_extract(o.payload, '\$.messageId')"
CHAT_PLAN="
    SELECT n, sql, args FROM (
        SELECT m.seq AS n, 0 AS k, 'INSERT INTO conversations SELECT * FROM src.conversations WHERE seq = ?' AS sql,
            json_array(m.conversation_seq) AS args
        FROM $CHAT_ROWS WHERE m.seq = (SELECT min(seq) FROM src.messages WHERE conversation_seq = m.conversation_seq)
        UNION ALL
        SELECT m.seq, 1, 'INSERT INTO messages SELECT * FROM src.messages WHERE seq = ?', json_array(m.seq) FROM $CHAT_ROWS
        UNION ALL
        SELECT m.seq, 2, 'INSERT INTO outbox SELECT * FROM src.outbox WHERE rowid = ?', json_array(o.rowid) FROM $CHAT_ROWS
        UNION ALL
        SELECT m.seq, 3, 'UPDATE conversations SET last_message_seq = ?, last_message_at = ? WHERE seq = ?',
            json_array(m.seq, m.created_at, m.conversation_seq) FROM $CHAT_ROWS)
    ORDER BY n, k"
chat_prepared=$(SAVEPOINTS=none prepared_ceiling chat "$CHAT_DB" "" "$CHAT_PLAN")
chat_savepoints=$(SAVEPOINTS=savepoints prepared_ceiling chat "$CHAT_DB" "" "$CHAT_PLAN")
chat_unchecked=$(SAVEPOINTS=uncheckpointed prepared_ceiling chat "$CHAT_DB" "" "$CHAT_PLAN")
chat_ceiling=$(ceiling chat "$CHAT_DB" "
    SELECT CASE WHEN m.seq = (SELECT min(seq) FROM messages WHERE conversation_seq = m.conversation_seq)
                THEN (SELECT $(values "$CHAT_DB" conversations c) FROM conversations c WHERE c.seq = m.conversation_seq) || ' '
                ELSE '' END
        || $(values "$CHAT_DB" messages m) || ' ' || $(values "$CHAT_DB" outbox o) || ' '
        || 'UPDATE conversations SET last_message_seq = ' || m.seq || ', last_message_at = ' || quote(m.created_at)
        || ' WHERE seq = ' || m.conversation_seq || ';'
    FROM outbox o JOIN messages m ON m.id = json_extract(o.payload, '$.messageId') ORDER BY m.seq")

fi

ratio() { awk -v a="$(rate "$1")" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
if wants ideas; then
echo "POST /api/v1/ideas (c64, committed before 201): $(summary "$ideas")"
echo "  $(cpu_summary "$ideas")"
echo "  SQLite ceiling, the same rows $BATCH per transaction, prepared statements: $idea_prepared rows/s;" \
    "ratio $(ratio "$ideas" "$idea_prepared")x"
echo "  (with a savepoint per request: $idea_savepoints rows/s, ratio $(ratio "$ideas" "$idea_savepoints")x;" \
    "sqlite3 CLI parsing each statement, savepoints: $idea_ceiling rows/s, ratio $(ratio "$ideas" "$idea_ceiling")x)"
echo "  (prepared, with SQLite's checkpoints off and the WAL left to grow, the insert work alone: $idea_unchecked rows/s," \
    "ratio $(ratio "$ideas" "$idea_unchecked")x)"
fi
if wants chat; then
echo "POST /api/v1/chat/messages (c64, committed in chatd before 201): $(summary "$chat")"
echo "  $(cpu_summary "$chat")"
echo "  SQLite ceiling, the same rows $BATCH per transaction, prepared statements: $chat_prepared rows/s;" \
    "ratio $(ratio "$chat" "$chat_prepared")x"
echo "  (with a savepoint per request: $chat_savepoints rows/s, ratio $(ratio "$chat" "$chat_savepoints")x;" \
    "sqlite3 CLI parsing each statement, savepoints: $chat_ceiling rows/s, ratio $(ratio "$chat" "$chat_ceiling")x)"
echo "  (prepared, with SQLite's checkpoints off and the WAL left to grow, the insert work alone: $chat_unchecked rows/s," \
    "ratio $(ratio "$chat" "$chat_unchecked")x)"
fi
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
