"""Concurrent SDK writes for writes_crash.sh: threads POST ideas and chat messages (a distinct
Idempotency-Key each) until STOP exists, keeping going through refused connections while a
daemon is down, and append the ID of every 201 to ideas.acked / messages.acked (one per line,
flushed at once). progress holds the two counts."""
import http.client
import json
import os
import sys
import threading
import time

port, app_id, out = int(sys.argv[1]), sys.argv[2], sys.argv[3]
THREADS = 8  # per kind
lock = threading.Lock()
counts = {"ideas": 0, "messages": 0}
files = {kind: open(os.path.join(out, kind + ".acked"), "a", buffering=1) for kind in counts}


def acked(kind, ident):
    with lock:
        files[kind].write(ident + "\n")
        counts[kind] += 1
        with open(os.path.join(out, "progress.tmp"), "w") as f:
            f.write("%d %d\n" % (counts["ideas"], counts["messages"]))
        os.replace(os.path.join(out, "progress.tmp"), os.path.join(out, "progress"))


def worker(kind, n):
    conn = None
    sent = 0
    while not os.path.exists(os.path.join(out, "STOP")):
        sent += 1
        key = "crash-%s-%d-%d" % (kind, n, sent)
        if kind == "ideas":
            path = "/api/v1/ideas?app_id=%s&voter_token=crashvoter%04d0123456789" % (app_id, n)
            body = {"board": "ideas", "title": "Crashload idea %d %d" % (n, sent), "description": "Written under kill -9."}
        else:
            path = "/api/v1/chat/messages?app_id=%s&voter_token=crashvoter%04d0123456789" % (app_id, n)
            body = {"body": "Crashload message %d %d" % (n, sent), "locale": "en", "platform": "ios"}
        try:
            if conn is None:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            conn.request("POST", path, json.dumps(body), {
                "Content-Type": "application/json", "Origin": "http://localhost", "Idempotency-Key": key})
            reply = conn.getresponse()
            data = reply.read()
            if reply.status == 201:
                value = json.loads(data)
                value = value.get("value", value)
                acked(kind, value["id"])
        except (OSError, http.client.HTTPException, ValueError):
            # The daemon is down or was killed mid-request: nothing was acknowledged.
            if conn is not None:
                conn.close()
            conn = None
            time.sleep(0.05)


threads = [threading.Thread(target=worker, args=(kind, n)) for kind in counts for n in range(THREADS)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print("%d ideas, %d messages acknowledged" % (counts["ideas"], counts["messages"]))
