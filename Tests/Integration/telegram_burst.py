#!/usr/bin/env python3
"""Helpers of telegram_crash.sh and bench/telegram.sh: a burst of user messages through the public
chat API, and what the fake Telegram Bot API (Tests/Fixtures/fake_telegram.py) received.

    telegram_burst.py burst BASE APP_ID USERS PER_USER TAG
        USERS users, one after the other, send PER_USER messages each to POST /api/v1/chat/messages;
        prints every text accepted, one per line, as "<user>\t<text>". Exits 1 when one was not 201.
    telegram_burst.py kill-during FAKE PID MIN_SENT METHOD
        SIGKILLs PID as soon as the fake holds MIN_SENT messages and a METHOD call is open (within
        60 s); prints "<Unix seconds of the kill> <messages then>". Exits 1 when it never was.
    telegram_burst.py in-flight FAKE KILL                the method of the call in flight at KILL
    telegram_burst.py arrived FAKE TEXTS                 texts of TEXTS sent at least once (a number)
    telegram_burst.py check NAME FAKE TEXTS KILLS CONVERSATIONS
        one check (see CHECKS); prints what is wrong and exits 1. KILLS: the Unix seconds of each
        kill, comma-separated; CONVERSATIONS: the operator API's conversation list (JSON file).
    telegram_burst.py direct FAKE TOKEN CHAT_ID THREAD_ID N
        N sendMessage calls straight to the fake on one keep-alive connection, one at a time;
        prints the rate (calls/s).
"""
import http.client
import json
import os
import signal
import sys
import time
import urllib.parse
import urllib.request

OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def get_json(url):
    with OPENER.open(url, timeout=30) as answer:
        return json.load(answer)


def text_of(user, n, tag):
    # Bracketed so that no marker is the start of another (m01 and m010 never meet).
    return f"Burst {tag} [u{user:03d}.m{n:03d}] the export crashes again"


def burst(base, app_id, users, per_user, tag):
    """The users write one after the other (so their conversations, and the topics pushd opens,
    are spread over the burst rather than all at its start), on one keep-alive connection."""
    url = urllib.parse.urlsplit(base)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
    failures = 0
    for u in range(1, users + 1):
        query = urllib.parse.urlencode({"app_id": app_id, "voter_token": f"burstvoter{tag}{u:06d}"})
        for n in range(1, per_user + 1):
            text = text_of(u, n, tag)
            connection.request("POST", "/api/v1/chat/messages?" + query, json.dumps({"body": text}),
                               {"Content-Type": "application/json"})
            answer = connection.getresponse()
            body = answer.read()
            if answer.status == 201:
                print(f"{u}\t{text}", flush=True)
            else:
                failures += 1
                print(f"user {u} message {n}: {answer.status} {body[:200]!r}", file=sys.stderr)
    return 1 if failures else 0


def read_texts(path):
    rows = []
    with open(path) as lines:
        for line in lines:
            user, _, text = line.rstrip("\n").partition("\t")
            if text:
                rows.append((int(user), text))
    return rows


def copies(sent, text):
    return [s for s in sent if text in s["text"]]


def check_all_arrived(fake, texts, **_):
    sent = get_json(fake + "/__control/sent")
    missing = [t for _, t in texts if not copies(sent, t)]
    if missing:
        return [f"{len(missing)} of {len(texts)} texts never arrived, e.g. {missing[:3]}"]
    return [] if len(texts) == 200 else [f"the burst sent {len(texts)} texts, not 200"]


# A call written just before kill -9 may reach the fake's handler a little after the kill's clock
# reading; the restarted pushd calls nothing that soon.
KILL_SLACK = 0.2


def in_flight_at(log, kill):
    """The call open when pushd was killed: the last to reach the fake before it (pushd's one
    delivery thread has at most one open)."""
    before = [c for c in log if c["at"] <= kill + KILL_SLACK]
    return before[-1] if before else {}


def kill_during(fake, pid, min_sent, method):
    # In this process, so that the kill follows the observation within milliseconds.
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        log = get_json(fake + "/__control/log")
        if log and log[-1]["method"] == method and log[-1]["status"] is None:
            sent = len(get_json(fake + "/__control/sent"))
            if sent >= min_sent:
                os.kill(pid, signal.SIGKILL)
                print(f"{time.time():.3f} {sent}")
                return 0
        time.sleep(0.005)
    return 1


def check_repeats(fake, texts, kills, **_):
    """A text arrived twice only when its sendMessage was the call in flight at a kill (pushd has
    one delivery thread, so that is the last call to reach the fake before it), none more often."""
    sent = get_json(fake + "/__control/sent")
    repeated = {t: len(copies(sent, t)) for _, t in texts if len(copies(sent, t)) > 1}
    log = get_json(fake + "/__control/log")
    calls = [in_flight_at(log, kill) for kill in kills]
    in_flight = [c["params"].get("text", "") for c in calls if c.get("method") == "sendMessage"]
    print(f"  {len(repeated)} text(s) arrived twice; sends in flight at the kills: {len(in_flight)}")
    problems = [f"{t!r} arrived {n} times" for t, n in repeated.items() if n > 2]
    for text in repeated:
        if not any(text in call for call in in_flight):
            problems.append(f"{text!r} arrived twice but was not a send in flight at a kill")
    return problems


def check_one_topic(fake, texts, conversations, **_):
    """Every conversation of the burst has exactly one topic (its name ends with the end of the
    conversation's ID), and no other topic was created."""
    topics = get_json(fake + "/__control/topics")
    problems = []
    if len(conversations) != 20:
        problems.append(f"{len(conversations)} conversations, not 20")
    for conversation in conversations:
        tail = conversation["id"][-6:].lower()
        named = [t for t in topics if t["name"].endswith(" · " + tail)]
        if len(named) != 1:
            problems.append(f"conversation {conversation['id']} has {len(named)} topics: {[t['name'] for t in named]}")
    if len(topics) != len(conversations):
        problems.append(f"{len(topics)} topics for {len(conversations)} conversations")
    return problems


def check_one_thread_per_user(fake, texts, **_):
    """A user's texts all went to one topic, a topic of its own."""
    sent = get_json(fake + "/__control/sent")
    topics = {t["threadId"] for t in get_json(fake + "/__control/topics")}
    threads = {}
    for user, text in texts:
        for copy in copies(sent, text):
            threads.setdefault(user, set()).add(copy["threadId"])
    problems = [f"user {u} wrote into threads {sorted(map(str, t))}" for u, t in threads.items() if len(t) != 1]
    owners = {}
    for user, thread in threads.items():
        for t in thread:
            owners.setdefault(t, set()).add(user)
            if t not in topics:
                problems.append(f"user {user}'s texts went to {t}, not a created topic")
    problems += [f"thread {t} holds the texts of users {sorted(u)}" for t, u in owners.items() if len(u) > 1]
    return problems


CHECKS = {"all-arrived": check_all_arrived, "repeats": check_repeats, "one-topic": check_one_topic,
          "one-thread-per-user": check_one_thread_per_user}


def direct(fake, token, chat_id, thread_id, n):
    url = urllib.parse.urlsplit(fake)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
    path = f"/bot{token}/sendMessage"
    start = time.monotonic()
    for i in range(n):
        body = json.dumps({"chat_id": chat_id, "message_thread_id": thread_id, "text": f"ceiling {i}",
                           "link_preview_options": {"is_disabled": True}})
        connection.request("POST", path, body, {"Content-Type": "application/json"})
        answer = connection.getresponse()
        answer.read()
        if answer.status != 200:
            print(f"sendMessage answered {answer.status}", file=sys.stderr)
            return 1
    print(round(n / (time.monotonic() - start)))
    return 0


def main(argv):
    command = argv[1]
    if command == "burst":
        return burst(argv[2], argv[3], int(argv[4]), int(argv[5]), argv[6])
    if command == "kill-during":
        return kill_during(argv[2], int(argv[3]), int(argv[4]), argv[5])
    if command == "in-flight":
        print(in_flight_at(get_json(argv[2] + "/__control/log"), float(argv[3])).get("method", "none"))
        return 0
    if command == "arrived":
        sent = get_json(argv[2] + "/__control/sent")
        print(sum(1 for _, t in read_texts(argv[3]) if copies(sent, t)))
        return 0
    if command == "check":
        with open(argv[6]) as file:
            conversations = json.load(file)["items"]
        problems = CHECKS[argv[2]](fake=argv[3], texts=read_texts(argv[4]),
                                   kills=[float(k) for k in argv[5].split(",") if k],
                                   conversations=conversations)
        for problem in problems:
            print("  " + problem)
        return 1 if problems else 0
    if command == "direct":
        return direct(argv[2], argv[3], int(argv[4]), int(argv[5]), int(argv[6]))
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
