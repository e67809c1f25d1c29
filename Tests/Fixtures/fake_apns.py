#!/usr/bin/env python3
"""A fake APNs provider API: HTTP/2 over TLS (ALPN "h2"), on top of h2_tls_server.py.

Usage: fake_apns.py [--port 0] [--dir DIR] [--quiet]

Prints the port and the CA certificate path like h2_tls_server.py, then serves:

    POST /3/device/<token>   a push. The JWT in `authorization: bearer …` is verified with the
                             `cryptography` package (ES256, the kid's registered public key,
                             `iss` = the kid's team ID); a bad one is 403 InvalidProviderToken.
                             Otherwise the token's next scripted reply is used, else 200.
    POST /control/keys       {"kid": "...", "teamId": "...", "publicKey": "<PEM>"} registers a key
    POST /control/script     {"<token>": [{"status": 503, "reason": "...", "timestamp": ms,
                             "delayMs": n}, …]} appends replies, consumed one per push
    GET  /control/log        {"requests": [...], "connections": n} (without --quiet)
    POST /control/reset      forgets the log and the scripts (keys stay)

Each log entry: token, headers (lowercase names), payload (parsed JSON), jwt (the raw token),
jwtValid, claims, kid, status, reason, connection, stream, inFlight (the pushes unanswered
when it came, itself included).
Like APNs it allows 500 concurrent streams per connection.
With --quiet nothing is logged (for benchmarks); a JWT already verified is not verified again.
"""
import asyncio
import base64
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import h2.settings  # noqa: E402
import h2_tls_server  # noqa: E402
from h2_tls_server import H2TLSServer, Response  # noqa: E402
from cryptography.exceptions import InvalidSignature  # noqa: E402
from cryptography.hazmat.primitives import hashes, serialization  # noqa: E402
from cryptography.hazmat.primitives.asymmetric import ec  # noqa: E402
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature  # noqa: E402

QUIET = "--quiet" in sys.argv
if QUIET:
    sys.argv.remove("--quiet")


def b64url_decode(part):
    if "=" in part:
        raise ValueError("padding")
    return base64.urlsafe_b64decode(part + "=" * (-len(part) % 4))


def json_response(status, body=None, headers=None):
    data = json.dumps(body).encode() if body is not None else b""
    extra = [("content-type", "application/json")] if body is not None else []
    return Response(status=status, headers=extra + (headers or []), body=data)


class FakeAPNs(H2TLSServer):
    # What APNs allows on a new connection.
    max_concurrent_streams = 500

    def __init__(self, cert_file, key_file):
        super().__init__(cert_file, key_file)
        self.in_flight = 0  # pushes received and not yet answered
        self.windows = {}   # connection number -> the stream window last sent to it
        self.keys = {}      # kid -> (teamId, public key)
        self.scripts = {}   # token -> [reply]
        self.log = []
        self.verified = {}  # raw JWT -> (valid, claims, kid)

    def verify(self, authorization):
        if not authorization.lower().startswith("bearer "):
            return False, None, None
        jwt = authorization[7:]
        if jwt in self.verified:
            return self.verified[jwt]
        result = (False, None, None)
        try:
            header_b64, claims_b64, signature_b64 = jwt.split(".")
            header = json.loads(b64url_decode(header_b64))
            claims = json.loads(b64url_decode(claims_b64))
            kid = header.get("kid")
            result = (False, claims, kid)
            if header.get("alg") == "ES256" and kid in self.keys:
                team, public_key = self.keys[kid]
                raw = b64url_decode(signature_b64)
                if len(raw) == 64 and claims.get("iss") == team and isinstance(claims.get("iat"), int):
                    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
                    public_key.verify(der, f"{header_b64}.{claims_b64}".encode(), ec.ECDSA(hashes.SHA256()))
                    result = (True, claims, kid)
        except (ValueError, InvalidSignature, KeyError):
            pass
        self.verified[jwt] = result
        return result

    def answered(self, connection, request, response):
        # Like APNs: a rejected push drops the connection's window to 1 stream, the next push
        # that goes through restores it.
        if not request.route.startswith("/3/device/"):
            return
        window = self.max_concurrent_streams if response.status == 200 else 1
        if connection.settings_acked and self.windows.get(connection.number, self.max_concurrent_streams) != window:
            self.windows[connection.number] = window
            connection.h2.update_settings({h2.settings.SettingCodes.MAX_CONCURRENT_STREAMS: window})

    async def route(self, request):
        path = request.route
        if path == "/control/keys":
            body = json.loads(request.body)
            self.keys[body["kid"]] = (body["teamId"], serialization.load_pem_public_key(body["publicKey"].encode()))
            self.verified.clear()
            return json_response(200, {"ok": True})
        if path == "/control/script":
            for token, replies in json.loads(request.body).items():
                self.scripts.setdefault(token, []).extend(replies)
            return json_response(200, {"ok": True})
        if path == "/control/log":
            return json_response(200, {"requests": self.log, "connections": self.connections})
        if path == "/control/reset":
            self.log, self.scripts = [], {}
            return json_response(200, {"ok": True})
        if not path.startswith("/3/device/") or request.method != "POST":
            return json_response(404, {"reason": "BadPath"})
        self.in_flight += 1
        try:
            return await self.push(request, path[len("/3/device/"):], self.in_flight)
        finally:
            self.in_flight -= 1

    async def push(self, request, token, in_flight):
        headers = {k.lower(): v for k, v in request.headers}
        valid, claims, kid = self.verify(headers.get("authorization", ""))
        reply = {"status": 200}
        if not valid:
            reply = {"status": 403, "reason": "InvalidProviderToken"}
        elif self.scripts.get(token):
            reply = self.scripts[token].pop(0)
        if reply.get("delayMs"):
            await asyncio.sleep(reply["delayMs"] / 1000)
        if not QUIET:
            try:
                payload = json.loads(request.body)
            except ValueError:
                payload = None
            self.log.append({
                "token": token, "headers": headers, "payload": payload, "jwt": headers.get("authorization", "")[7:],
                "jwtValid": valid, "claims": claims, "kid": kid, "status": reply["status"], "reason": reply.get("reason"),
                "connection": request.connection, "stream": request.stream_id, "inFlight": in_flight,
            })
        response_headers = [("apns-id", headers.get("apns-id", ""))]
        if reply["status"] == 200:
            return Response(status=200, headers=response_headers, body=b"")
        body = {"reason": reply.get("reason", "")}
        if "timestamp" in reply:
            body["timestamp"] = reply["timestamp"]
        return json_response(reply["status"], body, response_headers)


if __name__ == "__main__":
    asyncio.run(h2_tls_server.main(FakeAPNs))
