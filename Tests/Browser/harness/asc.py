"""App Store Connect as the hub reaches it in this suite: `Tests/Fixtures/fake_asc.py`, JSON:API
over HTTP/2 and TLS under a throwaway CA, which asod is pointed at with `APPNORTH_ASC_URL` and
trusts through `APPNORTH_TLS_CA_FILE`. Its control routes speak HTTP/2 only (ALPN "h2"), so
they are called here with the `h2` package over one TLS connection per call. A team key is
made for each fake: `key_pem` is the `.p8` a person uploads, its public half is registered."""
import json
import socket
import ssl
import subprocess
import sys
from pathlib import Path

import h2.config
import h2.connection
import h2.events
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

ISSUER = "69a6de70-03db-47e3-e053-5b8c7c11a4d1"
KEY_ID = "2X9R4HXF34"


class FakeASC:
    def __init__(self, root):
        path = Path(root) / "Tests" / "Fixtures" / "fake_asc.py"
        self.process = subprocess.Popen(
            [sys.executable, str(path), "--port", "0"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        port = self.process.stdout.readline().strip()
        self.ca_file = self.process.stdout.readline().strip()
        if not port.isdigit() or not Path(self.ca_file).exists():
            self.stop()
            raise RuntimeError(f"fake_asc.py did not start (printed {port!r})")
        self.port = int(port)
        self.base_url = f"https://127.0.0.1:{port}"
        key = ec.generate_private_key(ec.SECP256R1())
        self.key_pem = key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()).decode()
        self.public_pem = key.public_key().public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo).decode()

    def environment(self):
        # A short wait for Apple, so a write the fake answers late becomes uncertain within a test;
        # the prices worker runs only when a test asks.
        return {"APPNORTH_ASC_URL": self.base_url, "APPNORTH_TLS_CA_FILE": self.ca_file, "APPNORTH_ASC_TIMEOUT_S": "5",
                "APPNORTH_PRICES_INTERVAL_S": "0"}

    def state(self, apps, price_points=None):
        """Replaces the fake's apps (with their reviews) and price points, and registers this suite's key."""
        return self.control("/__control/state", {"keys": {KEY_ID: {"issuer": ISSUER, "publicKeyPem": self.public_pem}}, "apps": apps,
                                                 "pricePoints": price_points or {}})

    def control(self, path, body=None):
        """A control route: POST with `body`, GET without; its JSON answer."""
        context = ssl.create_default_context(cafile=self.ca_file)
        context.set_alpn_protocols(["h2"])
        with socket.create_connection(("127.0.0.1", self.port), timeout=15) as raw:
            with context.wrap_socket(raw, server_hostname="127.0.0.1") as tls:
                conn = h2.connection.H2Connection(config=h2.config.H2Configuration(client_side=True))
                conn.initiate_connection()
                data = json.dumps(body).encode() if body is not None else b""
                headers = [(":method", "POST" if body is not None else "GET"), (":path", path), (":scheme", "https"),
                           (":authority", f"127.0.0.1:{self.port}"), ("content-type", "application/json"),
                           ("content-length", str(len(data)))]
                conn.send_headers(1, headers, end_stream=not data)
                if data:
                    conn.send_data(1, data, end_stream=True)
                tls.sendall(conn.data_to_send())
                status, answer, ended = None, b"", False
                while not ended:
                    chunk = tls.recv(65536)
                    if not chunk:
                        break
                    for event in conn.receive_data(chunk):
                        if isinstance(event, h2.events.ResponseReceived):
                            status = int(dict(event.headers)[b":status"])
                        elif isinstance(event, h2.events.DataReceived):
                            answer += event.data
                            conn.acknowledge_received_data(event.flow_controlled_length, event.stream_id)
                        elif isinstance(event, h2.events.StreamEnded):
                            ended = True
                    tls.sendall(conn.data_to_send())
                if status != 200:
                    raise RuntimeError(f"fake_asc {path} answered {status}: {answer[:200]!r}")
                return json.loads(answer or b"null")

    def read(self, path):
        return self.control(path)

    def stop(self):
        if self.process.poll() is None:
            self.process.stdin.close()
            self.process.terminate()
            self.process.wait(timeout=10)
