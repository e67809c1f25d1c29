#!/usr/bin/env python3
"""HTTP/1.1 test server on `http.server` (keep-alive, one thread per connection).

Usage: http1_server.py [--port 0]
Prints the chosen port on its first stdout line and nothing else; exits when stdin reaches
EOF (its parent went away) or on SIGTERM.

Routes:
    /big?bytes=N       N bytes of 'x' with Content-Length
    /chunked?bytes=N   N bytes of 'x', Transfer-Encoding: chunked (no Content-Length)
    /slow?ms=N         waits N ms, then answers like /echo
    /echo (and any other path)
                       JSON: method, path, headers, bodyLength, connection
`connection` is the 1-based number of the TCP connection the request came on.
"""
import argparse
import itertools
import json
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

_connection_numbers = itertools.count(1)
_connection_lock = threading.Lock()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def setup(self):
        super().setup()
        with _connection_lock:
            self.connection_number = next(_connection_numbers)

    def log_message(self, *args):
        pass

    def do_GET(self):
        self.answer()

    do_POST = do_PUT = do_DELETE = do_PATCH = do_GET

    def answer(self):
        url = urlsplit(self.path)
        query = {k: v[-1] for k, v in parse_qs(url.query).items()}
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        try:
            if url.path == "/big":
                self.send_bytes(int(query.get("bytes", "0")), chunked=False)
            elif url.path == "/chunked":
                self.send_bytes(int(query.get("bytes", "0")), chunked=True)
            else:
                if url.path == "/slow":
                    time.sleep(int(query.get("ms", "1000")) / 1000)
                self.send_echo(body)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def send_echo(self, body):
        echo = json.dumps({
            "method": self.command, "path": self.path,
            "headers": {k.lower(): v for k, v in self.headers.items()},
            "bodyLength": len(body), "connection": self.connection_number,
        }).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(echo)))
        self.send_header("X-Fixture", "http1")
        self.end_headers()
        self.wfile.write(echo)

    def send_bytes(self, count, chunked):
        self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream")
        if chunked:
            self.send_header("Transfer-Encoding", "chunked")
        else:
            self.send_header("Content-Length", str(count))
        self.end_headers()
        block = b"x" * 65536
        while count > 0:
            part = block[:min(count, len(block))]
            self.wfile.write(b"%x\r\n%s\r\n" % (len(part), part) if chunked else part)
            count -= len(part)
        if chunked:
            self.wfile.write(b"0\r\n\r\n")


class JSONReplies:
    """`send_json`/`send_text` for a fake's `BaseHTTPRequestHandler`: a JSON answer with its
    Content-Length and any extra headers (Retry-After and the like)."""

    def send_json(self, status, body, headers=None):
        self.send_text(status, json.dumps(body), headers)

    def send_text(self, status, text, headers=None):
        data = text.encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # Clients that cut a response short (size caps, timeouts) are expected here.
        if not isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            super().handle_error(request, client_address)


def serve(handler, port, server_class=None):
    """Serves `handler` on 127.0.0.1:`port` (0: any), prints the port, and exits when stdin
    reaches EOF; fakes built on `http.server` share this."""
    server = (server_class or Server)(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    sys.stdout.write(f"{server.server_address[1]}\n")
    sys.stdout.flush()
    # The parent holds our stdin open: EOF means it is gone, so are we.
    sys.stdin.buffer.read()
    os._exit(0)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    serve(Handler, args.port)


if __name__ == "__main__":
    main()
