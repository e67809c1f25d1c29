#!/usr/bin/env bash
# The browser suite (Tests/Browser/README.md): Debian's headless Chromium, driven by Selenium
# through chromium-driver, against a hub started as the README starts it, with the binaries of
# APPNORTH_BUILD_CONFIG (debug unless told). Arguments go to pytest: `-k healthz` runs the
# tests whose names contain "healthz". Screenshots land in .build/browser-artifacts/<test>/.
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
PY=${APPNORTH_TEST_PYTHON:-$ROOT/.venv/bin/python}
export APPNORTH_BUILD_CONFIG=${APPNORTH_BUILD_CONFIG:-debug}
"$PY" -c "import selenium, pytest, PIL" 2>/dev/null ||
    { echo "browser: selenium, pytest or pillow missing from $PY (deploy/appnorth test installs them)"; exit 1; }
[ -x /usr/bin/chromedriver ] ||
    { echo "browser: /usr/bin/chromedriver missing: apt-get install chromium chromium-driver (deploy/appnorth test does)"; exit 1; }
[ -x "$ROOT/.build/$APPNORTH_BUILD_CONFIG/ingest" ] ||
    { echo "browser: no $APPNORTH_BUILD_CONFIG build in $ROOT/.build (swift build first)"; exit 1; }

ARTIFACTS=$ROOT/.build/browser-artifacts
DATA=$(mktemp -d /tmp/appnorth-browser-XXXXXX)
PYTEST=
# Should pytest die without its teardown, what it started goes anyway: its process group (a
# chromedriver and its Chromium) and the hub in DATA.
cleanup() {
    if [ -n "$PYTEST" ] && kill -TERM -- "-$PYTEST" 2>/dev/null; then
        for _ in $(seq 1 50); do kill -0 -- "-$PYTEST" 2>/dev/null || break; sleep 0.1; done
    fi
    APPNORTH_DATA_DIR=$DATA "$ROOT/deploy/appnorth" down >/dev/null 2>&1
    rm -rf "$DATA"
}
trap cleanup EXIT
rm -rf "$ARTIFACTS"
mkdir -p "$ARTIFACTS"
export APPNORTH_BROWSER_ARTIFACTS=$ARTIFACTS APPNORTH_BROWSER_DATA_DIR=$DATA PYTHONDONTWRITEBYTECODE=1

cd "$ROOT/Tests/Browser" || exit 1
# A process group of its own (setsid execs in place: $! is pytest); Ctrl-C or SIGTERM here
# becomes SIGINT to pytest alone, which then closes its browsers and stops the hub.
setsid "$PY" -m pytest "$@" &
PYTEST=$!
trap 'kill -INT "$PYTEST" 2>/dev/null' INT TERM
status=
while kill -0 "$PYTEST" 2>/dev/null; do wait "$PYTEST"; status=$?; done
[ -n "$status" ] || { wait "$PYTEST"; status=$?; }
if [ "$status" -eq 0 ]; then echo "browser: passed (screenshots in $ARTIFACTS)"; else echo "browser: failed, exit $status (screenshots in $ARTIFACTS)"; fi
exit "$status"
