#!/usr/bin/env bash
# pushd killed with kill -9 while a message is being sent to Discord, after the send left and
# before its answer (and the outbox row's completion) committed: the whole hub under the
# supervisor with the fake Discord REST API (Tests/Fixtures/fake_discord.py) as Discord, installed
# through the operator routes and the OAuth callback, the text channel chosen. 10 users, one after
# the other, each write a first message and 4 more (50 texts: 10 starter messages with their
# threads and 40 thread posts), delivered by discord-sync passes run on demand. Each send waits
# 150 ms in the fake; pushd is killed once during a post into a thread and once during a starter
# message, each time while the fake holds the call open, and the supervisor starts it again. Before
# the next pass the row of the open send still has its marker (started_ms), so the pass repeats the
# nonce and Discord answers the message it already created. Then every text is in Discord exactly
# once, each conversation has one thread, each user's texts are in it, and nothing is pending.
# Uses the binaries of APPNORTH_BUILD_CONFIG.
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
APPNORTH=$ROOT/deploy/appnorth
PY=${APPNORTH_TEST_PYTHON:-$ROOT/.venv/bin/python}
HELPER=$ROOT/Tests/Integration/discord_crash.py
DATA=$(mktemp -d /tmp/appnorth-dccrash-XXXXXX)
PORT=$((20000 + RANDOM % 20000))
TOKEN="an_dc$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')"
APPLICATION=900000000000000001
BOT_TOKEN=Bot.Token.ForTheHubDiscordCrash
CLIENT_SECRET=discord-client-secret
GUILD=700000000000000001
BOT_ROLE=700000000000000010
CHANNEL=600000000000000001
INSTALLER=800000000000000001
OWNER=800000000000000009
CODE=oauth-code-crash
export APPNORTH_DATA_DIR=$DATA APPNORTH_HTTP_ADDR=127.0.0.1:$PORT APPNORTH_SKIP_BUILD=1 APPNORTH_ADMIN_TOKEN=$TOKEN
export APPNORTH_BUILD_CONFIG=${APPNORTH_BUILD_CONFIG:-debug}
export APPNORTH_PUBLIC_URL=http://127.0.0.1:$PORT APPNORTH_INTEGRATION_RETRY_BASE_S=1 APPNORTH_DISCORD_SYNC_INTERVAL_S=0 \
    APPNORTH_CHAT_RATE_PER_MIN=100000000 APPNORTH_CHAT_READ_RATE_PER_MIN=100000000
export DISCORD_APPLICATION_ID=$APPLICATION DISCORD_PUBLIC_KEY=$(printf 'ab%.0s' $(seq 1 32)) DISCORD_BOT_TOKEN=$BOT_TOKEN \
    DISCORD_CLIENT_SECRET=$CLIENT_SECRET
export APPNORTH_CREDENTIALS_KEY=$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')
BASE=http://127.0.0.1:$PORT
REDIRECT=$APPNORTH_PUBLIC_URL/api/v1/integrations/discord/callback
passed=0 failed=0

check() {  # check NAME COMMAND...
    local name=$1; shift
    if "$@"; then passed=$((passed + 1)); echo "ok   - $name"; else failed=$((failed + 1)); echo "FAIL - $name"; fi
}
give_up() {
    echo "discord-crash: $1"
    echo "discord-crash: $passed passed, $((failed + 1)) failed"
    exit 1
}

FAKE_IN=$DATA/fake.in
mkfifo "$FAKE_IN"
"$PY" "$ROOT/Tests/Fixtures/fake_discord.py" --port 0 <"$FAKE_IN" >"$DATA/fake.port" &
exec {FAKE_FD}>"$FAKE_IN"
for _ in $(seq 1 100); do [ -s "$DATA/fake.port" ] && break; sleep 0.1; done
FAKE=http://127.0.0.1:$(head -n 1 "$DATA/fake.port")
export APPNORTH_DISCORD_API_URL=$FAKE/api/v10 APPNORTH_DISCORD_OAUTH_URL=$FAKE/oauth2/authorize
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
pushd_pid() { cat "$DATA/run/pushd.pid" 2>/dev/null; }

# Discord as the fake plays it: the application and its bot, a server whose bot role has every
# permission the bot asks for, its text channel, and the installer's OAuth code for this hub.
PERMISSIONS=$(((1 << 10) | (1 << 11) | (1 << 14) | (1 << 16) | (1 << 35) | (1 << 38)))
fake state "{\"application\":{\"id\":\"$APPLICATION\",\"clientSecret\":\"$CLIENT_SECRET\",\"botToken\":\"$BOT_TOKEN\"},
    \"users\":[{\"id\":\"$INSTALLER\",\"username\":\"ana\"},{\"id\":\"$OWNER\",\"username\":\"olga\"}],
    \"guilds\":[{\"id\":\"$GUILD\",\"name\":\"Support server\",\"ownerId\":\"$OWNER\",
        \"roles\":[{\"id\":\"$BOT_ROLE\",\"name\":\"AppNorth\",\"permissions\":\"$PERMISSIONS\"}],
        \"members\":[{\"userId\":\"$APPLICATION\",\"roles\":[\"$BOT_ROLE\"]},{\"userId\":\"$INSTALLER\",\"roles\":[]}],
        \"channels\":[{\"id\":\"$CHANNEL\",\"type\":0,\"name\":\"support\"}]}],
    \"oauthCodes\":[{\"code\":\"$CODE\",\"userId\":\"$INSTALLER\",\"redirectUri\":\"$REDIRECT\",\"guildId\":\"$GUILD\"}]}" >/dev/null ||
    give_up "the fake Discord API did not start"

"$APPNORTH" up >/dev/null || give_up "hub did not start"
PROJECT=$(admin POST /projects '{"name":"Crash","allowedOrigins":["http://localhost"],"chatMode":"anyone"}')
PROJECT_ID=$(echo "$PROJECT" | field 'json.load(sys.stdin)["id"]') || give_up "no project: $PROJECT"
APP_ID=$(echo "$PROJECT" | field 'json.load(sys.stdin)["appId"]')

connected() {
    # Given the bot authorized through the install route and Discord's callback with the fake's code
    local status state
    status=$("$PY" "$HELPER" install "$BASE" "$TOKEN" "$PROJECT_ID" "$CODE" "$GUILD")
    [ "$status" = 302 ] || [ "$status" = 303 ] || { echo "  the callback answered $status"; return 1; }
    # When the operator chooses the text channel
    state=$(admin PATCH "/projects/$PROJECT_ID/integrations/discord" "{\"channelId\":\"$CHANNEL\"}" |
        field 'json.load(sys.stdin).get("state")')
    # Then the connection is active
    [ "$state" = active ] || { echo "  the channel was not chosen: state $state"; return 1; }
}
check "the bot is installed and the text channel chosen" connected || give_up "no connection to deliver through"

pending() { admin GET "/projects/$PROJECT_ID/integrations/discord" | field 'json.load(sys.stdin).get("pending")'; }

RUN=$(head -c 4 /dev/urandom | od -An -tx1 | tr -d ' \n')
queued() {
    # Given 50 messages from 10 users, all accepted, and all in pushd's outbox (events reach it
    # asynchronously)
    "$PY" "$ROOT/Tests/Integration/telegram_burst.py" burst "$BASE" "$APP_ID" 10 5 "$RUN" >"$DATA/texts" 2>"$DATA/burst.err"
    [ ! -s "$DATA/burst.err" ] || { sed 's/^/  /' "$DATA/burst.err" | head -n 5; return 1; }
    [ "$(wc -l <"$DATA/texts")" -eq 50 ] || { echo "  $(wc -l <"$DATA/texts") messages accepted"; return 1; }
    local deadline=$(($(now_ms) + 20000)) count
    while [ "$(now_ms)" -lt "$deadline" ]; do
        count=$(pending)
        [ "$count" = 50 ] && return 0
        sleep 0.1
    done
    echo "  $count posts pending, not 50"
    return 1
}
check "all 50 messages were accepted and wait in pushd's outbox" queued || give_up "nothing to deliver"

# Each send waits 150 ms in the fake before Discord creates the message, so each kill finds its
# call open (a kill with the answer on its way would not be the case under test).
delays=$("$PY" -c 'import json; print(json.dumps({"route": "POST /channels/{id}/messages", "responses": [{"delayMs": 150}] * 200}))')
fake script "$delays" >/dev/null

CALLS=""
kill_during() {  # kill_during MIN_SENT TARGET: kill -9 pushd during a pass once the fake holds MIN_SENT messages and a send into TARGET is open
    local old new sent deadline call=$DATA/call$1.json
    old=$(pushd_pid)
    sent=$("$PY" "$HELPER" kill-during "$BASE" "$TOKEN" "$FAKE" "$old" "$1" "$CHANNEL" "$2" "$call") ||
        { echo "  no open send into a $2 after $1 messages within 60 s"; return 1; }
    CALLS="$CALLS$call,"
    echo "  killed with $sent messages in Discord, during a send into the $2"
    [ "$sent" -lt 50 ] || { echo "  every message was already sent: the kill missed the burst"; return 1; }
    # ... and the supervisor starts it again
    deadline=$(($(now_ms) + 15000))
    while [ "$(now_ms)" -lt "$deadline" ]; do
        new=$(pushd_pid)
        [ -n "$new" ] && [ "$new" != "$old" ] && kill -0 "$new" 2>/dev/null && break
        sleep 0.1
    done
    [ -n "$new" ] && [ "$new" != "$old" ] || { echo "  pushd not restarted within 15 s"; return 1; }
    # Then, before any pass, the open send's row is pending with its marker: the next pass repeats
    # its nonce rather than treating it as never sent
    local row
    row=$("$PY" "$HELPER" marker "$DATA/pushd.sqlite" "$call") || { echo "  $row"; return 1; }
    echo "  the open send's row: $row"
    [ "${row% *}" = pending ] && [ "${row#* }" != null ] || { echo "  the marker of the open send is gone"; return 1; }
}
# When pushd is killed outright while a post into a thread is open, about a third into the burst
check "kill -9 of pushd during a send into a thread; restarted with the marker kept" kill_during 15 thread
# ... and again while a starter message (before its thread exists) is open, later in the burst
check "kill -9 of pushd during a starter message; restarted with the marker kept" kill_during 30 channel

drained() {
    # When passes run until the outbox is empty
    local deadline=$(($(now_ms) + 90000)) count
    while [ "$(now_ms)" -lt "$deadline" ]; do
        admin POST /jobs/discord-sync/run >/dev/null
        count=$(pending)
        [ "$count" = 0 ] && break
        sleep 0.2
    done
    # Then nothing is pending, and every row completed (none kept with RECONCILE_LIMIT)
    [ "$count" = 0 ] || { echo "  $count posts still pending"; return 1; }
    local rows
    rows=$(sqlite3 -cmd ".timeout 5000" "$DATA/pushd.sqlite" "SELECT COUNT(*) FROM discord_outbox WHERE state <> 'done'")
    [ "$rows" = 0 ] || { echo "  discord_outbox holds $rows rows not done"; return 1; }
}
check "passes empty pushd's Discord outbox (pending 0)" drained

admin GET "/projects/$PROJECT_ID/conversations?limit=100" >"$DATA/conversations.json"
verify() { "$PY" "$HELPER" check "$1" "$FAKE" "$CHANNEL" "$DATA/texts" "$CALLS" "$DATA/conversations.json"; }
check "every one of the 50 texts is in Discord exactly once" verify exactly-once
check "each of the 10 conversations has exactly one thread" verify one-thread
check "each user's later texts are in their own thread" verify own-thread
check "each send open at a kill was repeated with its nonce and answered with the first message" verify nonce-repeated

echo "discord-crash: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
