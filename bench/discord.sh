#!/usr/bin/env bash
# pushd's Discord synchronization (the discord-sync job) over 1,000 open threads against the fake
# Discord REST API (Tests/Fixtures/fake_discord.py), release build:
#  - the fake holds one server, one text channel and THREADS + THREADS/10 public threads started
#    from the bot's messages; every tenth of the last THREADS has one new message by a moderator
#    (Manage Messages), the first THREADS none;
#  - chatd runs as its own process; pushd runs inside `appnorth-bench discord-sync`, which seeds
#    pushd's Discord tables (installations on that channel, the threads in turn) and runs passes
#    back to back over pushd's RPC until every thread was read once (DiscordSyncBench.swift);
#  - four runs: one app holding every thread (a pass reads at most ten threads of an app, so the
#    sweep takes THREADS/10 passes) and THREADS/10 apps of ten threads (one pass reads them all),
#    each with nothing new and with 10% of the threads holding a reply that becomes a team reply
#    in chatd;
#  - per run: the first pass's wall time and Discord requests, the sweep's passes, time and
#    requests, and pushd's process RSS before, after and at its peak;
#  - the ceiling in the same run: THREADS history reads (GET /channels/{id}/messages?after=)
#    straight to the fake, one at a time on one keep-alive connection (Python http.client).
#   bench/discord.sh [threads, default 1000]
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
THREADS=${1:-1000}
[ $((THREADS % 10)) -eq 0 ] || { echo "threads must be a multiple of 10"; exit 1; }
. "$ROOT/bench/lib.sh"
for p in chatd appnorth-bench; do
    (cd "$ROOT" && swift build -c release --product $p 2>&1 | grep -E "error|omplete" | tail -n 3) || true
    [ -x "$ROOT/.build/release/$p" ] || { echo "release build of $p failed"; exit 1; }
done
make_workspace
APPLICATION=900000000000000001
BOT_TOKEN=Bot.Token.ForTheHubDiscordBench

mkfifo "$WORK/fake.in"
python3 "$ROOT/Tests/Fixtures/fake_discord.py" --port 0 <"$WORK/fake.in" >"$WORK/fake.port" 2>"$WORK/fake.log" &
FAKE_PID=$!
exec {FAKE_FD}>"$WORK/fake.in"
for _ in $(seq 1 100); do [ -s "$WORK/fake.port" ] && break; sleep 0.1; done
FAKE=http://127.0.0.1:$(head -n 1 "$WORK/fake.port")

# The server, its threads and the moderators' replies, not measured; writes the two thread lists.
python3 - "$FAKE" "$APPLICATION" "$BOT_TOKEN" "$THREADS" "$WORK" <<'PY'
import http.client, json, sys, urllib.parse
fake, application, bot_token, threads, work = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
url = urllib.parse.urlsplit(fake)
connection = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
def call(method, path, body=None, auth=False):
    headers = {"Content-Type": "application/json"}
    if auth:
        headers["Authorization"] = "Bot " + bot_token
    connection.request(method, path, json.dumps(body) if body is not None else None, headers)
    answer = connection.getresponse()
    data = answer.read()
    if answer.status >= 300:
        sys.exit(f"{method} {path}: {answer.status} {data[:300]!r}")
    return json.loads(data) if data else None
guild, channel, installer, moderator = "700000000000000001", "600000000000000001", "800000000000000001", "800000000000000002"
bot_role, mod_role = "700000000000000010", "700000000000000011"
# View Channel, Send Messages, Embed Links, Read Message History, Create Public Threads, Send Messages in Threads.
bot_permissions = (1 << 10) | (1 << 11) | (1 << 14) | (1 << 16) | (1 << 35) | (1 << 38)
call("POST", "/__control/state", {
    "application": {"id": application, "clientSecret": "secret", "botToken": bot_token, "messageContent": True},
    "users": [{"id": installer, "username": "ana"}, {"id": moderator, "username": "mo"}],
    "guilds": [{"id": guild, "name": "Support server", "ownerId": "800000000000000009",
                "roles": [{"id": guild, "name": "@everyone", "permissions": str((1 << 10) | (1 << 11) | (1 << 16))},
                          {"id": bot_role, "name": "AppNorth", "permissions": str(bot_permissions)},
                          {"id": mod_role, "name": "Moderators", "permissions": str(1 << 13)}],
                "members": [{"userId": application, "roles": [bot_role]}, {"userId": moderator, "roles": [mod_role]},
                            {"userId": installer, "roles": []}],
                "channels": [{"id": channel, "type": 0, "name": "support"}]}]})
total = threads + threads // 10
ids = []
for n in range(total):
    starter = call("POST", f"/api/v10/channels/{channel}/messages", {"content": f"Conversation {n}"}, auth=True)
    call("POST", f"/api/v10/channels/{channel}/messages/{starter['id']}/threads", {"name": f"Conversation {n}"}, auth=True)
    ids.append(starter["id"])
quiet, busy = ids[:threads], ids[threads:]
with open(f"{work}/quiet.txt", "w") as out:
    out.writelines(f"{t} 0\n" for t in quiet)
with open(f"{work}/replies.txt", "w") as out:
    for n in range(threads):
        if n % 10 == 0:
            thread = busy[n // 10]
            call("POST", "/__control/message", {"channelId": thread, "authorId": moderator, "content": f"Team reply {n}"})
            out.write(f"{thread} 1\n")
        else:
            out.write(f"{quiet[n]} 0\n")
PY

export APPNORTH_DATA_DIR=$WORK/data APPNORTH_LOG_LEVEL=${APPNORTH_BENCH_LOG_LEVEL:-warn} \
    APPNORTH_CREDENTIALS_KEY=$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n') \
    DISCORD_APPLICATION_ID=$APPLICATION DISCORD_PUBLIC_KEY=$(printf 'ab%.0s' $(seq 1 32)) DISCORD_BOT_TOKEN=$BOT_TOKEN \
    DISCORD_CLIENT_SECRET=secret APPNORTH_DISCORD_API_URL=$FAKE/api/v10 APPNORTH_DISCORD_SYNC_INTERVAL_S=0
"$ROOT/.build/release/chatd" 2>"$WORK/chatd.log" &
CHATD_PID=$!
trap 'kill $CHATD_PID 2>/dev/null; exec {FAKE_FD}>&-; cleanup_workspace' EXIT

echo "$THREADS open threads, one text channel, the fake Discord on one thread per connection"
for run in "1 quiet one app, nothing new" "1 replies one app, 10% with one new reply" \
    "$((THREADS / 10)) quiet $((THREADS / 10)) apps of 10 threads, nothing new" \
    "$((THREADS / 10)) replies $((THREADS / 10)) apps of 10 threads, 10% with one new reply"; do
    read -r apps list label <<<"$run"
    echo "== $label"
    "$ROOT/.build/release/appnorth-bench" discord-sync "$FAKE" "$apps" "$WORK/$list.txt" 2>>"$WORK/bench.log" ||
        { echo "the run failed:"; tail -n 20 "$WORK/bench.log"; exit 1; }
done

# The ceiling: the same history reads straight to the fake.
python3 - "$FAKE" "$BOT_TOKEN" "$WORK/quiet.txt" <<'PY'
import http.client, sys, time, urllib.parse
fake, bot_token, threads = sys.argv[1], sys.argv[2], [line.split()[0] for line in open(sys.argv[3])]
url = urllib.parse.urlsplit(fake)
connection = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
start = time.monotonic()
for thread in threads:
    connection.request("GET", f"/api/v10/channels/{thread}/messages?after={thread}&limit=100",
                       headers={"Authorization": "Bot " + bot_token})
    answer = connection.getresponse()
    answer.read()
    if answer.status != 200:
        sys.exit(f"history read answered {answer.status}")
elapsed = time.monotonic() - start
print(f"ceiling: {len(threads)} history reads straight to the fake on one keep-alive connection: {elapsed:.3f} s "
      f"({len(threads) / elapsed:.0f} requests/s)")
PY
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
