#!/usr/bin/env bash
# Static JSON route of ingest (GET /version, encoded once at start-up) against nginx
# serving the same bytes from a file, each under `wrk -t2 -c64` in the same run on the same
# machine. Prints both rates and the ratio; exits non-zero below the 0.8 target.
#   bench/static_route.sh [seconds per run, default 10]
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SECONDS_PER_RUN=${1:-10}
TARGET=0.8
command -v wrk >/dev/null && command -v nginx >/dev/null || { echo "needs wrk and nginx: apt-get install -y wrk nginx"; exit 1; }
(cd "$ROOT" && swift build -c release --product ingest 2>&1 | grep -E "error|omplete" | tail -n 3) || true
[ -x "$ROOT/.build/release/ingest" ] || { echo "release build failed"; exit 1; }

WORK=$(mktemp -d /tmp/appnorth-bench-XXXXXX)
NGINX_PORT=$((30000 + RANDOM % 10000)); HUB_PORT=$((NGINX_PORT + 1))
cleanup() {
    [ -f "$WORK/nginx.pid" ] && kill "$(cat "$WORK/nginx.pid")" 2>/dev/null
    [ -n "${HUB_PID:-}" ] && kill "$HUB_PID" 2>/dev/null
    wait 2>/dev/null; rm -rf "$WORK"
}
trap cleanup EXIT

mkdir -p "$WORK/www" "$WORK/data"
printf '{"name":"appnorth-hub","version":"%s"}' "$(sed -n 's/.*version = "\(.*\)".*/\1/p' "$ROOT/Sources/Shared/AppNorth.swift")" >"$WORK/www/version"
chmod -R a+rX "$WORK"
cat >"$WORK/nginx.conf" <<CONF
worker_processes auto;
pid $WORK/nginx.pid;
error_log $WORK/nginx-error.log;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path $WORK/tmp; proxy_temp_path $WORK/tmp; fastcgi_temp_path $WORK/tmp;
    uwsgi_temp_path $WORK/tmp; scgi_temp_path $WORK/tmp;
    keepalive_requests 1000000;
    open_file_cache max=16;
    server {
        listen 127.0.0.1:$NGINX_PORT;
        location = /version { default_type application/json; root $WORK/www; }
    }
}
CONF
mkdir -p "$WORK/tmp"
nginx -c "$WORK/nginx.conf"
APPNORTH_DATA_DIR=$WORK/data APPNORTH_HTTP_ADDR=127.0.0.1:$HUB_PORT APPNORTH_LOG_LEVEL=warn \
    "$ROOT/.build/release/ingest" 2>"$WORK/ingest.log" &
HUB_PID=$!
for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$HUB_PORT/version" >/dev/null && curl -sf "http://127.0.0.1:$NGINX_PORT/version" >/dev/null && break; sleep 0.1; done
cmp <(curl -s "http://127.0.0.1:$NGINX_PORT/version") <(curl -s "http://127.0.0.1:$HUB_PORT/version") || { echo "bodies differ"; exit 1; }

rate() {  # rate URL → requests per second
    wrk -t2 -c64 -d2s "$1" >/dev/null   # warm-up
    wrk -t2 -c64 -d"${SECONDS_PER_RUN}s" "$1" | awk '/Requests\/sec/ { print $2 }'
}
nginx_rate=$(rate "http://127.0.0.1:$NGINX_PORT/version")
hub_rate=$(rate "http://127.0.0.1:$HUB_PORT/version")
ratio=$(awk -v h="$hub_rate" -v n="$nginx_rate" 'BEGIN { printf "%.2f", h / n }')
echo "nginx static file: $nginx_rate req/s"
echo "ingest GET /version: $hub_rate req/s"
echo "ratio: ${ratio}x nginx (target >= ${TARGET}x)"
awk -v r="$ratio" -v t="$TARGET" 'BEGIN { exit !(r >= t) }'
