#!/usr/bin/env bash
# pushd killed with kill -9 in the middle of a burst of 200 chat events bound for Telegram: the
# whole hub under the supervisor with the fake Bot API (Tests/Fixtures/fake_telegram.py) as
# Telegram, its pacing and pushd's off, a bot connected in webhook mode to a forum group. 20 users,
# one after the other, each write a first message and 9 more (200 texts, 20 topics). pushd is
# killed once the fake holds about a third of them, during a send, and again later during a topic
# creation; the supervisor starts it again each time. Then every text arrived, none twice but a
# send in flight at a kill, every conversation has exactly one topic, each user's texts are in
# their topic, and pushd's queue is empty. Uses the binaries of APPNORTH_BUILD_CONFIG.
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
APPNORTH=$ROOT/deploy/appnorth
PY=${APPNORTH_TEST_PYTHON:-$ROOT/.venv/bin/python}
HELPER=$ROOT/Tests/Integration/telegram_burst.py
DATA=$(mktemp -d /tmp/appnorth-tgcrash-XXXXXX)
PORT=$((20000 + RANDOM % 20000))
TOKEN="an_tg$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')"
BOT_TOKEN=7000001:AAHt3stT0kenForTheHubTelegramCrash_x1
FORUM=-1001000000001
ADMIN_USER=111
export APPNORTH_DATA_DIR=$DATA APPNORTH_HTTP_ADDR=127.0.0.1:$PORT APPNORTH_SKIP_BUILD=1 APPNORTH_ADMIN_TOKEN=$TOKEN
export APPNORTH_BUILD_CONFIG=${APPNORTH_BUILD_CONFIG:-debug}
export APPNORTH_PUBLIC_URL=http://127.0.0.1:$PORT APPNORTH_TELEGRAM_PER_MINUTE=0 APPNORTH_INTEGRATION_RETRY_BASE_S=1 \
    APPNORTH_CHAT_RATE_PER_MIN=100000000 APPNORTH_CHAT_READ_RATE_PER_MIN=100000000
export APPNORTH_CREDENTIALS_KEY=$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')
BASE=http://127.0.0.1:$PORT
passed=0 failed=0

check() {  # check NAME COMMAND...
    local name=$1; shift
    if "$@"; then passed=$((passed + 1)); echo "ok   - $name"; else failed=$((failed + 1)); echo "FAIL - $name"; fi
}
give_up() {
    echo "telegram-crash: $1"
    echo "telegram-crash: $passed passed, $((failed + 1)) failed"
    exit 1
}

FAKE_IN=$DATA/fake.in
mkfifo "$FAKE_IN"
"$PY" "$ROOT/Tests/Fixtures/fake_telegram.py" --port 0 <"$FAKE_IN" >"$DATA/fake.port" &
exec {FAKE_FD}>"$FAKE_IN"
for _ in $(seq 1 100); do [ -s "$DATA/fake.port" ] && break; sleep 0.1; done
FAKE=http://127.0.0.1:$(head -n 1 "$DATA/fake.port")
export APPNORTH_TELEGRAM_API_URL=$FAKE
cleanup() {
    "$APPNORTH" down >/dev/null 2>&1
    exec {FAKE_FD}>&-
    [ "$failed" -gt 0 ] && [ -d "$DATA/log" ] && tail -n 5 "$DATA/log/pushd.log"
    rm -rf "$DATA"
}
trap cleanup EXIT

now_ms() { date +%s%3N; }
fake() { curl -s -m 10 -X POST "$FAKE/__control/$1" -H 'Content-Type: application/json' -d "$2"; }
admin() { curl -s -m 40 -X "$1" "$BASE/api/admin/v1$2" -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' ${3:+-d "$3"}; }
field() { "$PY" -c "import json,sys; print($1)"; }

# Telegram as the fake plays it: the bot, and a forum group whose creator is an administrator;
# no pacing, so the burst is limited by pushd alone.
fake state "{\"bots\":[{\"token\":\"$BOT_TOKEN\",\"id\":7000001,\"username\":\"northhelp_bot\",\"firstName\":\"North Help\"}],
    \"chats\":[{\"id\":$FORUM,\"title\":\"Support team\",\"type\":\"supergroup\",\"isForum\":true,\"creator\":$ADMIN_USER,
    \"administrators\":[],\"members\":[],\"users\":{\"$ADMIN_USER\":{\"first_name\":\"Carmen\"}}}]}" >/dev/null ||
    give_up "the fake Bot API did not start"
fake pacing '{"enabled":false}' >/dev/null

"$APPNORTH" up >/dev/null || give_up "hub did not start"
PROJECT=$(admin POST /projects '{"name":"Crash","allowedOrigins":["http://localhost"],"chatMode":"anyone"}')
PROJECT_ID=$(echo "$PROJECT" | field 'json.load(sys.stdin)["id"]') || give_up "no project: $PROJECT"
APP_ID=$(echo "$PROJECT" | field 'json.load(sys.stdin)["appId"]')

connected() {
    # Given a bot connected in webhook mode, made an administrator of the forum group
    local state
    state=$(admin PUT "/projects/$PROJECT_ID/integrations/telegram" "{\"botToken\":\"$BOT_TOKEN\",\"mode\":\"webhook\"}" |
        field 'json.load(sys.stdin).get("mode")')
    [ "$state" = webhook ] || { echo "  connect answered mode $state"; return 1; }
    fake my_chat_member "{\"token\":\"$BOT_TOKEN\",\"chatId\":$FORUM,\"status\":\"administrator\",\"fromId\":$ADMIN_USER}" >/dev/null
    local deadline=$(($(now_ms) + 10000))
    until admin GET "/projects/$PROJECT_ID/integrations/telegram" | grep -q "\"$FORUM\"" || [ "$(now_ms)" -ge "$deadline" ]; do
        sleep 0.1
    done
    # When the operator chooses it
    state=$(admin PATCH "/projects/$PROJECT_ID/integrations/telegram" "{\"groupId\":\"$FORUM\"}" | field 'json.load(sys.stdin).get("state")')
    # Then the connection forwards
    [ "$state" = active ] || { echo "  the group was not chosen: state $state"; return 1; }
}
check "the bot is connected and the forum group chosen" connected || give_up "no connection to deliver through"

# Each send waits 20 ms in the fake and each topic creation 300 ms (before it takes effect, as a
# slow Telegram's would), so the 220 calls take several seconds and each kill finds its call open.
delays=$("$PY" -c 'import json; print(json.dumps({"method": "sendMessage", "responses": [{"delayMs": 20}] * 400}))')
fake script "$delays" >/dev/null
delays=$("$PY" -c 'import json; print(json.dumps({"method": "createForumTopic", "responses": [{"delayMs": 300}] * 40}))')
fake script "$delays" >/dev/null

RUN=$(head -c 4 /dev/urandom | od -An -tx1 | tr -d ' \n')
"$PY" "$HELPER" burst "$BASE" "$APP_ID" 20 10 "$RUN" >"$DATA/texts" 2>"$DATA/burst.err" &
BURST=$!
KILLS=""

kill_during() {  # kill_during MIN_SENT METHOD: kill -9 pushd once the fake holds MIN_SENT messages and a METHOD call is open
    local old new at sent deadline
    old=$(cat "$DATA/run/pushd.pid")
    read -r at sent < <("$PY" "$HELPER" kill-during "$FAKE" "$old" "$1" "$2")
    [ -n "$at" ] || { echo "  no open $2 call after $1 messages within 60 s"; return 1; }
    KILLS="$KILLS$at,"
    [ "$sent" -lt 200 ] || { echo "  every message was already sent: the kill missed the burst"; return 1; }
    # ... and the supervisor starts it again
    deadline=$(($(now_ms) + 15000))
    while [ "$(now_ms)" -lt "$deadline" ]; do
        new=$(cat "$DATA/run/pushd.pid" 2>/dev/null)
        [ -n "$new" ] && [ "$new" != "$old" ] && kill -0 "$new" 2>/dev/null && break
        sleep 0.1
    done
    [ -n "$new" ] && [ "$new" != "$old" ] || { echo "  pushd not restarted within 15 s"; return 1; }
    # (read once the new pushd runs: a call sent just before the kill has reached the fake by then)
    local open
    open=$("$PY" "$HELPER" in-flight "$FAKE" "$at")
    echo "  killed with $sent messages sent, during $open"
    [ "$open" = "$2" ] || { echo "  the kill landed during $open, not $2"; return 1; }
}
# When pushd is killed outright while a message is being sent, with about a third of the burst out
check "kill -9 of pushd during a send, a third into the burst; restarted" kill_during 65 sendMessage
# ... and again while it opens a topic, later in the burst
check "kill -9 of pushd during a topic creation, later in the burst; restarted" kill_during 120 createForumTopic
wait "$BURST"
all_accepted() {
    [ ! -s "$DATA/burst.err" ] || { sed 's/^/  /' "$DATA/burst.err" | head -n 5; return 1; }
    [ "$(wc -l <"$DATA/texts")" -eq 200 ] || { echo "  $(wc -l <"$DATA/texts") messages accepted"; return 1; }
}
check "all 200 messages were accepted (201)" all_accepted

every_text_arrived() {
    # Then every text arrives (a topic creation cut off by a kill waits up to 30 s for
    # Telegram's announcement, so the deadline allows for it)
    local deadline=$(($(now_ms) + 90000)) arrived=0
    while [ "$(now_ms)" -lt "$deadline" ]; do
        arrived=$("$PY" "$HELPER" arrived "$FAKE" "$DATA/texts")
        [ "$arrived" -ge 200 ] && break
        sleep 0.2
    done
    admin GET "/projects/$PROJECT_ID/conversations?limit=100" >"$DATA/conversations.json"
    "$PY" "$HELPER" check all-arrived "$FAKE" "$DATA/texts" "$KILLS" "$DATA/conversations.json"
}
check "every one of the 200 texts arrived" every_text_arrived
check "no text arrived twice but a send in flight at a kill" \
    "$PY" "$HELPER" check repeats "$FAKE" "$DATA/texts" "$KILLS" "$DATA/conversations.json"
check "each of the 20 conversations has exactly one topic" \
    "$PY" "$HELPER" check one-topic "$FAKE" "$DATA/texts" "$KILLS" "$DATA/conversations.json"
check "each user's texts are in their own topic" \
    "$PY" "$HELPER" check one-thread-per-user "$FAKE" "$DATA/texts" "$KILLS" "$DATA/conversations.json"

queue_empty() {
    local deadline=$(($(now_ms) + 10000)) pending
    while [ "$(now_ms)" -lt "$deadline" ]; do
        pending=$(admin GET "/projects/$PROJECT_ID/integrations/telegram" | field 'json.load(sys.stdin).get("pending")')
        [ "$pending" = 0 ] && break
        sleep 0.1
    done
    [ "$pending" = 0 ] || { echo "  $pending posts still pending"; return 1; }
    local rows
    rows=$(sqlite3 -cmd ".timeout 5000" "$DATA/pushd.sqlite" "SELECT COUNT(*) FROM integration_queue")
    [ "$rows" = 0 ] || { echo "  integration_queue holds $rows rows"; return 1; }
}
check "pushd's integration queue is empty" queue_empty

echo "telegram-crash: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
