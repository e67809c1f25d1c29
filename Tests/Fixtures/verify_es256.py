#!/usr/bin/env python3
"""Verify an ES256 JWT with the `cryptography` package, independently of the hub's code.

Usage: verify_es256.py PUBLIC_KEY_PEM_PATH JWT [EXPECTED_KID]

Checks the header (alg ES256, typ JWT, kid present and equal to EXPECTED_KID if given),
converts the raw 64-byte r||s signature to DER and verifies it with ECDSA(SHA256) on P-256.
On success prints the claims as JSON (sorted keys) and exits 0; otherwise prints the reason
to stderr and exits 1.
"""
import base64
import json
import sys

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def b64url_decode(part: str) -> bytes:
    if "=" in part:
        raise ValueError("padding is not allowed in JWS")
    return base64.urlsafe_b64decode(part + "=" * (-len(part) % 4))


def fail(reason: str) -> None:
    print(f"verify_es256: {reason}", file=sys.stderr)
    sys.exit(1)


def main() -> None:
    if len(sys.argv) not in (3, 4):
        fail("usage: verify_es256.py PUBLIC_KEY_PEM_PATH JWT [EXPECTED_KID]")
    with open(sys.argv[1], "rb") as f:
        public_key = serialization.load_pem_public_key(f.read())
    if not isinstance(public_key, ec.EllipticCurvePublicKey) or public_key.curve.name != "secp256r1":
        fail("public key is not EC P-256")

    parts = sys.argv[2].strip().split(".")
    if len(parts) != 3:
        fail("a JWS has three parts")
    try:
        header = json.loads(b64url_decode(parts[0]))
        claims = json.loads(b64url_decode(parts[1]))
        signature = b64url_decode(parts[2])
    except Exception as exc:  # noqa: BLE001 - any decoding problem is a failure
        fail(f"undecodable token: {exc}")

    if header.get("alg") != "ES256":
        fail(f"header alg is {header.get('alg')!r}")
    if header.get("typ") != "JWT":
        fail(f"header typ is {header.get('typ')!r}")
    if not isinstance(header.get("kid"), str) or not header["kid"]:
        fail("header kid is missing")
    if len(sys.argv) == 4 and header["kid"] != sys.argv[3]:
        fail(f"header kid is {header['kid']!r}, expected {sys.argv[3]!r}")
    if len(signature) != 64:
        fail(f"signature is {len(signature)} bytes, expected 64")

    r = int.from_bytes(signature[:32], "big")
    s = int.from_bytes(signature[32:], "big")
    signing_input = (parts[0] + "." + parts[1]).encode("ascii")
    try:
        public_key.verify(encode_dss_signature(r, s), signing_input, ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        fail("signature does not verify")

    print(json.dumps(claims, sort_keys=True, separators=(",", ":")))


if __name__ == "__main__":
    main()
