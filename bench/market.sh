#!/usr/bin/env bash
# Market collection and chart reads (ingest -> marketd over ZeroMQ), release build, against
# Tests/Fixtures/fake_itunes_feed.py with pacing off:
#  - one full collection: 175 storefronts x 3 charts x 200 entries plus the lookups of every
#    new app, timed through POST /api/admin/v1/jobs/market-charts/run, with marketd's peak
#    resident memory (VmHWM);
#  - a second day's collection (the fake reshuffles its charts), so rising has a pair;
#  - GET /market/trending and /market/rising across all 525 charts, wrk --latency:
#    p99 target < 5 ms.
#   bench/market.sh [seconds per run, default 10] [connections, default 8]
# APPNORTH_BENCH_BIN=dir runs the ingest and marketd found there instead (an earlier build, to compare).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SECONDS_PER_RUN=${1:-10}
CONNECTIONS=${2:-8}
. "$ROOT/bench/lib.sh"
command -v wrk >/dev/null || { echo "needs wrk: apt-get install -y wrk"; exit 1; }
use_build ingest marketd
make_workspace
TOKEN="an_bench$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')"
STOREFRONTS=ae,ag,ai,al,am,ao,ar,at,au,az,bb,be,bf,bg,bh,bj,bm,bn,bo,br,bs,bt,bw,by,bz,ca,cg,ch,cl,cn,co,cr,cv,cy,cz,de,dk,dm,do,dz,ec,ee,eg,es,fi,fj,fm,fr,gb,gd,gh,gm,gr,gt,gw,gy,hk,hn,hr,hu,id,ie,il,in,is,it,jm,jo,jp,ke,kg,kh,kn,kr,kw,ky,kz,la,lb,lc,lk,lr,lt,lu,lv,md,mg,mk,ml,mn,mo,mr,ms,mt,mu,mw,mx,my,mz,na,ne,ng,ni,nl,no,np,nz,om,pa,pe,pg,ph,pk,pl,pt,pw,py,qa,ro,ru,sa,sb,sc,se,sg,si,sk,sl,sn,sr,st,sv,sz,tc,td,th,tj,tm,tn,tr,tt,tw,tz,ua,ug,us,uy,uz,vc,ve,vg,vn,ye,za,zw,ba,ci,cm,cd,ga,ge,iq,ly,ma,me,mv,rs,rw,to,vu,xk,af,mc,li,ws
count=$(echo "$STOREFRONTS" | tr ',' '\n' | sort -u | wc -l)
[ "$count" -eq 175 ] || { echo "expected 175 distinct storefronts, have $count"; exit 1; }
PYTHON=${APPNORTH_TEST_PYTHON:-$ROOT/.venv/bin/python}
[ -x "$PYTHON" ] || PYTHON=python3

# The fake store runs until its stdin (a fifo held open here) closes.
mkfifo "$WORK/feed.in"
"$PYTHON" "$ROOT/Tests/Fixtures/fake_itunes_feed.py" --port 0 <"$WORK/feed.in" >"$WORK/feed.out" 2>"$WORK/feed.err" &
FEED_PID=$!
exec 3>"$WORK/feed.in"
for _ in $(seq 1 100); do [ -s "$WORK/feed.out" ] && break; sleep 0.1; done
FEED="http://127.0.0.1:$(head -n1 "$WORK/feed.out")"

export APPNORTH_DATA_DIR=$WORK/data APPNORTH_HTTP_ADDR=127.0.0.1:$HUB_PORT APPNORTH_LOG_LEVEL=${APPNORTH_BENCH_LOG_LEVEL:-warn} \
    APPNORTH_ADMIN_TOKEN=$TOKEN APPNORTH_ITUNES_URL=$FEED APPNORTH_MARKET_STOREFRONTS=$STOREFRONTS \
    APPNORTH_MARKET_CHARTS=topfreeapplications,toppaidapplications,topgrossingapplications \
    APPNORTH_MARKET_MIN_GAP_MS=0 APPNORTH_MARKET_INTERVAL_S=0 APPNORTH_RPC_TIMEOUT_MS=5000
MARKETD_PID=
start_marketd() { "$BIN/marketd" 2>>"$WORK/marketd.log" & MARKETD_PID=$!; }
trap 'kill $MARKETD_PID $FEED_PID 2>/dev/null; exec 3>&-; cleanup_workspace' EXIT
BASE=http://127.0.0.1:$HUB_PORT
run_pass() {
    curl -sf -X POST "$BASE/api/admin/v1/jobs/market-charts/run" -H "Authorization: Bearer $TOKEN" \
        -w ' %{time_total}' -o "$WORK/pass.json" --max-time 900 >"$WORK/pass.time"
    PASS_S=$(awk '{ print $1 }' "$WORK/pass.time"); PROCESSED=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["processed"])' "$WORK/pass.json")
}

# Day 1 (yesterday on marketd's clock): the measured full collection.
APPNORTH_FAKE_NOW=$(date -u -d yesterday +%Y-%m-%dT12:00:00.000Z) start_marketd
"$BIN/ingest" 2>"$WORK/ingest.log" &
HUB_PID=$!
wait_for "$BASE/version"
run_pass
hwm=$(awk '/VmHWM/ { print $2 }' "/proc/$MARKETD_PID/status")
cpu=$(awk -v hz="$(getconf CLK_TCK)" '{ printf "%.1f", ($14 + $15) / hz }' "/proc/$MARKETD_PID/stat")
entries=$(sqlite3 "$WORK/data/marketd.sqlite" "SELECT count(*) FROM snapshot_entries")
complete=$(sqlite3 "$WORK/data/marketd.sqlite" "SELECT count(*) FROM snapshots WHERE complete = 1")
apps=$(sqlite3 "$WORK/data/marketd.sqlite" "SELECT count(*) FROM apps")
feed_calls=$(curl -sf "$FEED/_log" | python3 -c 'import json,sys; r=json.load(sys.stdin)["requests"]; print(len(r), sum(1 for x in r if x["path"].startswith("/lookup")))')
echo "full collection: $PROCESSED snapshots ($complete complete), $entries entries, $apps apps, provider calls (all, lookups): $feed_calls;" \
     "${PASS_S} s wall (marketd CPU ${cpu} s; the rest is the fake store building feeds); marketd peak RSS $((hwm / 1024)) MiB"

# Day 2 (today): the fake reshuffles, marketd restarts on the real clock and collects again.
kill "$MARKETD_PID"; wait "$MARKETD_PID" 2>/dev/null || true
curl -sf -X POST "$FEED/_generation" -d '{"value": 1}' >/dev/null
start_marketd
sleep 0.5
run_pass
echo "second day's collection: $PROCESSED snapshots in ${PASS_S} s; marketd peak RSS $(( $(awk '/VmHWM/ { print $2 }' "/proc/$MARKETD_PID/status") / 1024 )) MiB" \
     "(restarted); database $(( $(stat -c %s "$WORK/data/marketd.sqlite") / 1048576 )) MiB"

# Every chart once, so the timed runs read answers both daemons already hold (the first read
# of a chart after a pass renders it: that cost is reported separately).
warm_up() {
    python3 - "$BASE$1" "$TOKEN" "$STOREFRONTS" "$2" <<'PY'
import http.client, sys, time, urllib.parse
url, token, storefronts, extra = sys.argv[1], sys.argv[2], sys.argv[3].split(","), sys.argv[4]
parts = urllib.parse.urlsplit(url)
conn = http.client.HTTPConnection(parts.hostname, parts.port)
times = []
for chart in ["topfreeapplications", "toppaidapplications", "topgrossingapplications"]:
    for cc in storefronts:
        start = time.perf_counter()
        conn.request("GET", f"{parts.path}?storefront={cc}&chart={chart}" + (f"&{extra}" if extra else ""),
                     headers={"Authorization": "Bearer " + token})
        response = conn.getresponse()
        response.read()
        assert response.status == 200, response.status
        times.append((time.perf_counter() - start) * 1000)
times.sort()
print(f"first reads of {len(times)} charts: p50 {times[len(times) // 2]:.2f} ms, p99 {times[int(len(times) * 0.99)]:.2f} ms")
PY
}
read_run() {
    local route=$1 extra=$2 out
    echo "GET $route${extra:+ ($extra)} $(warm_up "$route" "$extra")"
    wrk -t2 -c"$CONNECTIONS" -d2s -s "$ROOT/bench/lua/market_charts.lua" "$BASE" -- "$route" "$TOKEN" "$STOREFRONTS" "$extra" >/dev/null
    out=$(wrk -t2 -c"$CONNECTIONS" -d"${SECONDS_PER_RUN}s" --latency -s "$ROOT/bench/lua/market_charts.lua" "$BASE" -- \
        "$route" "$TOKEN" "$STOREFRONTS" "$extra")
    echo "GET $route${extra:+ ($extra)} across 525 charts (c$CONNECTIONS): $(echo "$out" | awk '/Requests\/sec/ { print $2 }') req/s," \
         "p50 $(echo "$out" | awk '$1 == "50%" { print $2 }'), p99 $(echo "$out" | awk '$1 == "99%" { print $2 }')$(echo "$out" | awk '/Non-2xx/ { print ", non-2xx " $5 }')"
    P99=$(echo "$out" | awk '$1 == "99%" { v = $2; if (v ~ /ms$/) { sub("ms", "", v); print v } else if (v ~ /us$/) { sub("us", "", v); print v / 1000 } else { sub("s", "", v); print v * 1000 } }')
}
sample=$(curl -sf "$BASE/api/admin/v1/market/trending?storefront=fr&chart=toppaidapplications" -H "Authorization: Bearer $TOKEN")
echo "trending fr/toppaid: $(echo "$sample" | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["snapshotDate"], len(d["items"]), "items,", len(json.dumps(d)), "bytes")')"
sample=$(curl -sf "$BASE/api/admin/v1/market/rising?storefront=fr&chart=toppaidapplications&kind=riser" -H "Authorization: Bearer $TOKEN")
echo "rising fr/toppaid risers: $(echo "$sample" | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["fromDate"], "->", d["toDate"], len(d["items"]), "items")')"
read_run /api/admin/v1/market/trending ""; trending_p99=$P99
read_run /api/admin/v1/market/rising "kind=riser"; rising_p99=$P99
echo "p99 trending ${trending_p99} ms, rising ${rising_p99} ms (target < 5 ms)"
awk -v a="$trending_p99" -v b="$rising_p99" 'BEGIN { exit !(a < 5 && b < 5) }'
