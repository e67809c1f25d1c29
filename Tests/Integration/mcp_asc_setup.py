#!/usr/bin/env python3
"""Connects a running hub to the fake App Store Connect for the MCP run (mcp_client.sh): a new
ES256 key registered at the fake with the apps of mcp_asc_apps.json (extend that file for the
data your tools need; mcp_asc_price_points.json holds Apple's price points), the hub connected
with it, every app imported and its reviews synchronized. Prints the imported
projects as JSON, {appStoreId: projectId}.

Usage: mcp_asc_setup.py ASC_URL CA_FILE HUB_BASE TOKEN
"""
import json
import os
import ssl
import sys

import httpx2
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

ISSUER = "69a6de70-03db-47e3-e053-5b8c7c11a4d1"
KEY_ID = "2X9R4HXF34"


def send(url, method, body, token=None, ca=None):
    """One JSON request; the fake speaks HTTP/2 only, over TLS signed by its own CA."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    verify = ssl.create_default_context(cafile=ca) if ca else True
    with httpx2.Client(http2=ca is not None, verify=verify, timeout=30) as client:
        response = client.request(method, url, json=body, headers=headers)
        response.raise_for_status()
        return response.json() if response.content else {}


def main():
    asc, ca, hub, token = sys.argv[1:5]
    key = ec.generate_private_key(ec.SECP256R1())
    public = key.public_key().public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo).decode()
    private = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()).decode()
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "mcp_asc_apps.json")) as f:
        apps = json.load(f)
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "mcp_asc_price_points.json")) as f:
        price_points = json.load(f)
    send(f"{asc}/__control/state", "POST",
         {"keys": {KEY_ID: {"issuer": ISSUER, "publicKeyPem": public}}, "apps": apps, "pricePoints": price_points}, ca=ca)
    send(f"{hub}/api/admin/v1/app-store-connect", "PUT", {"issuerId": ISSUER, "keyId": KEY_ID, "privateKey": private}, token)
    imported = send(f"{hub}/api/admin/v1/app-store-connect/import", "POST", {"appIds": [a["id"] for a in apps]}, token)
    for item in imported["items"]:
        send(f"{hub}/api/admin/v1/projects/{item['projectId']}/reviews/sync", "POST", {}, token)
    print(json.dumps({item["appStoreId"]: item["projectId"] for item in imported["items"]}))


if __name__ == "__main__":
    main()
