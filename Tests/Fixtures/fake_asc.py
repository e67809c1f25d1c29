#!/usr/bin/env python3
"""A fake App Store Connect API: JSON:API over HTTP/2 and TLS (on `h2_tls_server.py`).

Usage: fake_asc.py [--port 0]; prints the port and the CA path like h2_tls_server.py.

Every /v1 request must carry `Authorization: Bearer <JWT>`, checked independently of the hub
with `cryptography`: ES256 over the registered key of `kid`, `iss` equal to that key's issuer,
`aud` "appstoreconnect-v1", `exp` in the future and at most 20 minutes after `iat`. Anything
else is 401 NOT_AUTHORIZED in Apple's error shape.

Test control (no auth):
    POST /__control/state    {"keys": {kid: {"issuer", "publicKeyPem"}}, "apps": [{"id", "name", "bundleId", "sku", "primaryLocale"}]}
    POST /__control/script   {"method", "path", "responses": [{"status", "body"?, "delayMs"?}]}: the next
                             requests to that route get these answers, in order, before the normal one
    GET  /__control/log      every /v1 request: method, path, authorization, jwt {valid, reason, header, claims}, body
Resources:
    GET /v1/apps[?limit=N&cursor=K&filter[bundleId]=B]   paged with links.next
    GET /v1/apps/{id}
    GET /v1/apps/{id}/customerReviews[?sort=-createdDate&limit=N&include=response&cursor=K]
    POST /v1/customerReviewResponses      creates or replaces a review's response (state PENDING_PUBLISH)
    DELETE /v1/customerReviewResponses/{id}
    GET /v1/apps/{id}/appStoreVersions, GET /v1/apps/{id}/appInfos
    GET /v1/appStoreVersions/{id}/appStoreVersionLocalizations, GET /v1/appInfos/{id}/appInfoLocalizations
    PATCH /v1/appStoreVersionLocalizations/{id}, PATCH /v1/appInfoLocalizations/{id}
    GET /v1/apps/{id}/subscriptionGroups, /v1/subscriptionGroups/{id}/subscriptions, /v1/apps/{id}/inAppPurchasesV2
    GET /v1/subscriptions/{id}/pricePoints, /v2/inAppPurchases/{id}/pricePoints  [filter[territory]=A,B, paged]
    GET /v1/subscriptions/{id}/prices?filter[territory]=T&include=subscriptionPricePoint   the current price in T
    POST /v1/subscriptionPrices   sets a subscription's price in a territory (its point must exist there)
A subscription's current prices are "currentPoints": {territory: pointId} ("currentPoint" alone is the USA's).
The state's "pricePoints": {productId: {territory: [[pointId, customerPrice, proceeds], ...]}}; apps may carry
"subscriptionGroups": [{"id", "subscriptions": [{"id", "name", "productId", "currentPoint"?}]}] and
"inAppPurchases": [{"id", "name", "productId"}].
Apps in the state may carry "versions": [{"id", "versionString", "appStoreState", "localizations": [{"id", "locale",
"keywords", "promotionalText", "description", "whatsNew"}]}], "appInfos": [{"id", "state", "localizations": [{"id",
"locale", "name", "subtitle"}]}] and "reviews": [{"id", "rating", "title", "body", "reviewerNickname",
"createdDate", "territory", "response"?: {"id", "responseBody", "lastModifiedDate", "state"}}].
"""
import asyncio
import base64
import json
import time

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, utils

import h2_tls_server
from h2_tls_server import H2TLSServer, Response


def b64url_decode(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def error(status, code, title, detail=None):
    body = {"errors": [{"id": "fake", "status": str(status), "code": code, "title": title,
                        "detail": detail or title}]}
    return Response(status=status, headers=[("content-type", "application/json")], body=json.dumps(body).encode())


def document(body, status=200):
    return Response(status=status, headers=[("content-type", "application/json")], body=json.dumps(body).encode())


class FakeASC(H2TLSServer):
    def __init__(self, cert_file, key_file):
        super().__init__(cert_file, key_file)
        self.keys = {}
        self.apps = []
        self.scripts = {}
        self.log = []
        self.price_points = {}

    def check_jwt(self, authorization):
        if not authorization or not authorization.startswith("Bearer "):
            return False, "missing bearer token", None, None
        parts = authorization[7:].split(".")
        if len(parts) != 3:
            return False, "not a compact JWS", None, None
        try:
            header = json.loads(b64url_decode(parts[0]))
            claims = json.loads(b64url_decode(parts[1]))
        except ValueError:
            return False, "undecodable", None, None
        key = self.keys.get(header.get("kid"))
        if header.get("alg") != "ES256" or key is None:
            return False, "unknown kid or alg", header, claims
        signature = b64url_decode(parts[2])
        if len(signature) != 64:
            return False, "signature is not r||s", header, claims
        der = utils.encode_dss_signature(int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:], "big"))
        public = serialization.load_pem_public_key(key["publicKeyPem"].encode())
        try:
            public.verify(der, f"{parts[0]}.{parts[1]}".encode(), ec.ECDSA(hashes.SHA256()))
        except InvalidSignature:
            return False, "bad signature", header, claims
        now = time.time()
        if claims.get("iss") != key["issuer"]:
            return False, "wrong issuer", header, claims
        if claims.get("aud") != "appstoreconnect-v1":
            return False, "wrong audience", header, claims
        iat, exp = claims.get("iat"), claims.get("exp")
        if not isinstance(iat, int) or not isinstance(exp, int) or exp - iat > 1200 or exp < now:
            return False, "lifetime over 20 minutes or expired", header, claims
        return True, None, header, claims

    async def route(self, request):
        if request.route.startswith("/__control/"):
            return self.control(request)
        headers = dict(request.headers)
        valid, reason, header, claims = self.check_jwt(headers.get("authorization"))
        self.log.append({"method": request.method, "path": request.path, "authorization": headers.get("authorization"),
                         "jwt": {"valid": valid, "reason": reason, "header": header, "claims": claims},
                         "body": request.body.decode("utf-8", "replace")})
        if not valid:
            return error(401, "NOT_AUTHORIZED", "Authentication credentials are missing or invalid.", reason)
        queue = self.scripts.get((request.method, request.route))
        if queue:
            scripted = queue.pop(0)
            if scripted.get("delayMs"):
                await asyncio.sleep(scripted["delayMs"] / 1000)
            body = scripted.get("body")
            if body is None and scripted["status"] >= 400:
                return error(scripted["status"], scripted.get("code", "SCRIPTED"), "Scripted failure")
            if body is not None:
                return document(body, scripted["status"])
        return self.resource(request)

    def control(self, request):
        if request.route == "/__control/state" and request.method == "POST":
            state = json.loads(request.body or b"{}")
            self.keys = state.get("keys", {})
            self.apps = state.get("apps", [])
            self.price_points = state.get("pricePoints", {})
            return document({})
        if request.route == "/__control/script" and request.method == "POST":
            script = json.loads(request.body)
            self.scripts.setdefault((script["method"], script["path"]), []).extend(script["responses"])
            return document({})
        if request.route == "/__control/log":
            return document(self.log)
        return error(404, "NOT_FOUND", "Unknown control route")

    def app_resource(self, app):
        return {"type": "apps", "id": app["id"],
                "attributes": {k: app.get(k) for k in ("name", "bundleId", "sku", "primaryLocale")},
                "links": {"self": f"/v1/apps/{app['id']}"}}

    def resource(self, request):
        route, q = request.route, request.query
        if request.method == "GET" and route == "/v1/apps":
            apps = self.apps
            if "filter[bundleId]" in q:
                wanted = q["filter[bundleId]"].split(",")
                apps = [a for a in apps if a.get("bundleId") in wanted]
            limit = min(int(q.get("limit", "50")), 200)
            start = int(q.get("cursor", "0"))
            page = apps[start:start + limit]
            links = {"self": f"https://127.0.0.1:{self.port}{request.path}"}
            if start + limit < len(apps):
                links["next"] = f"https://127.0.0.1:{self.port}/v1/apps?limit={limit}&cursor={start + limit}"
            return document({"data": [self.app_resource(a) for a in page], "links": links,
                             "meta": {"paging": {"total": len(apps), "limit": limit}}})
        metadata = self.metadata(request, route)
        if metadata is not None:
            return metadata
        catalog = self.catalog(request, route)
        if catalog is not None:
            return catalog
        if request.method == "GET" and route.startswith("/v1/apps/") and route.endswith("/customerReviews"):
            return self.reviews(request, route.split("/")[3])
        if request.method == "POST" and route == "/v1/customerReviewResponses":
            return self.respond(json.loads(request.body))
        if request.method == "DELETE" and route.startswith("/v1/customerReviewResponses/"):
            response_id = route.split("/")[3]
            for app in self.apps:
                for review in app.get("reviews", []):
                    if (review.get("response") or {}).get("id") == response_id:
                        review["response"] = None
                        return Response(status=204)
            return error(404, "NOT_FOUND", "The specified resource does not exist.")
        if request.method == "GET" and route.startswith("/v1/apps/"):
            app = next((a for a in self.apps if a["id"] == route.split("/")[3]), None)
            if app is None:
                return error(404, "NOT_FOUND", "The specified resource does not exist.")
            return document({"data": self.app_resource(app)})
        return error(404, "NOT_FOUND", "The specified resource does not exist.",
                     f"The path provided does not match a defined resource type: {route}")


    VERSION_FIELDS = ("locale", "keywords", "promotionalText", "description", "whatsNew")
    INFO_FIELDS = ("locale", "name", "subtitle")

    def metadata(self, request, route):
        parts = route.split("/")
        if request.method == "GET" and len(parts) == 5 and parts[2] == "apps" and parts[4] in ("appStoreVersions", "appInfos"):
            app = next((a for a in self.apps if a["id"] == parts[3]), None)
            if app is None:
                return error(404, "NOT_FOUND", "The specified resource does not exist.")
            if parts[4] == "appStoreVersions":
                data = [{"type": "appStoreVersions", "id": v["id"],
                         "attributes": {"versionString": v.get("versionString"), "appStoreState": v.get("appStoreState"), "platform": "IOS"}}
                        for v in app.get("versions", [])]
            else:
                data = [{"type": "appInfos", "id": i["id"], "attributes": {"state": i.get("state")}} for i in app.get("appInfos", [])]
            return document({"data": data, "links": {"self": request.path}})
        if request.method == "GET" and len(parts) == 5 and parts[4] in ("appStoreVersionLocalizations", "appInfoLocalizations"):
            kind, fields = ("versions", self.VERSION_FIELDS) if parts[2] == "appStoreVersions" else ("appInfos", self.INFO_FIELDS)
            for app in self.apps:
                for owner in app.get(kind, []):
                    if owner["id"] == parts[3]:
                        return document({"data": [{"type": parts[4], "id": loc["id"], "attributes": {k: loc.get(k) for k in fields}}
                                                  for loc in owner.get("localizations", [])], "links": {"self": request.path}})
            return error(404, "NOT_FOUND", "The specified resource does not exist.")
        if request.method == "PATCH" and len(parts) == 4 and parts[2] in ("appStoreVersionLocalizations", "appInfoLocalizations"):
            kind, fields = ("versions", self.VERSION_FIELDS) if parts[2] == "appStoreVersionLocalizations" else ("appInfos", self.INFO_FIELDS)
            attributes = json.loads(request.body).get("data", {}).get("attributes", {})
            for app in self.apps:
                for owner in app.get(kind, []):
                    for loc in owner.get("localizations", []):
                        if loc["id"] == parts[3]:
                            unknown = [k for k in attributes if k not in fields or k == "locale"]
                            if unknown:
                                return error(409, "ENTITY_ERROR.ATTRIBUTE.UNKNOWN", "Unknown attribute", ", ".join(unknown))
                            loc.update(attributes)
                            return document({"data": {"type": parts[2], "id": loc["id"], "attributes": {k: loc.get(k) for k in fields}}})
            return error(404, "NOT_FOUND", "The specified resource does not exist.")
        return None

    def subscriptions(self):
        for app in self.apps:
            for group in app.get("subscriptionGroups", []):
                for sub in group.get("subscriptions", []):
                    yield sub

    def current_points(self, sub):
        if "currentPoints" not in sub:
            sub["currentPoints"] = {"USA": sub["currentPoint"]} if sub.get("currentPoint") else {}
        return sub["currentPoints"]

    def set_price(self, body):
        try:
            rel = body["data"]["relationships"]
            sub_id = rel["subscription"]["data"]["id"]
            point_id = rel["subscriptionPricePoint"]["data"]["id"]
            territory = rel["territory"]["data"]["id"]
        except (KeyError, TypeError):
            return error(422, "ENTITY_ERROR.RELATIONSHIP.REQUIRED", "A required relationship is missing.")
        sub = next((s for s in self.subscriptions() if s["id"] == sub_id), None)
        points = {p[0] for p in self.price_points.get(sub_id, {}).get(territory, [])}
        if sub is None or point_id not in points:
            return error(409, "ENTITY_ERROR.RELATIONSHIP.INVALID", "The price point is not available.", point_id)
        self.current_points(sub)[territory] = point_id
        return document({"data": {"type": "subscriptionPrices", "id": f"price-{territory}-{point_id}",
                                  "attributes": {"startDate": body["data"].get("attributes", {}).get("startDate")}}}, 201)

    def catalog(self, request, route):
        parts, q = route.split("/"), request.query
        if request.method == "POST" and route == "/v1/subscriptionPrices":
            return self.set_price(json.loads(request.body))
        if request.method != "GET":
            return None
        if len(parts) == 5 and parts[2] == "apps" and parts[4] in ("subscriptionGroups", "inAppPurchasesV2"):
            app = next((a for a in self.apps if a["id"] == parts[3]), None)
            if app is None:
                return error(404, "NOT_FOUND", "The specified resource does not exist.")
            if parts[4] == "subscriptionGroups":
                data = [{"type": "subscriptionGroups", "id": g["id"], "attributes": {"referenceName": g.get("referenceName")}}
                        for g in app.get("subscriptionGroups", [])]
            else:
                data = [{"type": "inAppPurchases", "id": i["id"], "attributes": {"name": i.get("name"), "productId": i.get("productId")}}
                        for i in app.get("inAppPurchases", [])]
            return document({"data": data, "links": {"self": request.path}})
        if len(parts) == 5 and parts[2] == "subscriptionGroups" and parts[4] == "subscriptions":
            for app in self.apps:
                for group in app.get("subscriptionGroups", []):
                    if group["id"] == parts[3]:
                        return document({"data": [{"type": "subscriptions", "id": s["id"],
                                                   "attributes": {"name": s.get("name"), "productId": s.get("productId")}}
                                                  for s in group.get("subscriptions", [])], "links": {"self": request.path}})
            return error(404, "NOT_FOUND", "The specified resource does not exist.")
        if len(parts) == 5 and parts[4] == "pricePoints" and parts[2] in ("subscriptions", "inAppPurchases"):
            table = self.price_points.get(parts[3])
            if table is None:
                return error(404, "NOT_FOUND", "The specified resource does not exist.")
            wanted = q.get("filter[territory]", "").split(",") if q.get("filter[territory]") else sorted(table)
            kind = "subscriptionPricePoints" if parts[2] == "subscriptions" else "inAppPurchasePricePoints"
            rows = [(t, p) for t in wanted for p in table.get(t, [])]
            limit, start = min(int(q.get("limit", "50")), 200), int(q.get("cursor", "0"))
            page = rows[start:start + limit]
            links = {"self": request.path}
            if start + limit < len(rows):
                links["next"] = (f"https://127.0.0.1:{self.port}{route}?filter[territory]={','.join(wanted)}"
                                 f"&include=territory&limit={limit}&cursor={start + limit}")
            return document({"data": [{"type": kind, "id": p[0], "attributes": {"customerPrice": p[1], "proceeds": p[2]},
                                       "relationships": {"territory": {"data": {"type": "territories", "id": t}}}} for t, p in page],
                             "links": links})
        if len(parts) == 5 and parts[2] == "subscriptions" and parts[4] == "prices":
            sub = next((s for s in self.subscriptions() if s["id"] == parts[3]), None)
            if sub is None:
                return error(404, "NOT_FOUND", "The specified resource does not exist.")
            territory = q.get("filter[territory]", "USA")
            current = self.current_points(sub)
            table = {p[0]: p for p in self.price_points.get(sub["id"], {}).get(territory, [])}
            point_id = current.get(territory)
            if point_id is None or point_id not in table:
                return document({"data": [], "links": {"self": request.path}})
            point = table[point_id]
            return document({"data": [{"type": "subscriptionPrices", "id": f"price-{territory}-{point_id}", "attributes": {"startDate": None},
                                       "relationships": {"subscriptionPricePoint": {"data": {"type": "subscriptionPricePoints", "id": point_id}},
                                                         "territory": {"data": {"type": "territories", "id": territory}}}}],
                             "included": [{"type": "subscriptionPricePoints", "id": point_id,
                                           "attributes": {"customerPrice": point[1], "proceeds": point[2]}}],
                             "links": {"self": request.path}})
        return None

    def response_resource(self, response):
        return {"type": "customerReviewResponses", "id": response["id"],
                "attributes": {"responseBody": response["responseBody"], "lastModifiedDate": response["lastModifiedDate"],
                               "state": response["state"]}}

    def reviews(self, request, app_id):
        app = next((a for a in self.apps if a["id"] == app_id), None)
        if app is None:
            return error(404, "NOT_FOUND", "The specified resource does not exist.")
        q = request.query
        reviews = sorted(app.get("reviews", []), key=lambda r: r["createdDate"], reverse=q.get("sort") == "-createdDate")
        limit = min(int(q.get("limit", "50")), 200)
        start = int(q.get("cursor", "0"))
        page = reviews[start:start + limit]
        data, included = [], []
        for review in page:
            response = review.get("response")
            data.append({"type": "customerReviews", "id": review["id"],
                         "attributes": {k: review.get(k) for k in ("rating", "title", "body", "reviewerNickname", "createdDate", "territory")},
                         "relationships": {"response": {"data": {"type": "customerReviewResponses", "id": response["id"]} if response else None}}})
            if response and "response" in q.get("include", ""):
                included.append(self.response_resource(response))
        links = {"self": f"https://127.0.0.1:{self.port}{request.path}"}
        if start + limit < len(reviews):
            links["next"] = (f"https://127.0.0.1:{self.port}/v1/apps/{app_id}/customerReviews?sort={q.get('sort', '')}"
                             f"&limit={limit}&include={q.get('include', '')}&cursor={start + limit}")
        body = {"data": data, "links": links, "meta": {"paging": {"total": len(reviews), "limit": limit}}}
        if included:
            body["included"] = included
        return document(body)

    def respond(self, body):
        try:
            text = body["data"]["attributes"]["responseBody"]
            review_id = body["data"]["relationships"]["review"]["data"]["id"]
        except (KeyError, TypeError):
            return error(422, "ENTITY_ERROR.ATTRIBUTE.REQUIRED", "A required attribute is missing.")
        for app in self.apps:
            for review in app.get("reviews", []):
                if review["id"] == review_id:
                    self.response_serial = getattr(self, "response_serial", 0) + 1
                    review["response"] = {"id": f"resp-{review_id}-{self.response_serial}", "responseBody": text,
                                          "lastModifiedDate": "2026-11-30T10:00:00-08:00", "state": "PENDING_PUBLISH"}
                    return document({"data": self.response_resource(review["response"])}, 201)
        return error(404, "NOT_FOUND", "The specified resource does not exist.")


if __name__ == "__main__":
    asyncio.run(h2_tls_server.main(FakeASC))
