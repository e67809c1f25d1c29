#!/usr/bin/env bash
# Telegram delivery of pushd against the fake Bot API (Tests/Fixtures/fake_telegram.py), release
# build, pacing off on both sides (the fake's 20 a minute, APPNORTH_TELEGRAM_PER_MINUTE=0):
#  - a bot in webhook mode on a forum group; CONVERSATIONS users write a first message each and
#    pushd opens their topics (not measured);
#  - pushd stopped (SIGSTOP), MESSAGES more user messages spread over the conversations are
#    accepted by chatd and wait in its outbox; pushd continued (SIGCONT): events delivered per
#    second, from the first to the last of them as the fake logs their arrival, and from the
#    continue to pushd's queue found empty (consuming the events from chatd included);
#  - the ceiling in the same run: as many sendMessage calls straight to the fake, one at a time
#    on one keep-alive connection (Python http.client), as pushd's one delivery thread sends;
#  - pushd's and the fake's CPU time per event while they went out;
#  - pushd's resident memory before and after, and its peak (VmHWM).
#   bench/telegram.sh [messages, default 2000] [conversations, default 50]
# APPNORTH_BENCH_BIN=dir runs the ingest, chatd and pushd found there instead (an earlier build, to compare).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
MESSAGES=${1:-2000}
CONVERSATIONS=${2:-50}
PER_USER=$((MESSAGES / CONVERSATIONS))
[ $((PER_USER * CONVERSATIONS)) -eq "$MESSAGES" ] || { echo "messages must be a multiple of conversations"; exit 1; }
. "$ROOT/bench/lib.sh"
command -v curl >/dev/null || { echo "needs curl"; exit 1; }
use_build ingest chatd pushd
make_workspace
HELPER=$ROOT/Tests/Integration/telegram_burst.py
TOKEN="an_bench$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')"
BOT_TOKEN=7000001:AAHb3nchT0kenForTheHubTelegramBench_x1
FORUM=-1001000000001
ADMIN_USER=111

mkfifo "$WORK/fake.in"
python3 "$ROOT/Tests/Fixtures/fake_telegram.py" --port 0 <"$WORK/fake.in" >"$WORK/fake.port" 2>"$WORK/fake.log" &
FAKE_PID=$!
exec {FAKE_FD}>"$WORK/fake.in"
for _ in $(seq 1 100); do [ -s "$WORK/fake.port" ] && break; sleep 0.1; done
FAKE=http://127.0.0.1:$(head -n 1 "$WORK/fake.port")
fake() { curl -sf -m 10 -X POST "$FAKE/__control/$1" -H 'Content-Type: application/json' -d "$2" >/dev/null; }
fake state "{\"bots\":[{\"token\":\"$BOT_TOKEN\",\"id\":7000001,\"username\":\"northhelp_bot\",\"firstName\":\"North Help\"}],
    \"chats\":[{\"id\":$FORUM,\"title\":\"Support team\",\"type\":\"supergroup\",\"isForum\":true,\"creator\":$ADMIN_USER,
    \"administrators\":[],\"members\":[],\"users\":{\"$ADMIN_USER\":{\"first_name\":\"Carmen\"}}}]}"
fake pacing '{"enabled":false}'

export APPNORTH_DATA_DIR=$WORK/data APPNORTH_HTTP_ADDR=127.0.0.1:$HUB_PORT APPNORTH_LOG_LEVEL=${APPNORTH_BENCH_LOG_LEVEL:-warn} \
    APPNORTH_ADMIN_TOKEN=$TOKEN APPNORTH_COMMUNITY_RATE_PER_MIN=100000000 APPNORTH_CHAT_RATE_PER_MIN=100000000 \
    APPNORTH_CHAT_READ_RATE_PER_MIN=100000000 \
    APPNORTH_CREDENTIALS_KEY=$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n') \
    APPNORTH_PUBLIC_URL=http://127.0.0.1:$HUB_PORT APPNORTH_TELEGRAM_API_URL=$FAKE APPNORTH_TELEGRAM_PER_MINUTE=0
"$BIN/chatd" 2>"$WORK/chatd.log" &
CHATD_PID=$!
"$BIN/pushd" 2>"$WORK/pushd.log" &
PUSHD_PID=$!
"$BIN/ingest" 2>"$WORK/ingest.log" &
HUB_PID=$!
trap 'kill -CONT $PUSHD_PID 2>/dev/null; kill $CHATD_PID $PUSHD_PID 2>/dev/null; exec {FAKE_FD}>&-; cleanup_workspace' EXIT
BASE=http://127.0.0.1:$HUB_PORT
wait_for "$BASE/version"
create_project '{"name":"Bench","allowedOrigins":["http://localhost"],"chatMode":"anyone"}'
PROJECT_ID=$(curl -sf "$BASE/api/admin/v1/projects" -H "Authorization: Bearer $TOKEN" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["items"][0]["id"])')
admin() { curl -sf -m 40 -X "$1" "$BASE/api/admin/v1/projects/$PROJECT_ID/integrations/telegram" -H "Authorization: Bearer $TOKEN" \
    -H 'Content-Type: application/json' ${2:+-d "$2"}; }
connection() { admin GET | python3 -c "import json,sys; print(json.load(sys.stdin).get('$1'))"; }
# pushd may still be starting: retry until it takes the bot.
for i in $(seq 1 50); do
    admin PUT "{\"botToken\":\"$BOT_TOKEN\",\"mode\":\"webhook\"}" >/dev/null && break
    [ "$i" = 50 ] && { echo "pushd did not connect the bot"; exit 1; }; sleep 0.2
done
fake my_chat_member "{\"token\":\"$BOT_TOKEN\",\"chatId\":$FORUM,\"status\":\"administrator\",\"fromId\":$ADMIN_USER}"
for _ in $(seq 1 100); do admin GET | grep -q "\"$FORUM\"" && break; sleep 0.1; done
[ "$(admin PATCH "{\"groupId\":\"$FORUM\"}" | python3 -c 'import json,sys; print(json.load(sys.stdin)["state"])')" = active ] ||
    { echo "the group was not chosen"; exit 1; }

drained() {  # drained TOPICS SENT: once the fake holds them and pushd's queue is empty (up to 5 minutes)
    python3 - "$FAKE" "$BASE/api/admin/v1/projects/$PROJECT_ID/integrations/telegram" "$TOKEN" "$1" "$2" <<'PY'
import json, sys, time, urllib.request
fake, connection, token, topics, sent = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
get = lambda url, headers={}: json.load(urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=30))
deadline = time.monotonic() + 300
while time.monotonic() < deadline:
    # The fake is asked only once pushd's queue is empty: reading its lists takes time it would
    # spend answering pushd.
    if get(connection, {"Authorization": "Bearer " + token})["pending"] == 0 and \
            len(get(fake + "/__control/topics")) >= topics and len(get(fake + "/__control/sent")) >= sent:
        sys.exit(0)
    time.sleep(0.05)
sys.exit("not delivered within 5 minutes")
PY
}

# The conversations and their topics, not measured.
python3 "$HELPER" burst "$BASE" "$APP_ID" "$CONVERSATIONS" 1 bench >"$WORK/first.txt"
drained "$CONVERSATIONS" "$CONVERSATIONS"
rss_kib() { awk "/^$1/ { print \$2 }" /proc/$PUSHD_PID/status; }
rss_before=$(rss_kib VmRSS)

# The measured messages wait in chatd's outbox while pushd is stopped.
kill -STOP $PUSHD_PID
python3 - "$BASE" "$APP_ID" "$CONVERSATIONS" "$PER_USER" <<'PY'
import http.client, json, sys, urllib.parse
base, app_id, users, per_user = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
url = urllib.parse.urlsplit(base)
connection = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
for n in range(per_user):
    for u in range(1, users + 1):
        query = urllib.parse.urlencode({"app_id": app_id, "voter_token": f"burstvoterbench{u:06d}"})
        connection.request("POST", "/api/v1/chat/messages?" + query, json.dumps({"body": f"Bench message {n} of user {u}"}),
                           {"Content-Type": "application/json"})
        answer = connection.getresponse()
        body = answer.read()
        if answer.status != 201:
            sys.exit(f"a message was answered {answer.status}: {body[:300]!r}")
PY
cpu() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
cpu_before=$(cpu $PUSHD_PID)
fake_before=$(cpu $FAKE_PID)
# APPNORTH_BENCH_PERF=file: a perf profile of pushd while the messages go out, its report in that file.
perf=""
if [ -n "${APPNORTH_BENCH_PERF:-}" ]; then perf record -F 999 -g -p $PUSHD_PID -o "$WORK/perf.data" 2>/dev/null & perf=$!; sleep 0.2; fi
start=$(date +%s.%N)
kill -CONT $PUSHD_PID
drained "$CONVERSATIONS" $((CONVERSATIONS + MESSAGES))
end=$(date +%s.%N)
if [ -n "$perf" ]; then
    kill -INT $perf; wait $perf 2>/dev/null || true
    perf report -i "$WORK/perf.data" --stdio --no-children --percent-limit 1.5 2>/dev/null >"$APPNORTH_BENCH_PERF" || true
fi
per_event() { python3 -c "print(round(($2 - $1) / $(getconf CLK_TCK) * 1e6 / $MESSAGES))"; }
pushd_cpu=$(per_event "$cpu_before" "$(cpu $PUSHD_PID)")
fake_cpu=$(per_event "$fake_before" "$(cpu $FAKE_PID)")
rss_after=$(rss_kib VmRSS)
peak=$(rss_kib VmHWM)
read -r first_to_last total < <(curl -sf "$FAKE/__control/sent" | python3 -c '
import json, sys
at = [s["at"] for s in json.load(sys.stdin) if s["text"].startswith("User: Bench message")]
print(round((len(at) - 1) / (max(at) - min(at))), len(at))')
drain=$(python3 -c "print(round($MESSAGES / ($end - $start)))")
topics=$(curl -sf "$FAKE/__control/topics" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))')
[ "$total" = "$MESSAGES" ] || echo "the fake holds $total of the $MESSAGES messages"

# The ceiling: the same number of sendMessage calls straight to the fake, into one of the topics.
THREAD=$(curl -sf "$FAKE/__control/topics" | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["threadId"])')
ceiling=$(python3 "$HELPER" direct "$FAKE" "$BOT_TOKEN" "$FORUM" "$THREAD" "$MESSAGES")

echo "$MESSAGES user messages over $CONVERSATIONS conversations ($topics topics), pacing off on both sides"
echo "pushd: $first_to_last events/s first to last send at the fake; $drain events/s from SIGCONT to an empty queue"
echo "CPU per event until the queue was empty: pushd $pushd_cpu µs, the fake $fake_cpu µs"
echo "ceiling: $ceiling sendMessage/s straight to the fake, one at a time on one keep-alive connection"
echo "ratio: $(python3 -c "print(round($first_to_last / $ceiling, 2))")x (first to last), $(python3 -c "print(round($drain / $ceiling, 2))")x (to an empty queue)"
echo "pushd RSS: $((rss_before / 1024)) MiB before the measured messages, $((rss_after / 1024)) MiB after, peak $((peak / 1024)) MiB (VmHWM)"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
