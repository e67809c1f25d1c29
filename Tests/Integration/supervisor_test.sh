#!/usr/bin/env bash
# The supervisor as an operator uses it: a failed build starts nothing; up on a fresh data
# dir, five healthy daemons on WAL stores, kill -9 of each daemon answered by a restart,
# /healthz never hanging while one is down, logs rotated by size, nothing under the data dir
# open to other users; down (with and without a live supervisor) and Ctrl-C on run stop
# ingest before the backends and leave nothing behind. Uses the binaries of
# APPNORTH_BUILD_CONFIG.
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
APPNORTH=$ROOT/deploy/appnorth
DATA=$(mktemp -d /tmp/appnorth-supervisor-XXXXXX)
PORT=$((20000 + RANDOM % 20000))
export APPNORTH_DATA_DIR=$DATA APPNORTH_HTTP_ADDR=127.0.0.1:$PORT APPNORTH_SKIP_BUILD=1
export APPNORTH_BUILD_CONFIG=${APPNORTH_BUILD_CONFIG:-debug}
# Tiny logs checked every second, so that rotation happens within the test.
export APPNORTH_LOG_MAX_BYTES=1024 APPNORTH_LOG_KEEP=2 APPNORTH_LOG_CHECK_S=1
URL=http://127.0.0.1:$PORT/healthz
passed=0 failed=0

check() {  # check NAME COMMAND...
    local name=$1; shift
    if "$@"; then passed=$((passed + 1)); echo "ok   - $name"; else failed=$((failed + 1)); echo "FAIL - $name"; fi
}
cleanup() {
    "$APPNORTH" down >/dev/null 2>&1
    APPNORTH_DATA_DIR=$DATA-nobuild "$APPNORTH" down >/dev/null 2>&1
    [ "$failed" -gt 0 ] && [ -d "$DATA/log" ] && tail -n 5 "$DATA"/log/*.log
    rm -rf "$DATA" "$DATA-nobuild" "$DATA-fakebin" "$DATA.up.err" "$DATA.run.out"
}
trap cleanup EXIT

now_ms() { date +%s%3N; }
healthy() { curl -s -m 3 "$URL" | grep -q '"status":"ok"'; }
five_ok() {
    local body; body=$(curl -s -m 3 "$URL")
    for d in ingest chatd pushd marketd asod; do
        echo "$body" | grep -q "\"$d\":\"ok\"" || { echo "  $d not ok in: $body"; return 1; }
    done
}
wal_stores() {
    for d in ingest chatd pushd marketd asod; do
        [ -f "$DATA/$d.sqlite" ] || { echo "  missing $d.sqlite"; return 1; }
        [ "$(sqlite3 "$DATA/$d.sqlite" 'PRAGMA journal_mode;')" = wal ] || { echo "  $d.sqlite not in WAL mode"; return 1; }
    done
}
up_within_two_minutes() {
    local start=$(now_ms)
    "$APPNORTH" up >/dev/null 2>"$DATA.up.err" || { cat "$DATA.up.err"; return 1; }
    [ $(($(now_ms) - start)) -lt 120000 ]
}

# kill -9 one daemon; while it is down /healthz answers 503 within 3 s (never hangs), and
# within 10 s a new pid serves a healthy /healthz.
recovers_from_kill() {
    local d=$1 old new start code t
    old=$(cat "$DATA/run/$d.pid")
    kill -9 "$old"
    start=$(now_ms)
    if [ "$d" != ingest ]; then
        t=$(now_ms)
        code=$(curl -s -o /dev/null -w '%{http_code}' -m 5 "$URL")
        [ $(($(now_ms) - t)) -le 3000 ] || { echo "  /healthz took $(($(now_ms) - t)) ms while $d was down"; return 1; }
        [ "$code" = 503 ] || [ "$code" = 200 ] || { echo "  /healthz answered $code while $d was down"; return 1; }
        seen_503=$([ "$code" = 503 ] && echo yes || echo "${seen_503:-no}")
    fi
    while [ $(($(now_ms) - start)) -lt 10000 ]; do
        new=$(cat "$DATA/run/$d.pid" 2>/dev/null)
        if [ -n "$new" ] && [ "$new" != "$old" ] && kill -0 "$new" 2>/dev/null && healthy; then return 0; fi
        sleep 0.2
    done
    echo "  $d not back within 10 s (old $old, now ${new:-none})"
    return 1
}

silent_daemon_marked() {
    # A stopped (not crashed) backend: SIGSTOP keeps its socket but it never answers.
    local pid body code t
    pid=$(cat "$DATA/run/marketd.pid")
    kill -STOP "$pid"
    t=$(now_ms)
    body=$(curl -s -m 5 -w '\n%{http_code}' "$URL")
    kill -CONT "$pid"
    code=${body##*$'\n'}
    [ $(($(now_ms) - t)) -le 3000 ] || { echo "  took $(($(now_ms) - t)) ms"; return 1; }
    [ "$code" = 503 ] || { echo "  answered $code"; return 1; }
    echo "$body" | grep -q '"marketd":"timeout"' || { echo "  marketd not marked: $body"; return 1; }
    echo "$body" | grep -q '"chatd":"ok"'
}

# Every daemon's own threads run under SCHED_BATCH (policy 3, field 41 of its stat), the default
# of APPNORTH_CPU_SCHEDULING: a woken thread does not preempt the one that woke it. libzmq's
# threads (named ZMQbg/…: its I/O thread, which every reply passes through, and its reaper) run
# under SCHED_OTHER (0), but for those of the link to chatd, which every chat message crosses
# (named 3/ZMQbg/…, in chatd and in its callers ingest and pushd), under SCHED_BATCH.
threads_batch() {
    local d pid t name policy want threads=0 zmq=0 chat_link
    for d in ingest chatd pushd marketd asod; do
        pid=$(cat "$DATA/run/$d.pid") || return 1
        chat_link=0
        for t in /proc/"$pid"/task/*; do
            policy=$(sed 's/.*) //' "$t/stat" 2>/dev/null | awk '{ print $39 }')
            name=$(cat "$t/comm" 2>/dev/null)
            [ -z "$policy" ] && continue  # the thread ended meanwhile
            case "$name" in
                ZMQbg/*) want=0; zmq=$((zmq + 1)) ;;
                3/ZMQbg/IO*) want=3; chat_link=$((chat_link + 1)) ;;
                *) want=3 ;;
            esac
            [ "$policy" = "$want" ] || { echo "  $d thread ${t##*/} ($name) has policy $policy, not $want"; return 1; }
            threads=$((threads + 1))
        done
        case $d in
            ingest | chatd | pushd) [ "$chat_link" -ge 1 ] || { echo "  $d has no I/O thread of the link to chatd"; return 1; } ;;
            *) [ "$chat_link" -eq 0 ] || { echo "  $d has $chat_link I/O threads of the link to chatd"; return 1; } ;;
        esac
    done
    [ "$threads" -ge 10 ] || { echo "  only $threads threads seen"; return 1; }
    [ "$zmq" -ge 5 ] || { echo "  only $zmq libzmq threads seen"; return 1; }
}

# Pids of this checkout's daemons and supervisors (watchers included: they run the script too).
hub_processes() {
    pgrep -f "$ROOT/.build/$APPNORTH_BUILD_CONFIG/(ingest|chatd|pushd|marketd|asod)$"
    pgrep -f "$APPNORTH (supervise|run)" | grep -vx "$$"
}

nothing_left() {
    "$APPNORTH" down >/dev/null 2>&1 || return 1
    local left deadline=$(($(now_ms) + 5000))
    while left=$(hub_processes); [ -n "$left" ] && [ "$(now_ms)" -lt "$deadline" ]; do sleep 0.1; done
    [ -z "$left" ] || { echo "  still running: $left"; return 1; }
    ! curl -s -m 2 "$URL" >/dev/null
}

clean_exit_on_sigterm() {
    # Each daemon drains and exits 0 on SIGTERM; the supervisor records each exit status.
    local d
    for d in ingest chatd pushd marketd asod; do
        grep -q "\"msg\":\"daemon stopped\",\"name\":\"$d\",\"status\":0}" "$DATA/log/supervisor.log" ||
            { echo "  $d did not exit 0 on SIGTERM"; grep "\"name\":\"$d\"" "$DATA/log/supervisor.log" | tail -n 2; return 1; }
    done
}

# A `swift` first on PATH that fails, as a broken build does; the binaries of the last good
# build are still in .build.
FAKE_BIN=$DATA-fakebin
mkdir -p "$FAKE_BIN"
printf '#!/bin/sh\necho "error: no such module (fake build failure)"\nexit 1\n' >"$FAKE_BIN/swift"
chmod +x "$FAKE_BIN/swift"

failed_build_starts_nothing() {  # failed_build_starts_nothing COMMAND
    # Given a build that fails, with APPNORTH_SKIP_BUILD unset, and a fresh data dir
    local out rc
    # When the command runs (`run` would stay in the foreground if it started anything)
    out=$(env -u APPNORTH_SKIP_BUILD PATH="$FAKE_BIN:/opt/swift/usr/bin:$PATH" APPNORTH_DATA_DIR="$DATA-nobuild" \
        timeout 20 "$APPNORTH" "$1" 2>&1 </dev/null)
    rc=$?
    # Then it exits non-zero, says the build failed, and no daemon or supervisor was started
    local verdict=0 started
    started=$(hub_processes)
    [ "$rc" -ne 0 ] || { echo "  $1 exited 0 after a failed build"; verdict=1; }
    case "$out" in *"build failed"*) ;; *) echo "  $1 did not name the failure: $out"; verdict=1 ;; esac
    [ -z "$started" ] || { echo "  started: $started"; verdict=1; }
    [ ! -e "$DATA-nobuild/run/supervisor.pid" ] || { echo "  a supervisor pidfile was written"; verdict=1; }
    ! curl -s -m 2 "$URL" >/dev/null || { echo "  something answers $URL"; verdict=1; }
    # (what a failing run started must not stand in the way of the checks that follow)
    [ -d "$DATA-nobuild/run" ] && APPNORTH_DATA_DIR=$DATA-nobuild "$APPNORTH" down >/dev/null 2>&1
    return $verdict
}

# Every line of a log file is a JSON object and the file holds no NUL byte (a writer without
# O_APPEND would leave a NUL-filled hole up to its old offset after the truncate).
clean_log() {
    local file=$1
    [ "$(tr -d '\000' <"$file" | wc -c)" -eq "$(stat -c %s "$file")" ] || { echo "  NUL bytes in $file"; return 1; }
    ! grep -qv '^{"ts":"' "$file" || { echo "  a line of $file is not a log object: $(grep -v '^{"ts":"' "$file" | head -n 1)"; return 1; }
}

# Whether ingest's log holds a line, the live file read first: a line only moves from it to .1
# and on to .2, so reading in this order finds it even while a rotation runs (a glob would
# miss a copy made meanwhile).
ingest_logged() { grep -qs "$1" "$DATA/log/ingest.log" "$DATA/log/ingest.log.1" "$DATA/log/ingest.log.2"; }

rotates_logs() {
    # Given 1,024-byte logs, 2 kept, checked every second (set for the whole run)
    local n=0 seen=no deadline f
    # When ingest logs a numbered request at a time until request 1's line, once seen, has
    # left every file
    deadline=$(($(now_ms) + 20000))
    while [ "$(now_ms)" -lt "$deadline" ]; do
        n=$((n + 1))
        curl -s -o /dev/null -m 3 "$URL?fill=$n"
        if ingest_logged '?fill=1"'; then seen=yes; elif [ "$seen" = yes ]; then break; fi
        sleep 0.05
    done
    # Then ingest.log was copied to .1 and .2 and truncated more than twice, oldest dropped
    [ "$seen" = yes ] || { echo "  request 1 was never logged"; return 1; }
    ingest_logged '?fill=1"' && { echo "  request 1 still logged after $n requests"; ls -l "$DATA/log"; return 1; }
    # (the pass that dropped request 1 may still be moving the copies along)
    deadline=$(($(now_ms) + 3000))
    until [ -s "$DATA/log/ingest.log.1" ] && [ -s "$DATA/log/ingest.log.2" ] || [ "$(now_ms)" -ge "$deadline" ]; do sleep 0.1; done
    [ -s "$DATA/log/ingest.log.1" ] && [ -s "$DATA/log/ingest.log.2" ] || { echo "  no rotated copies"; ls -l "$DATA/log"; return 1; }
    f=$(ls "$DATA"/log/ | grep -vE '^(ingest|chatd|pushd|marketd|asod|supervisor|edge-at|edge-under)\.log(\.[12])?$')
    [ -z "$f" ] || { echo "  more than 2 old copies or stray files: $f"; return 1; }
    # ... and ingest keeps logging into the live file, from its first byte on
    curl -s -o /dev/null -m 3 "$URL?after=rotation"
    deadline=$(($(now_ms) + 5000))
    until grep -q '?after=rotation"' "$DATA/log/ingest.log" || [ "$(now_ms)" -ge "$deadline" ]; do sleep 0.1; done
    grep -q '?after=rotation"' "$DATA/log/ingest.log" || { echo "  the request after rotation is not in ingest.log"; return 1; }
    for f in "$DATA"/log/ingest.log*; do clean_log "$f" || return 1; done
}

rotates_at_the_limit() {
    # Then (after the passes above) the log of exactly 1,024 bytes was rotated, the one of
    # 1,023 was not
    [ "$(stat -c %s "$DATA/log/edge-at.log.1" 2>/dev/null)" = 1024 ] && [ ! -s "$DATA/log/edge-at.log" ] ||
        { echo "  edge-at.log (1,024 bytes) not rotated"; ls -l "$DATA/log"; return 1; }
    [ "$(stat -c %s "$DATA/log/edge-under.log")" = 1023 ] && [ ! -e "$DATA/log/edge-under.log.1" ] ||
        { echo "  edge-under.log (1,023 bytes) rotated"; ls -l "$DATA/log"; return 1; }
}

supervisor_log_rotated() {
    # Its restart and rotation lines fill the supervisor's own 1,024-byte log too.
    local deadline=$(($(now_ms) + 5000))
    until [ -s "$DATA/log/supervisor.log.1" ] || [ "$(now_ms)" -ge "$deadline" ]; do sleep 0.1; done
    [ -s "$DATA/log/supervisor.log.1" ] || { echo "  no supervisor.log.1"; ls -l "$DATA/log"; return 1; }
    grep -q '"msg":"log rotated","file":"ingest.log"' "$DATA"/log/supervisor.log* || { echo "  no rotation recorded"; return 1; }
    clean_log "$DATA/log/supervisor.log" && clean_log "$DATA/log/supervisor.log.1"
}

nothing_open_to_others() {
    # Then after requests, rotations and a backup, no file or directory under the data dir
    # grants group or others any access
    local open
    open=$(find "$DATA" -perm /077 -printf '  %m %p\n')
    [ -z "$open" ] || { echo "  open to others:"; echo "$open"; return 1; }
}

# A line's timestamp as a number (2026-01-02T03:04:05.678Z -> 20260102030405678) that
# compares whatever the locale.
ts_of() { sed -n 's/^{"ts":"\([^"]*\)".*/\1/p' | tr -dc '0-9'; }

# Then ingest had logged "stopped" (it exits right after) before any backend logged
# "shutting down", i.e. before any backend was signalled.
ingest_stopped_first() {
    local ingest d ts
    ingest=$(grep '"msg":"stopped"' "$DATA/log/ingest.log" | tail -n 1 | ts_of)
    [ -n "$ingest" ] || { echo "  ingest.log has no stopped line"; return 1; }
    for d in chatd pushd marketd asod; do
        ts=$(grep '"msg":"shutting down"' "$DATA/log/$d.log" | tail -n 1 | ts_of)
        [ -n "$ts" ] || { echo "  $d.log has no shutting down line"; return 1; }
        [ "$ts" -lt "$ingest" ] && { echo "  $d began stopping at $ts, ingest stopped at $ingest"; return 1; }
    done
    return 0
}

orphans_left_running() {
    # Given a running hub whose supervisor is killed outright
    local sup deadline
    sup=$(cat "$DATA/run/supervisor.pid")
    kill -9 "$sup"
    deadline=$(($(now_ms) + 5000))
    while [ -e "/proc/$sup/exe" ] && [ "$(now_ms)" -lt "$deadline" ]; do sleep 0.1; done
    # Then the daemons keep serving without it
    five_ok
}

ctrl_c_stops_run() {
    # Given `run` in the foreground, in a process group of its own as a terminal's job is
    local pid deadline rc
    set -m
    "$APPNORTH" run >"$DATA.run.out" 2>&1 </dev/null &
    pid=$!
    set +m
    deadline=$(($(now_ms) + 60000))
    until healthy || [ "$(now_ms)" -ge "$deadline" ]; do sleep 0.2; done
    healthy || { echo "  run never became healthy"; kill -TERM "$pid"; return 1; }
    # When Ctrl-C sends SIGINT to the whole group
    kill -INT -- "-$pid"
    deadline=$(($(now_ms) + 30000))
    while [ -e "/proc/$pid/exe" ] && [ "$(now_ms)" -lt "$deadline" ]; do sleep 0.1; done
    [ ! -e "/proc/$pid/exe" ] || { echo "  run still running"; kill -TERM "$pid"; return 1; }
    wait "$pid"
    rc=$?
    # Then run exits 0, and ingest had stopped before any backend was signalled
    [ "$rc" -eq 0 ] || { echo "  run exited $rc"; tail -n 3 "$DATA.run.out"; return 1; }
    ingest_stopped_first
}

check "a failed build makes up exit non-zero and start nothing" failed_build_starts_nothing up
check "a failed build makes run exit non-zero and start nothing" failed_build_starts_nothing run
check "a failed build makes build exit non-zero" failed_build_starts_nothing build

# Given an older version's data dir, log/ and run/ and a log, open to others (up tightens
# them), and two logs that nothing writes, a byte under the rotation limit and at it
chmod 0755 "$DATA"
mkdir -m 0755 "$DATA/log" "$DATA/run"
echo '{"ts":"2026-01-01T00:00:00.000Z","level":"info","daemon":"ingest","msg":"old"}' >"$DATA/log/ingest.log"
chmod 0644 "$DATA/log/ingest.log"
{ head -c 1022 /dev/zero | tr '\0' x; echo; } >"$DATA/log/edge-under.log"
{ head -c 1023 /dev/zero | tr '\0' x; echo; } >"$DATA/log/edge-at.log"

check "up returns 0 within two minutes" up_within_two_minutes
check "/healthz lists five ok daemons" five_ok
check "five .sqlite files in WAL mode" wal_stores
check "every daemon's threads are scheduled SCHED_BATCH, libzmq's SCHED_OTHER but the chat link's" threads_batch
check "a silent daemon is marked and /healthz answers 503 within 3 s" silent_daemon_marked
for d in chatd pushd marketd asod ingest; do
    check "kill -9 $d: restarted and healthy within 10 s" recovers_from_kill "$d"
done
check "a killed backend showed as 503 at least once" [ "${seen_503:-no}" = yes ]
online_backup() {
    local out
    out=$("$APPNORTH" backup "$DATA/backup-1") || { echo "  backup failed: $out"; return 1; }
    for d in ingest chatd pushd marketd asod; do
        [ "$(sqlite3 "$DATA/backup-1/$d.sqlite" "SELECT value FROM daemon_meta WHERE key = 'daemon'")" = "$d" ] ||
            { echo "  $d backup missing or wrong"; return 1; }
    done
}

check "status reports every daemon running" "$APPNORTH" status
check "backup writes a usable copy of every store while serving" online_backup
check "logs rotate by size, 2 copies kept, ingest still logging into the live file" rotates_logs
check "a log rotates at 1,024 bytes, not at 1,023" rotates_at_the_limit
check "the supervisor's own log rotates" supervisor_log_rotated
check "nothing under the data dir is open to other users" nothing_open_to_others
check "down leaves no hub process running" nothing_left
check "daemons exited cleanly on SIGTERM" clean_exit_on_sigterm
check "down stopped ingest before signalling any backend" ingest_stopped_first

# The same stop order when down finds only orphans of a supervisor killed outright.
check "up again on the same data dir" up_within_two_minutes
check "daemons keep serving after kill -9 of the supervisor" orphans_left_running
check "down without a supervisor leaves no hub process running" nothing_left
check "down without a supervisor stopped ingest before signalling any backend" ingest_stopped_first

# Ctrl-C on `run` reaches the supervisor alone, which stops the daemons in the same order.
check "Ctrl-C on run stops ingest before signalling any backend" ctrl_c_stops_run
check "Ctrl-C on run leaves no hub process running" nothing_left

echo "supervisor: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
