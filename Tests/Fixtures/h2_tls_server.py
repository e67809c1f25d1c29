#!/usr/bin/env python3
"""HTTP/2-over-TLS test server (ALPN "h2") built on the `h2` package.

Usage: h2_tls_server.py [--port 0] [--dir DIR]

At startup it creates a throwaway CA and a server certificate for 127.0.0.1/localhost in DIR
(a new temp dir by default), listens on 127.0.0.1, then prints two lines on stdout:
    line 1: the port
    line 2: the path of the CA certificate (PEM) that signed the server certificate
and nothing else. It exits when stdin reaches EOF (its parent went away) or on SIGTERM, removing DIR if it
created it.

Routes (the base for fakes of real providers: subclass `H2TLSServer` and override `route`):
    /big?bytes=N[&length=0]   N bytes of 'x' (with content-length unless length=0)
    /slow?ms=N                waits N ms, then answers like any other path
    anything else             JSON echo: method, path, headers, bodyLength, connection, stream
Every JSON answer carries `connection`, the 1-based number of the TLS connection it came on.
"""
import argparse
import asyncio
import datetime
import ipaddress
import json
import os
import shutil
import signal
import ssl
import sys
import tempfile
from dataclasses import dataclass, field
from urllib.parse import parse_qs, urlsplit

import h2.config
import h2.connection
import h2.events
import h2.exceptions
import h2.settings
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID


def write_test_pki(directory):
    """Writes ca.pem, server.pem and server.key into `directory`; returns their paths."""
    now = datetime.datetime.now(datetime.timezone.utc)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "AppNorth Test CA")])
    ca_cert = (
        x509.CertificateBuilder()
        .subject_name(ca_name).issuer_name(ca_name)
        .public_key(ca_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(x509.KeyUsage(digital_signature=True, key_cert_sign=True, crl_sign=True,
                                     content_commitment=False, key_encipherment=False,
                                     data_encipherment=False, key_agreement=False,
                                     encipher_only=False, decipher_only=False), critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key()), critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    key = ec.generate_private_key(ec.SECP256R1())
    cert = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")]))
        .issuer_name(ca_name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([
            x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    paths = {name: os.path.join(directory, name) for name in ("ca.pem", "server.pem", "server.key")}
    with open(paths["ca.pem"], "wb") as f:
        f.write(ca_cert.public_bytes(serialization.Encoding.PEM))
    with open(paths["server.pem"], "wb") as f:
        f.write(cert.public_bytes(serialization.Encoding.PEM))
    with open(paths["server.key"], "wb") as f:
        f.write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                  serialization.NoEncryption()))
    return paths


@dataclass
class Request:
    method: str
    path: str
    headers: list  # [(name, value)] as received, pseudo-headers excluded
    body: bytearray = field(default_factory=bytearray)
    connection: int = 0
    stream_id: int = 0

    @property
    def route(self):
        return urlsplit(self.path).path

    @property
    def query(self):
        return {k: v[-1] for k, v in parse_qs(urlsplit(self.path).query).items()}


@dataclass
class Response:
    status: int = 200
    headers: list = field(default_factory=list)
    body: bytes = b""
    content_length: bool = True


class H2TLSServer:
    # SETTINGS_MAX_CONCURRENT_STREAMS sent to each client (fakes set their provider's).
    max_concurrent_streams = 100

    def __init__(self, cert_file, key_file):
        self.ssl = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        self.ssl.load_cert_chain(cert_file, key_file)
        self.ssl.set_alpn_protocols(["h2"])
        self.connections = 0

    async def route(self, request):
        """Answers one request; override for other fakes."""
        q = request.query
        if request.route == "/slow":
            await asyncio.sleep(int(q.get("ms", "1000")) / 1000)
        if request.route == "/big":
            return Response(body=b"x" * int(q.get("bytes", "0")), content_length=q.get("length") != "0",
                            headers=[("content-type", "application/octet-stream")])
        echo = {
            "method": request.method, "path": request.path,
            "headers": {k: v for k, v in request.headers},
            "bodyLength": len(request.body),
            "connection": request.connection, "stream": request.stream_id,
        }
        return Response(headers=[("content-type", "application/json")], body=json.dumps(echo).encode())

    def answered(self, connection, request, response):
        """Called as each answer is about to go out; override to change settings mid-connection."""

    async def serve_connection(self, reader, writer):
        self.connections += 1
        conn = _Connection(self, self.connections, reader, writer)
        try:
            await conn.run()
        except (ConnectionError, ssl.SSLError, asyncio.IncompleteReadError):
            pass
        finally:
            conn.close()


class _Connection:
    def __init__(self, server, number, reader, writer):
        self.server, self.number, self.reader, self.writer = server, number, reader, writer
        self.h2 = h2.connection.H2Connection(h2.config.H2Configuration(client_side=False, header_encoding="utf-8"))
        self.h2.local_settings = h2.settings.Settings(client=False, initial_values={
            h2.settings.SettingCodes.MAX_CONCURRENT_STREAMS: server.max_concurrent_streams,
            h2.settings.SettingCodes.MAX_HEADER_LIST_SIZE: self.h2.DEFAULT_MAX_HEADER_LIST_SIZE})
        self.requests = {}
        self.window_open = {}
        self.tasks = set()
        # SETTINGS acknowledged by the client. h2 counts the first acknowledgement (of the
        # initial SETTINGS) against the oldest pending change, so a change must wait for it.
        self.settings_acked = 0

    async def run(self):
        self.h2.initiate_connection()
        await self.flush()
        while True:
            data = await self.reader.read(65536)
            if not data:
                return
            try:
                events = self.h2.receive_data(data)
            except h2.exceptions.ProtocolError:
                # h2 has queued a GOAWAY naming the last stream it took: send it, let the streams
                # being answered finish, then close, as a server such as APNs does.
                await self.flush()
                await asyncio.gather(*self.tasks, return_exceptions=True)
                await self.flush()
                return
            for event in events:
                self.handle(event)
            await self.flush()

    def handle(self, event):
        if isinstance(event, h2.events.SettingsAcknowledged):
            self.settings_acked += 1
        elif isinstance(event, h2.events.RequestReceived):
            pseudo = dict((k, v) for k, v in event.headers if k.startswith(":"))
            headers = [(k, v) for k, v in event.headers if not k.startswith(":")]
            # A request without a body also yields its own StreamEnded event, which starts it.
            self.requests[event.stream_id] = Request(pseudo.get(":method", ""), pseudo.get(":path", ""),
                                                     headers, connection=self.number, stream_id=event.stream_id)
        elif isinstance(event, h2.events.DataReceived):
            self.requests[event.stream_id].body += event.data
            self.h2.acknowledge_received_data(event.flow_controlled_length, event.stream_id)
        elif isinstance(event, h2.events.StreamEnded):
            self.start(event.stream_id)
        elif isinstance(event, h2.events.StreamReset):
            self.requests.pop(event.stream_id, None)
            self.wake(event.stream_id)
        elif isinstance(event, h2.events.WindowUpdated):
            self.wake(event.stream_id)

    def wake(self, stream_id):
        targets = self.window_open.values() if stream_id == 0 else [self.window_open.get(stream_id)]
        for ev in targets:
            if ev is not None:
                ev.set()

    def start(self, stream_id):
        if stream_id not in self.requests:
            return
        task = asyncio.ensure_future(self.respond(self.requests[stream_id]))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def respond(self, request):
        response = await self.server.route(request)
        self.server.answered(self, request, response)
        headers = [(":status", str(response.status))] + list(response.headers)
        if response.content_length:
            headers.append(("content-length", str(len(response.body))))
        sid = request.stream_id
        try:
            self.h2.send_headers(sid, headers, end_stream=not response.body)
            await self.flush()
            await self.send_body(sid, response.body)
        except (h2.exceptions.StreamClosedError, h2.exceptions.ProtocolError, ConnectionError):
            pass
        finally:
            self.requests.pop(sid, None)

    async def send_body(self, sid, body):
        view = memoryview(body)
        while view:
            allowed = min(self.h2.local_flow_control_window(sid), self.h2.max_outbound_frame_size, len(view))
            if allowed <= 0:
                ev = self.window_open.setdefault(sid, asyncio.Event())
                ev.clear()
                await ev.wait()
                if sid not in self.requests:
                    return
                continue
            self.h2.send_data(sid, view[:allowed].tobytes(), end_stream=allowed == len(view))
            view = view[allowed:]
            await self.flush()
        self.window_open.pop(sid, None)

    async def flush(self):
        data = self.h2.data_to_send()
        if data:
            self.writer.write(data)
            await self.writer.drain()

    def close(self):
        for task in self.tasks:
            task.cancel()
        self.writer.close()


async def main(server_class=H2TLSServer):
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--dir", default=None)
    # Fakes built on this server take their own options; they find them in `server.extra_args`.
    args, extra = parser.parse_known_args()
    directory = args.dir or tempfile.mkdtemp(prefix="appnorth-h2-")
    pki = write_test_pki(directory)

    def exit_now():
        if not args.dir:
            shutil.rmtree(directory, ignore_errors=True)
        os._exit(0)
    server = server_class(pki["server.pem"], pki["server.key"])
    server.extra_args = extra
    listener = await asyncio.start_server(server.serve_connection, "127.0.0.1", args.port, ssl=server.ssl)
    port = listener.sockets[0].getsockname()[1]
    server.port = port
    sys.stdout.write(f"{port}\n{pki['ca.pem']}\n")
    sys.stdout.flush()
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGTERM, exit_now)
    # The parent holds our stdin open: EOF means it is gone, so are we.
    await loop.run_in_executor(None, sys.stdin.buffer.read)
    exit_now()


if __name__ == "__main__":
    asyncio.run(main())
