"""The hub's JSON APIs as the tests call them: the operator API (`/api/admin/v1`, a bearer
token) and the public API as the iOS SDK calls it (`/api/v1` with the App ID, a voter token or
a verified identity, Origin on writes). docs/http-conventions.md states the rules."""
import hashlib
import hmac
import json
import secrets
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field

# What projects made by OperatorAPI.create_project allow, and what the SDK client sends.
ORIGIN = "http://localhost"

# No proxy from the environment: every request of the suite stays on loopback.
_opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))


@dataclass
class Reply:
    """One answer: status, headers (case-insensitive), body."""

    status: int
    headers: dict
    body: bytes

    @property
    def text(self):
        return self.body.decode("utf-8", "replace")

    @property
    def json(self):
        return json.loads(self.body)

    @property
    def code(self):
        """The error's stable code, or None when the body is not an error."""
        try:
            return self.json["error"]["code"]
        except (ValueError, KeyError, TypeError):
            return None

    def expect(self, status):
        """Self when the status is `status`, else an AssertionError naming what came back."""
        if self.status != status:
            raise AssertionError(f"expected {status}, got {self}")
        return self

    def __str__(self):
        return f"{self.status} {self.text[:800]}"


def request(method, url, headers=(), json_body=None, body=None, content_type=None, timeout=15.0):
    """One HTTP request; a 4xx or 5xx is a Reply like any other, not an exception."""
    all_headers = dict(headers)
    if json_body is not None:
        body = json.dumps(json_body).encode()
        content_type = content_type or "application/json"
    if content_type:
        all_headers["Content-Type"] = content_type
    req = urllib.request.Request(url, data=body, method=method, headers=all_headers)
    try:
        with _opener.open(req, timeout=timeout) as answer:
            return Reply(answer.status, answer.headers, answer.read())
    except urllib.error.HTTPError as error:
        return Reply(error.code, error.headers, error.read())


class OperatorAPI:
    """`/api/admin/v1` with `Authorization: Bearer <token>`: the hub's bootstrap token unless
    `with_token` says otherwise."""

    prefix = "/api/admin/v1"

    def __init__(self, base_url, token):
        self.base_url = base_url
        self.token = token

    def with_token(self, token):
        return OperatorAPI(self.base_url, token)

    def call(self, method, path, json=None, body=None, content_type=None, headers=()):
        auth = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        return request(
            method, self.base_url + self.prefix + path, headers={**auth, **dict(headers)}, json_body=json, body=body,
            content_type=content_type)

    def get(self, path, **query):
        return self.call("GET", _with_query(path, query))

    def post(self, path, json=None):
        return self.call("POST", path, json=json)

    def patch(self, path, json):
        return self.call("PATCH", path, json=json)

    def delete(self, path):
        return self.call("DELETE", path)

    def create_project(self, name="App", chat_mode=None, origins=(ORIGIN,), **settings):
        """A project of this token's organization allowing `origins`; `settings` are
        AdminProjectUpdate fields (`languages=["en"]`, `watermark=False`, `automaticReviewRequests=True`)
        patched onto it."""
        created = {"name": name, "allowedOrigins": list(origins)}
        if chat_mode:
            created["chatMode"] = chat_mode
        project = self.post("/projects", created).expect(201).json
        if settings:
            project = self.patch(f"/projects/{project['id']}", settings).expect(200).json
        return Project(self, project)

    def create_organization(self, slug, name=None):
        """A new organization (the bootstrap token's right); an OperatorAPI acting with the
        write token it comes with."""
        created = self.post("/organizations", {"slug": slug, "name": name or slug}).expect(201).json
        return self.with_token(created["token"]["token"])

    def create_token(self, name, scope="write"):
        """A new token of this token's organization; its text."""
        return self.post("/tokens", {"name": name, "scope": scope}).expect(201).json["token"]


@dataclass
class Project:
    """A project as the operator API answered it, and the way to its public API."""

    operator: OperatorAPI
    fields: dict
    _secret: str = field(default=None, repr=False)

    @property
    def id(self):
        return self.fields["id"]

    @property
    def app_id(self):
        return self.fields["appId"]

    def identity_secret(self):
        """The project's identity secret, created through the operator API on first use."""
        if self._secret is None:
            self._secret = self.operator.post(f"/projects/{self.id}/identity-secret").expect(201).json["secret"]
        return self._secret

    def sdk(self, voter_token=None, email=None, origin=ORIGIN):
        """The public API as one app user's SDK calls it: anonymous with a voter token (a new
        random one unless given), or with a verified identity for `email`."""
        identity = (email, self.id, self.identity_secret()) if email else None
        token = voter_token or (None if email else "voter_" + secrets.token_hex(12))
        return SDK(self.operator.base_url, self.app_id, voter_token=token, identity=identity, origin=origin)


class SDK:
    """`/api/v1` as the iOS SDK calls it: `app_id` and `voter_token` in the query, the identity
    credential in headers, `Origin` and optionally `Idempotency-Key` on writes."""

    prefix = "/api/v1"

    def __init__(self, base_url, app_id, voter_token=None, identity=None, origin=ORIGIN):
        self.base_url = base_url
        self.app_id = app_id
        self.voter_token = voter_token
        self.identity = identity  # (email, project ID, secret) or None
        self.origin = origin

    def url(self, path, query=None):
        items = {"app_id": self.app_id, **(query or {})}
        if self.voter_token:
            items["voter_token"] = self.voter_token
        return self.base_url + self.prefix + _with_query(path, items)

    def identity_headers(self, expires_in_s=3600):
        """v1 credential (docs/http-conventions.md, "Verified identity"): HMAC-SHA256 under
        the secret of `v1`, project ID, expiry and email, one per line."""
        if not self.identity:
            return {}
        email, project_id, secret = self.identity
        expires = int(time.time()) + expires_in_s
        message = f"v1\n{project_id}\n{expires}\n{email}".encode()
        signature = hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()
        return {
            "X-AppNorth-Identity-Email": email,
            "X-AppNorth-Identity-Expires": str(expires),
            "X-AppNorth-Identity-Signature": signature,
        }

    def get(self, path, **query):
        return request("GET", self.url(path, query), headers=self.identity_headers())

    def send(self, method, path, json, key=None, origin=None):
        """A JSON write with the SDK's Origin (unless `origin` says otherwise; "" sends none)
        and an Idempotency-Key when `key` is given."""
        headers = self.identity_headers()
        origin = self.origin if origin is None else origin
        if origin:
            headers["Origin"] = origin
        if key:
            headers["Idempotency-Key"] = key
        return request(method, self.url(path), headers=headers, json_body=json)

    def post(self, path, json, key=None, origin=None):
        return self.send("POST", path, json, key=key, origin=origin)


def _with_query(path, query):
    if not query:
        return path
    return path + "?" + urllib.parse.urlencode(sorted(query.items()), quote_via=urllib.parse.quote)
