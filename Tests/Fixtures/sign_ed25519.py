#!/usr/bin/env python3
"""Sign a message with Ed25519 using the `cryptography` package, independently of the hub's code.

Usage: sign_ed25519.py MESSAGE_HEX [PRIVATE_KEY_HEX]

Signs the bytes of MESSAGE_HEX with the 32-byte private key PRIVATE_KEY_HEX (RFC 8032 seed), or
with a freshly generated key when none is given, and prints
{"publicKey": HEX, "signature": HEX} (raw 32-byte key, 64-byte signature) as JSON.
"""
import json
import sys

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey


def main() -> None:
    if len(sys.argv) not in (2, 3):
        print("usage: sign_ed25519.py MESSAGE_HEX [PRIVATE_KEY_HEX]", file=sys.stderr)
        sys.exit(2)
    message = bytes.fromhex(sys.argv[1])
    if len(sys.argv) == 3:
        key = Ed25519PrivateKey.from_private_bytes(bytes.fromhex(sys.argv[2]))
    else:
        key = Ed25519PrivateKey.generate()
    public = key.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    print(json.dumps({"publicKey": public.hex(), "signature": key.sign(message).hex()}))


if __name__ == "__main__":
    main()
