#!/usr/bin/env python3
"""A fake SMTP submission server on aiosmtpd, for the delivery daemon's email tests.

Usage: fake_smtp.py [--port 0] [--user U] [--password P]

At startup it makes a throwaway CA and a server certificate for 127.0.0.1/localhost (as
h2_tls_server.py does), opens three SMTP listeners and a control HTTP listener on 127.0.0.1,
and prints five lines on stdout, then nothing else:
    line 1: the control port (HTTP/1.1)
    line 2: the path of the CA certificate (PEM) that signed the server certificate
    line 3: the STARTTLS port: EHLO offers STARTTLS, and every command but EHLO, NOOP, QUIT and
            STARTTLS answers "530 Must issue a STARTTLS command first" until TLS is up; AUTH is
            offered only over TLS and required before MAIL (530 otherwise)
    line 4: the plain port: no STARTTLS at all (a server a hub requiring TLS must not send to);
            AUTH is not offered, MAIL needs none
    line 5: the implicit TLS port (smtps): TLS from the first byte, AUTH required
It exits when stdin reaches EOF or on SIGTERM.

AUTH PLAIN and LOGIN are checked against --user/--password (default "hub"/"smtp-secret"); a
wrong pair is "535 5.7.8 Authentication credentials invalid", as real servers answer.
Lines over 1,000 octets (998 + CRLF) are refused, as RFC 5321 servers do.

Control (no auth), JSON:
    GET  /control/messages   [{"mailFrom", "rcptTos", "data" (the raw message, CRLF kept), "tls",
                               "user", "listener", "parsed"}] messages accepted, in order; "parsed"
                               is the message as Python's `email` package reads it: {"headers":
                               {name: decoded value}, "defects": [...], "parts": [{"type", "charset",
                               "encoding", "text" (decoded)}]}
    GET  /control/commands   [{"command": "RCPT"|"DATA", "reply", "listener"}] every RCPT and DATA
                               answered, scripted or not
    POST /control/script     {"rcpt": ["451 4.7.1 Try again later", …], "data": ["550 5.1.1 …"]}:
                               the next RCPTs (or DATAs) get these replies, in order, and change
                               nothing; replies are appended to those still waiting
    POST /control/reset      forgets messages, commands and scripts
"""
import argparse
import asyncio
import email
import email.policy
import json
import os
import shutil
import signal
import ssl
import sys
import tempfile
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from h2_tls_server import write_test_pki  # noqa: E402


class State:
    def __init__(self, user, password):
        self.lock = threading.Lock()
        self.user = user
        self.password = password
        self.messages = []
        self.commands = []
        self.scripts = {"rcpt": [], "data": []}

    def scripted(self, command):
        with self.lock:
            queue = self.scripts[command]
            return queue.pop(0) if queue else None

    def record(self, command, reply, listener):
        with self.lock:
            self.commands.append({"command": command, "reply": reply, "listener": listener})


class Handler:
    def __init__(self, state, listener):
        self.state = state
        self.listener = listener

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        reply = self.state.scripted("rcpt") or "250 2.1.5 OK"
        if reply.startswith("250"):
            envelope.rcpt_tos.append(address)
        self.state.record("RCPT", reply, self.listener)
        return reply

    async def handle_DATA(self, server, session, envelope):
        reply = self.state.scripted("data") or "250 2.0.0 Message accepted"
        if reply.startswith("250"):
            raw = envelope.original_content if envelope.original_content is not None else envelope.content
            with self.state.lock:
                self.state.messages.append({
                    "mailFrom": envelope.mail_from, "rcptTos": list(envelope.rcpt_tos),
                    "data": raw.decode("utf-8", errors="replace"), "tls": session.ssl is not None or self.listener == "smtps",
                    "user": session.auth_data, "listener": self.listener, "parsed": parse(raw),
                })
        self.state.record("DATA", reply, self.listener)
        return reply


def parse(raw):
    message = email.message_from_bytes(raw, policy=email.policy.default)
    parts = [message] if not message.is_multipart() else [p for p in message.walk() if not p.is_multipart()]
    return {
        "headers": {name: str(value) for name, value in message.items()},
        "contentType": message.get_content_type(),
        "defects": [type(d).__name__ for d in message.defects] + [type(d).__name__ for p in parts for d in p.defects],
        "parts": [{"type": p.get_content_type(), "charset": p.get_content_charset(),
                   "encoding": p.get("Content-Transfer-Encoding"), "text": p.get_content()} for p in parts],
    }


def authenticator_for(state):
    def authenticate(server, session, envelope, mechanism, auth_data):
        if not isinstance(auth_data, LoginPassword):
            return AuthResult(success=False, handled=False)
        user = auth_data.login.decode("utf-8", errors="replace")
        ok = user == state.user and auth_data.password.decode("utf-8", errors="replace") == state.password
        return AuthResult(success=ok, handled=False, auth_data=user if ok else None)
    return authenticate


def control_handler(state):
    class Control(BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def answer(self, status, body):
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self):
            with state.lock:
                if self.path == "/control/messages":
                    return self.answer(200, state.messages)
                if self.path == "/control/commands":
                    return self.answer(200, state.commands)
            self.answer(404, {"error": "not found"})

        def do_POST(self):
            length = int(self.headers.get("Content-Length") or 0)
            try:
                body = json.loads(self.rfile.read(length) or b"{}")
            except ValueError:
                return self.answer(400, {"error": "malformed JSON"})
            with state.lock:
                if self.path == "/control/script":
                    for command in ("rcpt", "data"):
                        replies = body.get(command, [])
                        if not isinstance(replies, list) or not all(isinstance(r, str) and r[:3].isdigit() for r in replies):
                            return self.answer(400, {"error": f"{command}: expected a list of SMTP reply lines"})
                        state.scripts[command].extend(replies)
                    return self.answer(200, {})
                if self.path == "/control/reset":
                    state.messages.clear()
                    state.commands.clear()
                    state.scripts = {"rcpt": [], "data": []}
                    return self.answer(200, {})
            self.answer(404, {"error": "not found"})
    return Control


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--user", default="hub")
    parser.add_argument("--password", default="smtp-secret")
    args = parser.parse_args()
    directory = tempfile.mkdtemp(prefix="appnorth-smtp-")
    pki = write_test_pki(directory)
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(pki["server.pem"], pki["server.key"])
    state = State(args.user, args.password)
    authenticate = authenticator_for(state)
    loop = asyncio.get_running_loop()

    def factory(listener, **options):
        return lambda: SMTP(Handler(state, listener), hostname="fake-smtp.test", authenticator=authenticate, **options)

    starttls = await loop.create_server(
        factory("starttls", tls_context=context, require_starttls=True, auth_required=True), "127.0.0.1", 0)
    plain = await loop.create_server(factory("plain"), "127.0.0.1", 0)
    # Implicit TLS: the transport is TLS already, which aiosmtpd does not count as STARTTLS.
    smtps = await loop.create_server(
        factory("smtps", auth_required=True, auth_require_tls=False), "127.0.0.1", 0, ssl=context)
    control = ThreadingHTTPServer(("127.0.0.1", args.port), control_handler(state))
    threading.Thread(target=control.serve_forever, daemon=True).start()

    def exit_now():
        shutil.rmtree(directory, ignore_errors=True)
        os._exit(0)
    ports = [control.server_address[1], pki["ca.pem"]] + [s.sockets[0].getsockname()[1] for s in (starttls, plain, smtps)]
    sys.stdout.write("".join(f"{line}\n" for line in ports))
    sys.stdout.flush()
    loop.add_signal_handler(signal.SIGTERM, exit_now)
    await loop.run_in_executor(None, sys.stdin.buffer.read)
    exit_now()


if __name__ == "__main__":
    asyncio.run(main())
