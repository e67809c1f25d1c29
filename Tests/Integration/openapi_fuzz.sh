#!/usr/bin/env bash
# Generated requests from docs/openapi.yaml (schemathesis) against a running hub: no 5xx,
# and every status, content type and body as the document says. A project with a few
# ideas is seeded so that routes reach their real handlers, not only the 404 paths.
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
APPNORTH=$ROOT/deploy/appnorth
PY=${APPNORTH_TEST_PYTHON:-$ROOT/.venv/bin/python}
ST=$(dirname "$PY")/schemathesis
[ -x "$ST" ] || { echo "schemathesis missing: $ST (deploy/appnorth test installs it)"; exit 1; }
DATA=$(mktemp -d /tmp/appnorth-fuzz-XXXXXX)
PORT=$((20000 + RANDOM % 20000))
TOKEN="an_fuzz$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')"
export APPNORTH_DATA_DIR=$DATA APPNORTH_HTTP_ADDR=127.0.0.1:$PORT APPNORTH_SKIP_BUILD=1 APPNORTH_ADMIN_TOKEN=$TOKEN
export APPNORTH_BUILD_CONFIG=${APPNORTH_BUILD_CONFIG:-debug}
# A Discord application key, so the interactions endpoint checks signatures rather than answering 503.
export DISCORD_PUBLIC_KEY=d44cc89f628baef81248badcea9f4946b4813f71e732672217135b6b1b99f106
BASE=http://127.0.0.1:$PORT
# Outside providers are their fakes, so routes that reach them answer as they would in use
# (a provider that cannot be reached is a documented 502, which the fuzz would count as a failure).
FAKES_IN=$DATA/fakes.in
mkfifo "$FAKES_IN"
"$PY" "$ROOT/Tests/Fixtures/fake_itunes_search.py" --port 0 <"$FAKES_IN" >"$DATA/itunes.port" &
"$PY" "$ROOT/Tests/Fixtures/fake_telegram.py" --port 0 <"$FAKES_IN" >"$DATA/telegram.port" &
"$PY" "$ROOT/Tests/Fixtures/fake_discord.py" --port 0 <"$FAKES_IN" >"$DATA/discord.port" &
"$PY" "$ROOT/Tests/Fixtures/fake_revenuecat.py" --port 0 <"$FAKES_IN" >"$DATA/revenuecat.port" &
"$PY" "$ROOT/Tests/Fixtures/fake_openai.py" --port 0 <"$FAKES_IN" >"$DATA/openai.port" &
exec {FAKES_FD}>"$FAKES_IN"
for _ in $(seq 1 100); do [ -s "$DATA/itunes.port" ] && [ -s "$DATA/telegram.port" ] && [ -s "$DATA/discord.port" ] && [ -s "$DATA/revenuecat.port" ] && [ -s "$DATA/openai.port" ] && break; sleep 0.1; done
export APPNORTH_ITUNES_URL=http://127.0.0.1:$(head -n 1 "$DATA/itunes.port")
export APPNORTH_TELEGRAM_API_URL=http://127.0.0.1:$(head -n 1 "$DATA/telegram.port")
export APPNORTH_REVENUECAT_URL=http://127.0.0.1:$(head -n 1 "$DATA/revenuecat.port")
# Review drafts reach the fake provider (with a key and model it knows) instead of answering
# 503 AI_NOT_CONFIGURED, a 5xx the fuzz would count whenever it names a real project.
export APPNORTH_AI_URL=http://127.0.0.1:$(head -n 1 "$DATA/openai.port")/v1
export APPNORTH_AI_KEY=sk-test-fake-openai-key APPNORTH_AI_MODEL=gpt-4o-mini
# The platform Discord bot, known to its fake, so the Discord routes reach pushd and Discord
# rather than answering 503 DISCORD_NOT_CONFIGURED.
DISCORD=http://127.0.0.1:$(head -n 1 "$DATA/discord.port")
export APPNORTH_DISCORD_API_URL=$DISCORD/api/v10 APPNORTH_DISCORD_OAUTH_URL=$DISCORD/oauth2/authorize
export DISCORD_APPLICATION_ID=1100000000000000001
export DISCORD_BOT_TOKEN=fuzz-discord-bot-token DISCORD_CLIENT_SECRET=fuzz-discord-client-secret
curl -s -o /dev/null -X POST "$DISCORD/__control/state" -H 'Content-Type: application/json' \
    -d "{\"application\":{\"id\":\"$DISCORD_APPLICATION_ID\",\"clientSecret\":\"$DISCORD_CLIENT_SECRET\",\"botToken\":\"$DISCORD_BOT_TOKEN\"}}"
cleanup() { "$APPNORTH" down >/dev/null 2>&1; exec {FAKES_FD}>&-; rm -rf "$DATA"; }
trap cleanup EXIT

"$APPNORTH" up >/dev/null || { echo "fuzz: hub did not start"; exit 1; }

# Seed: a project (when the operator API exists) with ideas and a comment.
APP_ID=none PROJECT_ID=none VOTER=fuzzvoter0123456789
project=$(curl -s -X POST "$BASE/api/admin/v1/projects" -H "Authorization: Bearer $TOKEN" \
    -H 'Content-Type: application/json' -d '{"name":"Fuzz","allowedOrigins":["http://localhost"]}')
if echo "$project" | grep -q '"appId"'; then
    APP_ID=$(echo "$project" | "$PY" -c 'import json,sys; print(json.load(sys.stdin)["appId"])')
    PROJECT_ID=$(echo "$project" | "$PY" -c 'import json,sys; print(json.load(sys.stdin)["id"])')
    for i in 1 2 3; do
        curl -s -o /dev/null -X POST "$BASE/api/v1/ideas?app_id=$APP_ID&voter_token=$VOTER" -H 'Origin: http://localhost' \
            -H 'Content-Type: application/json' -d "{\"board\":\"ideas\",\"title\":\"Seed idea number $i\",\"description\":\"seed\"}"
    done
fi

cat >"$DATA/schemathesis.toml" <<TOML
base-url = "$BASE"
headers = { Authorization = "Bearer $TOKEN", Origin = "http://localhost" }
request-timeout = 10.0
[generation]
max-examples = ${APPNORTH_FUZZ_EXAMPLES:-50}
codec = "utf-8"
allow-x00 = true
[parameters]
"query.app_id" = "$APP_ID"
"query.voter_token" = "$VOTER"
"path.id" = "$PROJECT_ID"
TOML

cd "$DATA" || exit 1
"$ST" --config-file "$DATA/schemathesis.toml" run "$ROOT/docs/openapi.yaml" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,response_headers_conformance \
    --phases examples,coverage,fuzzing --workers 1 --max-time "${APPNORTH_FUZZ_SECONDS:-90}" \
    --suppress-health-check all --warnings off >"$DATA/fuzz.log" 2>&1
status=$?
# Every failure's check, statuses and reproduction, then the summary.
grep -E "^[0-9]+\. Test Case|^- |Received:|Documented:|^    curl" "$DATA/fuzz.log" | head -n 120
tail -n 25 "$DATA/fuzz.log"
if [ $status -eq 0 ]; then echo "openapi-fuzz: 1 passed, 0 failed"; else echo "openapi-fuzz: 0 passed, 1 failed"; fi
exit $status
