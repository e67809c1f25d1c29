#!/usr/bin/env bash
# APNs delivery throughput of pushd through one HTTP/2 connection, release build, all in one run:
#  - h2load sending the same POSTs (one connection, 500 streams) to nghttpd, a C HTTP/2 server
#    standing in for APNs (TLS, answers 200 with an empty body): the server's own ceiling;
#  - libcurl alone: a C curl_multi loop sending the same requests on one connection, 500
#    streams, driven as pushd drives libcurl, nothing else: the ceiling of a client built on
#    libcurl, as pushd is. A client that only sends sets each URL as text and libcurl parses
#    it on the sending thread; pushd parses it into libcurl's URL handle on its store thread,
#    as it reads the push (`HTTPStreamRequest`);
#  - the hub's client alone: `appnorth-bench multiplex`, the same POSTs through pushd's own
#    HTTPMultiplexClient, prepared beforehand and fed in batches as pushd feeds it, nothing else
#    (no queue): with the libcurl loop, it splits pushd's distance from the loop between the
#    client and the queue;
#  - pushd: one pass of the `push` job over N queued alerts to the same nghttpd — queue reads,
#    chatd's unread state, JWT, payloads, multiplexed sends, outcomes committed per batch;
#  - pushd's CPU time during the pass, and its peak resident memory (VmHWM).
# The four run in turn APPNORTH_BENCH_ROUNDS times (default 5), each round over N newly
# queued pushes, in the opposite order every other round; the summary gives the median of the
# rounds' rates and of their ratios (each ratio compares runs seconds apart).
# The queue is filled directly in pushd.sqlite (as N replies' fan-out would leave it), so the
# figure is the delivery path alone. Needs libcurl 8 (deploy/appnorth installs it): 7.88 resets
# every finished stream and nghttpd's rapid-reset guard then closes the connection every ~1,000.
# Devices: 20 register through the API, the rest are added to pushd.sqlite directly (one owner),
# each with its own random token, as a reply's fan-out to many devices leaves the queue.
#   bench/push.sh [pushes, default 100000] [batch, default 500 as in the hub] [devices, default 10000]
# APPNORTH_BENCH_BIN=dir runs the ingest, chatd and pushd found there instead (an earlier build, to compare).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PUSHES=${1:-100000}
BATCH=${2:-500}
TOKENS=${3:-10000}
REGISTERED=20
[ "$TOKENS" -ge $REGISTERED ] || { echo "devices must be at least $REGISTERED"; exit 1; }
. "$ROOT/bench/lib.sh"
for tool in nghttpd h2load sqlite3 openssl curl; do
    command -v $tool >/dev/null || { echo "needs $tool: apt-get install -y nghttp2-server nghttp2-client sqlite3 openssl curl"; exit 1; }
done
use_build ingest chatd pushd
[ -x "$ROOT/.build/release/appnorth-bench" ] || { echo "release build of appnorth-bench failed"; exit 1; }
make_workspace
APNS_PORT=$((HUB_PORT + 1))
TOKEN="an_bench$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')"

# The stand-in APNs: a self-signed certificate for 127.0.0.1, one empty file per device path.
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout "$WORK/apns.key" -out "$WORK/apns.pem" \
    -days 1 -subj /CN=localhost -addext "subjectAltName=IP:127.0.0.1,DNS:localhost" 2>/dev/null
openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$WORK/AuthKey.p8" 2>/dev/null
mkdir -p "$WORK/www/3/device"
DEVICES=()
for i in $(seq 1 $REGISTERED); do
    t=$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n'); DEVICES+=("$t"); : >"$WORK/www/3/device/$t"
done
# Like APNs, it allows STREAMS concurrent streams per connection (APNs: 500).
STREAMS=${APPNORTH_BENCH_STREAMS:-500}
${APPNORTH_BENCH_FAKE_CPU:+taskset -c $APPNORTH_BENCH_FAKE_CPU} nghttpd -m "$STREAMS" -d "$WORK/www" "$APNS_PORT" "$WORK/apns.key" "$WORK/apns.pem" >"$WORK/nghttpd.log" 2>&1 &
APNS_PID=$!

export APPNORTH_DATA_DIR=$WORK/data APPNORTH_HTTP_ADDR=127.0.0.1:$HUB_PORT APPNORTH_LOG_LEVEL=${APPNORTH_BENCH_LOG_LEVEL:-warn} \
    APPNORTH_ADMIN_TOKEN=$TOKEN APPNORTH_CHAT_RATE_PER_MIN=100000000 APPNORTH_CHAT_READ_RATE_PER_MIN=100000000 \
    APPNORTH_CREDENTIALS_KEY=$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n') \
    APPNORTH_APNS_URL_SANDBOX=https://127.0.0.1:$APNS_PORT APPNORTH_APNS_URL_PRODUCTION=https://127.0.0.1:$APNS_PORT \
    APPNORTH_TLS_CA_FILE=$WORK/apns.pem APPNORTH_PUSH_INTERVAL_S=0 APPNORTH_PUSH_BATCH=$BATCH APPNORTH_RPC_TIMEOUT_MS=10000
"$BIN/chatd" 2>"$WORK/chatd.log" &
CHATD_PID=$!
${APPNORTH_BENCH_PUSHD_WRAPPER:-} "$BIN/pushd" 2>"$WORK/pushd.log" &
PUSHD_PID=$!
"$BIN/ingest" 2>"$WORK/ingest.log" &
HUB_PID=$!
trap 'kill $CHATD_PID $PUSHD_PID $APNS_PID 2>/dev/null; cleanup_workspace' EXIT
BASE=http://127.0.0.1:$HUB_PORT
wait_for "$BASE/version"
create_project '{"name":"Bench","allowedOrigins":["http://localhost"],"chatMode":"anyone"}'
PROJECT_ID=$(curl -sf "$BASE/api/admin/v1/projects" -H "Authorization: Bearer $TOKEN" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["items"][0]["id"])')
ADMIN=(-H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json')
python3 - "$WORK/AuthKey.p8" >"$WORK/credentials.json" <<'PY'
import json, sys
print(json.dumps({"keyId": "BENCHKEY01", "teamId": "BENCHTEAM1", "bundleId": "com.example.bench",
                  "environment": "production", "privateKey": open(sys.argv[1]).read()}))
PY
# pushd may still be starting (under a profiler it takes seconds): retry until it answers.
for i in $(seq 1 150); do
    curl -sf -o /dev/null -X PUT "$BASE/api/admin/v1/projects/$PROJECT_ID/push-credentials" "${ADMIN[@]}" -d @"$WORK/credentials.json" && break
    [ "$i" = 150 ] && { echo "pushd did not take the credentials"; exit 1; }; sleep 0.2
done
Q="app_id=$APP_ID&voter_token=benchvoter0123456789"
for t in "${DEVICES[@]}"; do
    curl -sf -X POST "$BASE/api/v1/push/devices?$Q" -H 'Content-Type: application/json' -d "{\"token\":\"$t\",\"environment\":\"production\"}"
done
sqlite3 "$WORK/data/pushd.sqlite" >/dev/null <<SQL
PRAGMA busy_timeout = 10000;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $((TOKENS - REGISTERED)))
INSERT INTO push_devices (project_id, environment, token, owner_kind, owner_value, registered_at, registered_ms)
SELECT d.project_id, d.environment, lower(hex(randomblob(32))), d.owner_kind, d.owner_value, d.registered_at, d.registered_ms
FROM n, (SELECT * FROM push_devices LIMIT 1) d WHERE $TOKENS > $REGISTERED;
SQL
(cd "$WORK/www/3/device" && sqlite3 "$WORK/data/pushd.sqlite" "SELECT token FROM push_devices" | xargs touch)
# One real reply, so the owner has unread state and every push is a full alert.
curl -sf -o /dev/null -X POST "$BASE/api/v1/chat/messages?$Q" -H 'Content-Type: application/json' -d '{"body":"Hello"}'
CONVERSATION=$(curl -sf "$BASE/api/admin/v1/projects/$PROJECT_ID/conversations" "${ADMIN[@]}" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["items"][0]["id"])')
curl -sf -o /dev/null -X POST "$BASE/api/admin/v1/conversations/$CONVERSATION/messages" "${ADMIN[@]}" -d '{"body":"Reply"}'
for _ in $(seq 1 300); do
    [ "$(sqlite3 "$WORK/data/pushd.sqlite" "SELECT COUNT(*) FROM push_queue")" = "$TOKENS" ] && break; sleep 0.1
done
curl -sf -o /dev/null -X POST "$BASE/api/admin/v1/jobs/push/run" "${ADMIN[@]}"

# N more alerts for the same owner, spread over the devices (queued again for every round).
queue_pushes() {
sqlite3 "$WORK/data/pushd.sqlite" >/dev/null <<SQL
PRAGMA busy_timeout = 10000;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $PUSHES),
d AS (SELECT token, owner_kind, owner_value, row_number() OVER (ORDER BY random()) - 1 AS k FROM push_devices)
INSERT INTO push_queue (event_id, project_id, environment, token, owner_kind, owner_value, kind, apns_id, status,
                        next_attempt_ms, created_at, created_ms)
SELECT 'bench-$1-' || i, '$PROJECT_ID', 'production', d.token, d.owner_kind, d.owner_value, 'alert', lower(hex(randomblob(16))),
       'pending', 0, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
FROM n JOIN d ON d.k = i % $TOKENS;
SQL
}

# The request shape pushd sends: a provider token as long as pushd's, topic, push type,
# expiration, content type, a fresh apns-id per request; no Accept or User-Agent.
printf '%s' '{"aps":{"alert":{"title":"New reply","body":"You have a new reply in chat."},"badge":1,"sound":"default"},"appnorth":{"type":"chat","appId":"'"$APP_ID"'","url":"appnorth://appnorth/chat/current"}}' >"$WORK/payload.json"
JWT=$(python3 -c 'import base64, json, os
b = lambda d: base64.urlsafe_b64encode(d).rstrip(b"=").decode()
print(".".join([b(json.dumps({"alg": "ES256", "kid": "BENCHKEY01"}).encode()), b(json.dumps({"iss": "BENCHTEAM1", "iat": 1764486400}).encode()), b(os.urandom(64))]))')
EXPIRATION=$(( $(date +%s) + 86400 ))
# Every client sends to the same devices in random order, as pushd's queue does: HPACK cannot
# index a path it has not seen, so 20 paths in turn would flatter the ceilings.
sqlite3 "$WORK/data/pushd.sqlite" "SELECT token FROM push_devices ORDER BY random()" >"$WORK/devices.txt"
sed "s|^|https://127.0.0.1:$APNS_PORT/3/device/|" "$WORK/devices.txt" >"$WORK/uris.txt"

cpu() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
# CPU time of a process per request, in µs, from two readings of cpu (clock ticks).
per_request() { python3 -c "print(round(($2 - $1) / $(getconf CLK_TCK) * 1e6 / $3))"; }

# The ceiling: h2load, one connection, the same window, a client that only sends.
run_h2load() {
server_before=$(cpu $APNS_PID)
ceiling=$(h2load -n "$PUSHES" -c 1 -m "$STREAMS" -d "$WORK/payload.json" -H 'apns-topic: com.example.bench' -H 'apns-push-type: alert' \
    -H "apns-expiration: $EXPIRATION" -H 'content-type: application/json' -H "apns-id: $(cat /proc/sys/kernel/random/uuid)" -H "authorization: bearer $JWT" \
    -i "$WORK/uris.txt" 2>&1 |
    awk '/finished in/ { gsub(",", "", $4); printf "%.0f", $4 }')
server_h2load=$(per_request "$server_before" "$(cpu $APNS_PID)" "$PUSHES")
}

# libcurl alone: the same POSTs through curl_multi (one multiplexed connection, the same window,
# handles reused, the shared headers in one list, rounds of a third of the window corked into full
# segments, as pushd drives it; no queue, no JSON, no SQLite): the most any libcurl client
# sends here, measured in the same run.
cat >"$WORK/curl_multi.c" <<'C'
#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
/* As pushd drives libcurl: the connection's socket corked while a round is written. */
static int sock = -1;
static int opened(void *u, curl_socket_t s, curlsocktype p) { (void)u; (void)p; sock = s; return CURL_SOCKOPT_OK; }
static void cork(int on) { if (sock >= 0) setsockopt(sock, IPPROTO_TCP, TCP_CORK, &on, sizeof on); }
static size_t sink(char *p, size_t s, size_t n, void *u) { (void)p; (void)u; return s * n; }
int main(int argc, char **argv) {
    int total = atoi(argv[3]), active = 0, started = 0, done = 0, pooled = 0, left, running, failed = 0, devices = 0;
    int window = atoi(argv[8]), round_size = (window + 2) / 3;
    CURL **pool = malloc(sizeof *pool * window); CURLMsg *msg; struct timespec a, b; struct curl_slist *h = NULL;
    static char body[4096], line[1024], url[512]; char (*device)[80] = malloc(sizeof *device * 1000000);
    FILE *f = fopen(argv[4], "rb"); body[fread(body, 1, sizeof body - 1, f)] = 0; fclose(f);
    f = fopen(argv[5], "r"); while (devices < 1000000 && fscanf(f, "%79s", device[devices]) == 1) devices++; fclose(f);
    curl_global_init(CURL_GLOBAL_ALL);
    CURLM *m = curl_multi_init();
    curl_multi_setopt(m, CURLMOPT_PIPELINING, CURLPIPE_MULTIPLEX);
    curl_multi_setopt(m, CURLMOPT_MAX_HOST_CONNECTIONS, 1L); curl_multi_setopt(m, CURLMOPT_MAX_CONCURRENT_STREAMS, (long)window);
    snprintf(line, sizeof line, "authorization: bearer %s", argv[6]); h = curl_slist_append(h, line);
    h = curl_slist_append(h, "apns-topic: com.example.bench"); h = curl_slist_append(h, "apns-push-type: alert");
    snprintf(line, sizeof line, "apns-expiration: %s", argv[7]); h = curl_slist_append(h, line);
    h = curl_slist_append(h, "content-type: application/json");
    h = curl_slist_append(h, "Accept:"); h = curl_slist_append(h, "User-Agent:"); h = curl_slist_append(h, "Expect:");
    srand(time(NULL));
    clock_gettime(CLOCK_MONOTONIC, &a);
    while (done < total) {
        /* Rounds of a third of the window; a freed slot is refilled before waiting on the socket. */
        for (int round = 0; round < round_size && active < window && started < total; round++) {
            CURL *e = pooled ? pool[--pooled] : curl_easy_init();
            snprintf(url, sizeof url, "%s/3/device/%s", argv[1], device[started % devices]);
            curl_easy_setopt(e, CURLOPT_URL, url); curl_easy_setopt(e, CURLOPT_CAINFO, argv[2]);
            curl_easy_setopt(e, CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_2TLS); curl_easy_setopt(e, CURLOPT_PIPEWAIT, 1L);
            curl_easy_setopt(e, CURLOPT_POSTFIELDS, body); curl_easy_setopt(e, CURLOPT_WRITEFUNCTION, sink);
            curl_easy_setopt(e, CURLOPT_NOSIGNAL, 1L);
            curl_easy_setopt(e, CURLOPT_SOCKOPTFUNCTION, opened);
            snprintf(line, sizeof line, "apns-id: %08x-%04x-4%03x-8%03x-%012x", rand(), rand() & 0xffff, rand() & 0xfff, rand() & 0xfff, started);
            struct curl_slist *id = curl_slist_append(NULL, line); id->next = h;
            curl_easy_setopt(e, CURLOPT_HTTPHEADER, id); curl_easy_setopt(e, CURLOPT_PRIVATE, id);
            curl_multi_add_handle(m, e); active++; started++;
        }
        cork(1); curl_multi_perform(m, &running); cork(0);
        while ((msg = curl_multi_info_read(m, &left))) {
            long status = 0; struct curl_slist *id;
            if (msg->msg != CURLMSG_DONE) continue;
            curl_easy_getinfo(msg->easy_handle, CURLINFO_RESPONSE_CODE, &status);
            if (msg->data.result != CURLE_OK || status != 200) failed++;
            curl_easy_getinfo(msg->easy_handle, CURLINFO_PRIVATE, (char **)&id); id->next = NULL; curl_slist_free_all(id);
            curl_multi_remove_handle(m, msg->easy_handle); pool[pooled++] = msg->easy_handle; active--; done++;
        }
        if (active && (active == window || started == total)) curl_multi_poll(m, NULL, 0, 100, NULL);
    }
    clock_gettime(CLOCK_MONOTONIC, &b);
    printf("%.0f %d\n", total / ((b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9), failed);
    return 0;
}
C
libcurl_rate=n/a; libcurl_failed=n/a; libcurl_cpu=n/a; server_libcurl=n/a
cc -O2 "$WORK/curl_multi.c" -o "$WORK/curl_multi" -lcurl 2>/dev/null || echo "the libcurl loop did not compile: its column is n/a"
run_libcurl() {
    [ -x "$WORK/curl_multi" ] || return 0
    # Its CPU time (user + system) is measured too, as the per-request floor of a libcurl client.
    TIMEFORMAT='%U %S'
    server_before=$(cpu $APNS_PID)
    { time "$WORK/curl_multi" "https://127.0.0.1:$APNS_PORT" "$WORK/apns.pem" "$PUSHES" "$WORK/payload.json" \
        "$WORK/devices.txt" "$JWT" "$EXPIRATION" "$STREAMS" >"$WORK/curl_multi.out"; } 2>"$WORK/curl_multi.time"
    read -r libcurl_rate libcurl_failed <"$WORK/curl_multi.out"
    server_libcurl=$(per_request "$server_before" "$(cpu $APNS_PID)" "$PUSHES")
    libcurl_cpu=$(awk -v n="$PUSHES" '{ printf "%.0f", ($1 + $2) * 1e6 / n }' "$WORK/curl_multi.time")
}

# The hub's client alone: pushd's HTTPMultiplexClient with the same requests, prepared beforehand
# (HTTPStreamRequest) as pushd's store thread prepares them.
client_rate=n/a; client_cpu=n/a
run_client() {
    TIMEFORMAT='%U %S'
    { time "$ROOT/.build/release/appnorth-bench" multiplex "https://127.0.0.1:$APNS_PORT" "$WORK/apns.pem" "$PUSHES" \
        "$WORK/payload.json" "$WORK/devices.txt" "$JWT" "$EXPIRATION" "$STREAMS" "$BATCH" >"$WORK/client.out"; } 2>"$WORK/client.time"
    read -r client_rate client_failed <"$WORK/client.out"
    # CPU per request includes building the requests before the clock starts.
    client_cpu=$(awk -v n="$PUSHES" '{ printf "%.0f", ($1 + $2) * 1e6 / n }' "$WORK/client.time")
}

# pushd's resident memory: now, and its peak so far (the kernel's high-water mark, VmHWM, exact
# without sampling, which would take CPU from the runs being measured).
rss_before=$(awk '/^VmRSS/ { print $2 }' /proc/$PUSHD_PID/status)
peak_kib() { awk '/^VmHWM/ { print $2 }' /proc/$PUSHD_PID/status; }

# One pass of the push job over the queued pushes; sets rate, pushd_cpu, server_pushd.
run_pushd() {
    # APPNORTH_BENCH_PERF=file: a perf profile of pushd during the first pass, its report written to that file.
    local perf=""
    [ -n "${APPNORTH_BENCH_PERF:-}" ] && [ "$1" = 1 ] && { perf record -F 999 -g -p $PUSHD_PID -o "$WORK/perf.data" 2>/dev/null & perf=$!; sleep 0.2; }
    local cpu_before server_before start end processed
    cpu_before=$(cpu $PUSHD_PID)
    server_before=$(cpu $APNS_PID)
    local answer
    start=$(date +%s.%N)
    answer=$(curl -sf -X POST "$BASE/api/admin/v1/jobs/push/run" "${ADMIN[@]}")
    end=$(date +%s.%N)
    # Parsed after the clock stops: a Python start-up is not part of the pass.
    processed=$(python3 -c 'import json,sys; print(json.load(sys.stdin)["processed"])' <<<"$answer")
    pushd_cpu=$(per_request "$cpu_before" "$(cpu $PUSHD_PID)" "$processed")
    server_pushd=$(per_request "$server_before" "$(cpu $APNS_PID)" "$processed")
    rate=$(python3 -c "print(round($processed / ($end - $start)))")
    [ "$processed" = "$PUSHES" ] || echo "pass $1 attempted $processed pushes, not $PUSHES"
    if [ -n "$perf" ]; then
        kill -INT $perf; wait $perf 2>/dev/null || true
        cp "$WORK/perf.data" "$APPNORTH_BENCH_PERF.data"; perf report -i "$WORK/perf.data" --stdio --no-children --percent-limit 1.5 2>/dev/null >"$APPNORTH_BENCH_PERF" || true
    fi
}

# The four in turn, ROUNDS times: this machine's speed drifts by up to 2x within a minute, so
# each ratio compares runs seconds apart (pushd and the libcurl loop back to back), every other
# round runs them in the opposite order (a drift then favours each side in turn), and the
# summary takes medians.
ROUNDS=${APPNORTH_BENCH_ROUNDS:-5}
echo "round | h2load req/s (nghttpd µs/req) | libcurl alone req/s (CPU µs/req, nghttpd µs/req) | hub client alone req/s (CPU µs/req) | pushd pushes/s (CPU µs/push, nghttpd µs/push) | pushd/h2load | pushd/libcurl | pushd/hub client | pushd RSS peak so far"
: >"$WORK/rounds"
for round in $(seq 1 "$ROUNDS"); do
    queue_pushes "$round"
    # pushd runs next to the libcurl loop, the ceiling its target is judged against.
    if [ $((round % 2)) = 1 ]; then run_h2load; run_client; run_libcurl; run_pushd "$round"
    else run_pushd "$round"; run_libcurl; run_client; run_h2load; fi
    vs_ceiling=$(python3 -c "print(round($rate / $ceiling, 2))")
    vs_libcurl=$(python3 -c "print(round($rate / float('$libcurl_rate'), 2) if '$libcurl_rate' != 'n/a' else 'n/a')")
    vs_client=$(python3 -c "print(round($rate / $client_rate, 2))")
    echo "$round | $ceiling ($server_h2load) | $libcurl_rate ($libcurl_cpu, $server_libcurl; $libcurl_failed failed) | $client_rate ($client_cpu; $client_failed failed) | $rate ($pushd_cpu, $server_pushd) | ${vs_ceiling}x | ${vs_libcurl}x | ${vs_client}x | $(( $(peak_kib) / 1024 )) MiB"
    echo "$ceiling $libcurl_rate $rate $vs_ceiling $vs_libcurl $client_rate $vs_client" >>"$WORK/rounds"
done
python3 - "$WORK/rounds" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
def median(k):
    values = [r[k] for r in rows]
    return "n/a" if "n/a" in values else round(statistics.median(float(v) for v in values), 2 if k in (3, 4, 6) else None)
unit = lambda v, u: v if v == "n/a" else f"{v}{u}"
print(f"median of {len(rows)} rounds: h2load {unit(median(0), '/s')}, libcurl alone {unit(median(1), '/s')}, "
      f"hub client alone {unit(median(5), '/s')}, pushd {unit(median(2), '/s')}; median of the rounds' ratios: "
      f"pushd/h2load {unit(median(3), 'x')}, pushd/libcurl {unit(median(4), 'x')}, pushd/hub client {unit(median(6), 'x')}")
verdict = lambda ok: "n/a" if ok is None else ("met" if ok else "not met")
print(f"targets (medians): >= 10,000 pushes/s {verdict(median(2) >= 10000)}; "
      f">= 0.8x h2load {verdict(median(3) >= 0.8)}; "
      f">= 0.8x libcurl alone {verdict(None if median(4) == 'n/a' else median(4) >= 0.8)}")
PY
echo "load average during the run: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "pushd RSS: $((rss_before / 1024)) MiB before the passes, peak $(( $(peak_kib) / 1024 )) MiB (VmHWM) by the end"
sqlite3 "$WORK/data/pushd.sqlite" "SELECT status, last_reason, COUNT(*) FROM push_queue GROUP BY 1, 2"
