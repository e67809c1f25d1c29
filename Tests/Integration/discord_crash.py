#!/usr/bin/env python3
"""Helpers of discord_crash.sh: synchronization passes driven through the operator API, a kill -9 of
pushd during an open send, and what the fake Discord REST API (Tests/Fixtures/fake_discord.py) holds.
The burst itself and its texts are telegram_burst.py's.

    discord_crash.py install BASE TOKEN PROJECT_ID CODE GUILD
        POST …/integrations/discord/install, then the public callback with the authorize URL's state,
        the fake's CODE and GUILD, as Discord would send the browser back; prints the callback's status.
    discord_crash.py kill-during BASE TOKEN FAKE PID MIN_SENT CHANNEL TARGET CALL
        Runs discord-sync passes one after the other and SIGKILLs PID as soon as the fake holds
        MIN_SENT bot messages and a POST /channels/{id}/messages is open into TARGET ("channel": a
        starter message in CHANNEL, the project's channel; "thread": a post in a thread),
        within 60 s; writes the open call (the fake's log entry, with "killedAt") to CALL and
        prints "<bot messages then>". Exits 1 when no such call was ever open.
    discord_crash.py marker DB CALL       the open call's outbox row: "<state> <started_ms or null>"
    discord_crash.py check NAME FAKE CHANNEL TEXTS CALLS CONVERSATIONS
        one check (see CHECKS); prints what is wrong and exits 1. CALLS: the files kill-during wrote,
        comma-separated; CONVERSATIONS: the operator API's conversation list (JSON file).
"""
import json
import os
import signal
import sqlite3
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from telegram_burst import OPENER, get_json, read_texts  # noqa: E402

SEND_ROUTE = "POST /channels/{channel}/messages"


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def admin(base, token, method, path, body=None, timeout=90):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + "/api/admin/v1" + path, data=data, method=method,
                                     headers={"Authorization": "Bearer " + token, "Content-Type": "application/json"})
    with OPENER.open(request, timeout=timeout) as answer:
        return json.load(answer)


def install(base, token, project_id, code, guild):
    authorize = admin(base, token, "POST", f"/projects/{project_id}/integrations/discord/install")["authorizeUrl"]
    state = urllib.parse.parse_qs(urllib.parse.urlsplit(authorize).query)["state"][0]
    query = urllib.parse.urlencode({"code": code, "state": state, "guild_id": guild})
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}), NoRedirect)
    try:
        with opener.open(base + "/api/v1/integrations/discord/callback?" + query, timeout=60) as answer:
            print(answer.status)
    except urllib.error.HTTPError as answer:
        print(answer.code)
    return 0


def sent_count(log):
    """Bot messages created: a repeated nonce answers 200 with the original message, so distinct IDs."""
    return len({c["response"]["id"] for c in log if c["route"] == SEND_ROUTE and c["status"] == 200})


def channel_of(call):
    return call["path"].split("/")[4]


def kill_during(base, token, fake, pid, min_sent, channel, target, call_file):
    stop = threading.Event()

    def passes():
        # One pass after the other, as the schedule would run them. The pass the kill cuts off
        # never answers (ingest waits for its RPC deadline); this process ends before it would.
        while not stop.is_set():
            try:
                admin(base, token, "POST", "/jobs/discord-sync/run")
            except (urllib.error.URLError, OSError):
                time.sleep(0.1)

    runner = threading.Thread(target=passes, daemon=True)
    runner.start()
    deadline = time.monotonic() + 60
    try:
        while time.monotonic() < deadline:
            log = get_json(fake + "/__control/log")
            last = log[-1] if log else None
            if last and last["route"] == SEND_ROUTE and last["status"] is None and \
                    (channel_of(last) == channel) == (target == "channel"):
                sent = sent_count(log)
                if sent >= min_sent:
                    os.kill(pid, signal.SIGKILL)
                    last["killedAt"] = time.time()
                    with open(call_file, "w") as file:
                        json.dump(last, file)
                    print(sent)
                    return 0
            time.sleep(0.005)
        return 1
    finally:
        stop.set()


def marker(db, call_file):
    with open(call_file) as file:
        call = json.load(file)
    connection = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5)
    try:
        rows = connection.execute("SELECT id, state, started_ms FROM discord_outbox WHERE text = ?",
                                  (call["body"]["content"],)).fetchall()
    finally:
        connection.close()
    if len(rows) != 1:
        print(f"{len(rows)} outbox rows hold the text of the open send")
        return 1
    row_id, state, started = rows[0]
    if call["body"].get("nonce") != f"an{row_id}c0":
        print(f"the open send's nonce {call['body'].get('nonce')!r} is not row {row_id}'s")
        return 1
    print(f"{state} {'null' if started is None else started}")
    return 0


# Checks


def holdings(fake, channel):
    """The bot's messages in the channel and in each thread: {channel or thread id: [message]}."""
    threads = get_json(fake + "/__control/threads")
    places = {channel: None} | {t["id"]: t for t in threads}
    return {place: [m for m in get_json(fake + "/__control/messages?channelId=" + place) if m["author"].get("bot")]
            for place in places}, threads


def check_exactly_once(fake, channel, texts, **_):
    """Every text is in Discord once: a first message in its conversation's starter message in the
    channel, a later one as a post in a thread."""
    held, _ = holdings(fake, channel)
    everything = [m["content"] for messages in held.values() for m in messages]
    problems = []
    for _, text in texts:
        copies = sum(1 for content in everything if text in content)
        if copies != 1:
            problems.append(f"{text!r} is in Discord {copies} times")
    if len(texts) != 50:
        problems.append(f"the burst sent {len(texts)} texts, not 50")
    return problems


def check_one_thread(fake, channel, texts, conversations, **_):
    """Each conversation has exactly one thread (its name ends with the end of the conversation's
    ID), started from the one starter message that holds the user's first text; no other thread."""
    held, threads = holdings(fake, channel)
    starters = {m["id"]: m for m in held[channel]}
    problems = []
    if len(conversations) != 10:
        problems.append(f"{len(conversations)} conversations, not 10")
    for conversation in conversations:
        tail = conversation["id"][-6:].lower()
        named = [t for t in threads if t["name"].endswith(" · " + tail)]
        if len(named) != 1:
            problems.append(f"conversation {conversation['id']} has {len(named)} threads")
        elif named[0]["starterMessageId"] not in starters:
            problems.append(f"the thread of {conversation['id']} was not started from a message of the channel")
    if len(threads) != len(conversations) or len(held[channel]) != len(conversations):
        problems.append(f"{len(threads)} threads and {len(held[channel])} starter messages for {len(conversations)} conversations")
    return problems


def check_own_thread(fake, channel, texts, **_):
    """A user's first text starts a thread, and their later texts are all in that thread."""
    held, threads = holdings(fake, channel)
    problems = []
    by_user = {}
    for user, text in texts:
        by_user.setdefault(user, []).append(text)
    for user, written in by_user.items():
        starter = [m for m in held[channel] if written[0] in m["content"]]
        if len(starter) != 1:
            problems.append(f"user {user}'s first text is in {len(starter)} starter messages")
            continue
        thread = held.get(starter[0]["id"])
        if thread is None:
            problems.append(f"user {user}'s starter message has no thread")
            continue
        inside = [t for t in written[1:] if any(t in m["content"] for m in thread)]
        if len(inside) != len(written) - 1:
            problems.append(f"user {user}: {len(inside)} of {len(written) - 1} later texts in their thread")
    return problems


def check_nonce_repeated(fake, channel, texts, calls, **_):
    """The send open at each kill was sent again after the restart with the same nonce, and Discord
    answered the message the first one created: one message with that nonce, at least two sends."""
    log = get_json(fake + "/__control/log")
    problems = []
    for call in calls:
        nonce = call["body"]["nonce"]
        sends = [c for c in log if c["route"] == SEND_ROUTE and (c["body"] or {}).get("nonce") == nonce
                 and c["path"] == call["path"]]
        answered = {c["response"]["id"] for c in sends if c["status"] == 200}
        stored = [m for m in get_json(fake + "/__control/messages?channelId=" + channel_of(call))
                  if m.get("nonce") == nonce]
        print(f"  nonce {nonce}: {len(sends)} sends, {len(stored)} message(s)")
        if len(sends) < 2:
            problems.append(f"the send open at a kill (nonce {nonce}) was not sent again")
        if len(stored) != 1 or answered != {stored[0]["id"]}:
            problems.append(f"nonce {nonce}: messages {[m['id'] for m in stored]}, answers {sorted(answered)}")
    return problems


CHECKS = {"exactly-once": check_exactly_once, "one-thread": check_one_thread, "own-thread": check_own_thread,
          "nonce-repeated": check_nonce_repeated}


def main(argv):
    command = argv[1] if len(argv) > 1 else ""
    if command == "install":
        return install(*argv[2:7])
    if command == "kill-during":
        return kill_during(argv[2], argv[3], argv[4], int(argv[5]), int(argv[6]), argv[7], argv[8], argv[9])
    if command == "marker":
        return marker(argv[2], argv[3])
    if command == "check":
        with open(argv[7]) as file:
            conversations = json.load(file)["items"]
        calls = []
        for path in filter(None, argv[6].split(",")):
            with open(path) as file:
                calls.append(json.load(file))
        problems = CHECKS[argv[2]](fake=argv[3], channel=argv[4], texts=read_texts(argv[5]), calls=calls,
                                   conversations=conversations)
        for problem in problems:
            print("  " + problem)
        return 1 if problems else 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
