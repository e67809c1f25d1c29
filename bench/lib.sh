# Shared pieces of the benchmark scripts: a release build of ingest, a scratch directory
# cleaned on exit, and nginx serving files from $WORK/www as the ceiling of the same run.
# Source it after setting ROOT.

# One load generator opens every connection from 127.0.0.1: the per-client cap (64 by
# default) would measure the cap, not the hub.
export APPNORTH_HTTP_PER_IP_CONNECTIONS=${APPNORTH_HTTP_PER_IP_CONNECTIONS:-4096}

require_tools() {
    command -v wrk >/dev/null && command -v nginx >/dev/null || { echo "needs wrk and nginx: apt-get install -y wrk nginx"; exit 1; }
}

# use_build DAEMON...: sets BIN to APPNORTH_BENCH_BIN (another build's directory, to compare) or to
# this tree's release build, built first unless APPNORTH_BENCH_BIN or APPNORTH_SKIP_BUILD is set;
# stops when a daemon named is not there.
use_build() {
    BIN=${APPNORTH_BENCH_BIN:-$ROOT/.build/release}
    [ -n "${APPNORTH_SKIP_BUILD:-}${APPNORTH_BENCH_BIN:-}" ] || (cd "$ROOT" && swift build -c release 2>&1 | grep -E "error|omplete" | tail -n 3) || true
    local b
    for b in "$@"; do [ -x "$BIN/$b" ] || { echo "release build of $b failed"; exit 1; }; done
}

# free_ports N: N TCP ports of 127.0.0.1 that nothing listens on, one per line, chosen by the
# kernel (all bound at once, so distinct); a random one was sometimes already taken.
free_ports() {
    python3 - "$1" <<'PY'
import socket, sys
sockets = [socket.socket() for _ in range(int(sys.argv[1]))]
for s in sockets: s.bind(("127.0.0.1", 0))
print("\n".join(str(s.getsockname()[1]) for s in sockets))
PY
}

# Sets WORK, NGINX_PORT and HUB_PORT; kills nginx and $HUB_PID on exit.
make_workspace() {
    WORK=$(mktemp -d /tmp/appnorth-bench-XXXXXX)
    { read -r NGINX_PORT; read -r HUB_PORT; } < <(free_ports 2)
    mkdir -p "$WORK/www" "$WORK/data" "$WORK/tmp"
    trap cleanup_workspace EXIT
}

# Runs from EXIT traps under `set -e`: a process already gone must not end it before the rm.
cleanup_workspace() {
    if [ -f "$WORK/nginx.pid" ]; then kill "$(cat "$WORK/nginx.pid")" 2>/dev/null || true; fi
    if [ -n "${HUB_PID:-}" ]; then kill "$HUB_PID" 2>/dev/null || true; fi
    wait 2>/dev/null || true
    rm -rf "$WORK"
}

# start_nginx LOCATION: serves $WORK/www/LOCATION as application/json, access log off.
start_nginx() {
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
    server { listen 127.0.0.1:$NGINX_PORT; location = /$1 { default_type application/json; root $WORK/www; } }
}
CONF
    nginx -c "$WORK/nginx.conf"
    for _ in $(seq 1 50); do curl -sf "http://127.0.0.1:$NGINX_PORT/$1" >/dev/null && return 0; sleep 0.1; done
    echo "nginx did not start"; exit 1
}

# wait_for URL: up to 10 s.
wait_for() {
    for _ in $(seq 1 100); do curl -sf "$1" >/dev/null && return 0; sleep 0.1; done
    echo "no answer from $1"; exit 1
}

# create_project [JSON body]: a project over the operator API with $TOKEN; sets APP_ID.
create_project() {
    local body=${1:-'{"name":"Bench","allowedOrigins":["http://localhost"]}'} project
    project=$(curl -sf -X POST "$BASE/api/admin/v1/projects" -H "Authorization: Bearer $TOKEN" \
        -H 'Content-Type: application/json' -d "$body") || { echo "project creation failed"; exit 1; }
    APP_ID=$(echo "$project" | python3 -c 'import json,sys; print(json.load(sys.stdin)["appId"])')
}
