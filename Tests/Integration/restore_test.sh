#!/usr/bin/env bash
# Backups as an operator trusts them: every daemon's store filled through the API (ideas, a
# report, a conversation with messages, a push device and APNs settings, a market snapshot,
# tracked keywords), backed up, the data directory wiped, restored, and the same answers from
# the API; a backup with one byte flipped refused by restore and --verify with the file
# named, the current stores untouched; restore refused while the hub runs; scheduled backups
# keeping exactly APPNORTH_BACKUP_KEEP verified copies; up backing up before it migrates a
# store that is behind, and not otherwise. Uses the binaries of APPNORTH_BUILD_CONFIG.
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
APPNORTH=$ROOT/deploy/appnorth
PY=${APPNORTH_TEST_PYTHON:-$ROOT/.venv/bin/python}
DATA=$(mktemp -d /tmp/appnorth-restore-XXXXXX)
WORK=$DATA.work
mkdir -p "$WORK"
PORT=$((20000 + RANDOM % 20000))
TOKEN="an_restore$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')"
export APPNORTH_DATA_DIR=$DATA APPNORTH_HTTP_ADDR=127.0.0.1:$PORT APPNORTH_SKIP_BUILD=1 APPNORTH_ADMIN_TOKEN=$TOKEN
export APPNORTH_BUILD_CONFIG=${APPNORTH_BUILD_CONFIG:-debug}
export APPNORTH_MARKET_STOREFRONTS=us APPNORTH_MARKET_CHARTS=topfreeapplications APPNORTH_MARKET_CHART_LIMIT=10 \
    APPNORTH_MARKET_MIN_GAP_MS=0 APPNORTH_MARKET_INTERVAL_S=0 APPNORTH_LOG_CHECK_S=1
unset APPNORTH_CREDENTIALS_KEY APPNORTH_BACKUP_INTERVAL_S APPNORTH_BACKUP_KEEP
BASE=http://127.0.0.1:$PORT
FAKES_IN=$WORK/fakes.in
mkfifo "$FAKES_IN"
"$PY" "$ROOT/Tests/Fixtures/fake_itunes_feed.py" --port 0 <"$FAKES_IN" >"$WORK/feed.port" &
exec {FAKES_FD}>"$FAKES_IN"
for _ in $(seq 1 100); do [ -s "$WORK/feed.port" ] && break; sleep 0.1; done
export APPNORTH_ITUNES_URL=http://127.0.0.1:$(head -n 1 "$WORK/feed.port")
passed=0 failed=0

check() {  # check NAME COMMAND...
    local name=$1; shift
    if "$@"; then passed=$((passed + 1)); echo "ok   - $name"; else failed=$((failed + 1)); echo "FAIL - $name"; fi
}
cleanup() {
    "$APPNORTH" down >/dev/null 2>&1
    exec {FAKES_FD}>&-
    [ "$failed" -gt 0 ] && [ -d "$DATA/log" ] && tail -n 5 "$DATA"/log/*.log
    rm -rf "$DATA" "$WORK"
}
trap cleanup EXIT

admin() { curl -s -X "$1" "$BASE/api/admin/v1$2" -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' ${3:+-d "$3"}; }
public() { curl -s -X "$1" "$BASE/api/v1$2" -H 'Origin: http://localhost' -H 'Content-Type: application/json' ${3:+-d "$3"}; }
field() { "$PY" -c "import json,sys; print($1)"; }
# The daemons write JSON keys in no fixed order: answers are compared with keys sorted.
sorted_json() { "$PY" -c 'import json,sys; print(json.dumps(json.load(sys.stdin), sort_keys=True))'; }
up() { "$APPNORTH" up >/dev/null 2>"$WORK/up.err" || { cat "$WORK/up.err"; return 1; }; }
down() { "$APPNORTH" down >/dev/null 2>&1; }
store_sums() { (cd "$DATA" && sha256sum ./*.sqlite); }
# Polls until COMMAND succeeds or SECONDS pass.
eventually() {  # eventually SECONDS COMMAND...
    local deadline=$(($(date +%s) + $1)); shift
    until "$@"; do [ "$(date +%s)" -lt "$deadline" ] || return 1; sleep 0.2; done
}

# Given a hub filled through the API
check "up on a fresh data dir" up
PROJECT=$(admin POST /projects '{"name":"Notes","allowedOrigins":["http://localhost"],"chatMode":"anyone"}')
PROJECT_ID=$(echo "$PROJECT" | field 'json.load(sys.stdin)["id"]')
APP_ID=$(echo "$PROJECT" | field 'json.load(sys.stdin)["appId"]')
VOTER=restorevoter0123456789
for i in 1 2; do
    public POST "/ideas?app_id=$APP_ID&voter_token=$VOTER" "{\"board\":\"ideas\",\"title\":\"Restored idea number $i\",\"description\":\"seed\"}" >/dev/null
done
public POST "/feedback?app_id=$APP_ID&voter_token=$VOTER" \
    '{"type":"problem","message":"The restored report","pageURL":"http://localhost/app","viewport":{"width":390,"height":844}}' >/dev/null
public POST "/chat/messages?app_id=$APP_ID&voter_token=$VOTER" '{"body":"Hello from before the backup"}' >/dev/null
CONVERSATION=$(admin GET "/projects/$PROJECT_ID/conversations" | field 'json.load(sys.stdin)["items"][0]["id"]')
admin POST "/conversations/$CONVERSATION/messages" '{"body":"A team reply"}' >/dev/null
public POST "/push/devices?app_id=$APP_ID&voter_token=$VOTER" '{"token":"0a1b2c3d4e5f","environment":"sandbox"}' >/dev/null
P8=$(openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 2>/dev/null | "$PY" -c 'import json,sys; print(json.dumps(sys.stdin.read()))')
admin PUT "/projects/$PROJECT_ID/push-credentials" \
    "{\"keyId\":\"ABCDE12345\",\"teamId\":\"TEAM123456\",\"bundleId\":\"com.example.notes\",\"environment\":\"sandbox\",\"privateKey\":$P8}" >/dev/null
admin POST /jobs/market-charts/run >/dev/null
ADAM_ID=$(admin GET '/market/trending?limit=1' | field 'json.load(sys.stdin)["items"][0]["adamId"]')
admin PATCH "/projects/$PROJECT_ID" "{\"appStoreId\":\"$ADAM_ID\"}" >/dev/null
admin POST "/projects/$PROJECT_ID/aso/keywords" '{"country":"us","terms":["notes","journal"]}' >/dev/null

# The answers compared before and after; push devices have no read route, so their rows are.
answers() {
    admin GET "/projects/$PROJECT_ID/ideas" | sorted_json
    public GET "/ideas?app_id=$APP_ID&voter_token=$VOTER" | sorted_json
    admin GET "/projects/$PROJECT_ID/feedback" | sorted_json
    admin GET "/projects/$PROJECT_ID/conversations" | sorted_json
    admin GET "/conversations/$CONVERSATION/messages" | sorted_json
    public GET "/chat/messages?app_id=$APP_ID&voter_token=$VOTER" | sorted_json
    admin GET "/projects/$PROJECT_ID/push-credentials" | sorted_json
    sqlite3 "$DATA/pushd.sqlite" "SELECT project_id, environment, token FROM push_devices ORDER BY token"
    admin GET '/market/trending?limit=10' | sorted_json
    admin GET "/projects/$PROJECT_ID/aso/keywords" | sorted_json
}
answers >/dev/null   # the team's first read marks the conversation read; compared from then on
answers >"$WORK/before.txt"
filled() {
    local f=$WORK/before.txt
    grep -q 'Restored idea number 2' "$f" && grep -q 'The restored report' "$f" && grep -q 'Hello from before the backup' "$f" &&
        grep -q 'A team reply' "$f" && grep -q '0a1b2c3d4e5f' "$f" && grep -q 'ABCDE12345' "$f" && grep -q '"adamId"' "$f" &&
        grep -q '"journal"' "$f" && ! grep -q '"error"' "$f" || { echo "  not every store was filled:"; head -c 3000 "$f"; return 1; }
}
check "every daemon's store holds what the API was given" filled
check "up leaves no pre-upgrade backup when no store is behind" bash -c "! ls -d '$DATA'/backup/pre-upgrade-* 2>/dev/null"
check "no scheduled backup while APPNORTH_BACKUP_INTERVAL_S is unset" bash -c "! ls -d '$DATA'/backup/scheduled-* 2>/dev/null"

# When it is backed up, and a copy of the keyring kept apart (it is never in a backup)
backed_up() {
    "$APPNORTH" backup "$WORK/backup" >/dev/null 2>&1 || return 1
    [ -f "$WORK/backup/manifest.json" ] || { echo "  no manifest"; return 1; }
    cp "$DATA/keys/credentials.key" "$WORK/credentials.key"
    ! grep -q "$(cut -d: -f2 "$WORK/credentials.key")" "$WORK/backup/manifest.json" || { echo "  the manifest holds the key"; return 1; }
}
check "backup writes the five stores and a manifest without the key" backed_up
check "backup --verify accepts the untouched backup" "$APPNORTH" backup --verify "$WORK/backup"

refused_while_running() {
    local out
    out=$("$APPNORTH" restore "$WORK/backup" 2>&1) && { echo "  restore ran while the hub was up"; return 1; }
    echo "$out" | grep -q "the hub is running" || { echo "  $out"; return 1; }
}
check "restore is refused while the hub runs" refused_while_running

# Then wiped and restored, the API answers as before
down
rm -rf "${DATA:?}"/*
restored_without_key() {
    "$APPNORTH" restore "$WORK/backup" >"$WORK/restore.out" 2>&1 || { cat "$WORK/restore.out"; return 1; }
    local id; id=$("$PY" -c 'import json,sys; print(json.load(open(sys.argv[1]))["keyring"][0])' "$WORK/backup/manifest.json")
    grep -q '"keyring":"cannot open"' "$WORK/restore.out" && grep -q "it needs key $id" "$WORK/restore.out" ||
        { echo "  no clear word about the missing key $id:"; cat "$WORK/restore.out"; return 1; }
    grep -q "restored the five stores" "$WORK/restore.out"
}
check "restore on a wiped data dir names the key the backup needs and says the present one cannot open it" restored_without_key
key_back() {
    mkdir -p "$DATA/keys" && cp "$WORK/credentials.key" "$DATA/keys/credentials.key"
    local out; out=$("$APPNORTH" backup --verify "$WORK/backup" 2>&1)
    echo "$out" | grep -q '"keyring":"ok"' || { echo "$out" | sed 's/^/  /'; ls -la "$DATA/keys"; return 1; }
}
check "with the kept keyring back, --verify says the key opens the backup" key_back
check "up after restore" up
same_answers() {
    answers >"$WORK/after.txt"
    diff "$WORK/before.txt" "$WORK/after.txt" >"$WORK/answers.diff" || { head -n 20 "$WORK/answers.diff"; return 1; }
}
check "the API gives the same answers after the restore" same_answers

# A backup with one byte flipped in one store is refused, naming the file, and changes nothing.
cp -r "$WORK/backup" "$WORK/flipped"
size=$(stat -c %s "$WORK/flipped/chatd.sqlite")
byte=$(od -An -tu1 -j $((size / 2)) -N 1 "$WORK/flipped/chatd.sqlite" | tr -d ' ')
printf "\\$(printf '%03o' $((byte ^ 1)))" | dd of="$WORK/flipped/chatd.sqlite" bs=1 seek=$((size / 2)) conv=notrunc 2>/dev/null
verify_names_file() {
    local out
    out=$("$APPNORTH" backup --verify "$WORK/flipped" 2>&1) && { echo "  --verify accepted it"; return 1; }
    echo "$out" | grep -q "BACKUP_CHECKSUM_MISMATCH.*flipped/chatd.sqlite" || { echo "  $out"; return 1; }
    ! echo "$out" | grep -q "MISMATCH.*pushd.sqlite"
}
check "backup --verify refuses the flipped byte, naming chatd.sqlite alone" verify_names_file
down
store_sums >"$WORK/sums.before"
ls -d "$DATA"/pre-restore-* >"$WORK/aside.before"
restore_refuses_flipped() {
    local out
    out=$("$APPNORTH" restore "$WORK/flipped" 2>&1) && { echo "  restore accepted it"; return 1; }
    echo "$out" | grep -q "flipped/chatd.sqlite" && echo "$out" | grep -q "restore refused" || { echo "  $out"; return 1; }
}
check "restore refuses the flipped byte, naming the file" restore_refuses_flipped
untouched() {
    store_sums | diff "$WORK/sums.before" - && ls -d "$DATA"/pre-restore-* | diff "$WORK/aside.before" -
}
check "the current stores are untouched and nothing was moved aside" untouched

# Scheduled backups: every 2 s, 2 kept, each verified before an older one goes.
export APPNORTH_BACKUP_INTERVAL_S=2 APPNORTH_BACKUP_KEEP=2
check "up with scheduled backups" up
verified_count() { grep -c '"msg":"scheduled backup verified"' "$DATA/log/supervisor.log" 2>/dev/null; }
at_least_four_taken() { [ "$(verified_count)" -ge 4 ]; }
check "four scheduled backups taken and verified" eventually 90 at_least_four_taken
keeps_exactly_two() {
    down   # nothing taken while counting
    local dirs; dirs=$(ls -d "$DATA"/backup/scheduled-* 2>/dev/null)
    [ "$(echo "$dirs" | grep -c .)" -eq 2 ] || { echo "  kept: $dirs"; return 1; }
    local d
    for d in $dirs; do "$APPNORTH" backup --verify "$d" >/dev/null 2>&1 || { echo "  $d does not verify"; return 1; }; done
    ! ls -d "$DATA"/backup/.scheduled-* 2>/dev/null
}
check "exactly APPNORTH_BACKUP_KEEP (2) verified scheduled copies are kept" keeps_exactly_two
unset APPNORTH_BACKUP_INTERVAL_S APPNORTH_BACKUP_KEEP

# up backs up all five before migrating a store that is behind (chatd at its first migration).
rm -f "$DATA"/chatd.sqlite*
sqlite3 "$DATA/chatd.sqlite" "PRAGMA journal_mode=WAL;
    CREATE TABLE daemon_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
    INSERT INTO daemon_meta VALUES ('daemon', 'chatd'), ('created_at', '2026-01-01T00:00:00.000Z');
    CREATE TABLE schema_migrations (seq INTEGER PRIMARY KEY, name TEXT UNIQUE NOT NULL, applied_at TEXT NOT NULL);
    INSERT INTO schema_migrations VALUES (1, '0001_daemon_meta', '2026-01-01T00:00:00.000Z');" >/dev/null
check "up with chatd's store behind" up
backed_up_before_migrating() {
    local dir; dir=$(ls -d "$DATA"/backup/pre-upgrade-* 2>/dev/null | head -n 1)
    [ -n "$dir" ] || { echo "  no pre-upgrade backup"; return 1; }
    "$APPNORTH" backup --verify "$dir" >/dev/null 2>&1 || { echo "  $dir does not verify"; return 1; }
    [ "$(sqlite3 "$dir/chatd.sqlite" 'SELECT count(*) FROM schema_migrations')" = 1 ] || { echo "  chatd's copy is not the one before migrating"; return 1; }
    [ "$(sqlite3 "$DATA/chatd.sqlite" 'SELECT count(*) FROM schema_migrations')" -gt 1 ]
}
check "up backed up the stores before migrating chatd's, then migrated it" backed_up_before_migrating

echo "restore: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
