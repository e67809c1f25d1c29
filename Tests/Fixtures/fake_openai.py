#!/usr/bin/env python3
"""A fake OpenAI-compatible chat-completions API (HTTP/1.1, `http.server`, stdlib only) for the hub's tests.

Usage: fake_openai.py [--port 0]
Prints the chosen port on its first stdout line and nothing else; exits when stdin reaches EOF
or on SIGTERM.

API (anything else is 404 with OpenAI's error shape):
    POST /v1/chat/completions   JSON {"model", "messages": [{"role", "content"}], …}. Needs
                            `Authorization: Bearer <key>` with a key of the state; missing or unknown
                            is 401 (`invalid_api_key`). A body that is not a JSON object, or without
                            `model` or `messages` (a non-empty list of objects with `role` and
                            `content`), is 400 (`invalid_request_error`); an unknown model is 404
                            (`model_not_found`). Answers {"id": "chatcmpl-…", "object": "chat.completion",
                            "created", "model", "choices": [{"index": 0, "message": {"role": "assistant",
                            "content": <the state's reply>, "refusal": null}, "logprobs": null,
                            "finish_reason": "stop"}], "usage": {"prompt_tokens", "completion_tokens",
                            "total_tokens"}, "system_fingerprint"}.
    Errors are OpenAI's {"error": {"message", "type", "param", "code"}}.

Test control (no auth), JSON:
    POST /__control/state    {"keys"?: ["sk-…"], "models"?: ["gpt-…"], "reply"?: "text"} replaces what is given
    POST /__control/script   {"responses": [{"status": 429, "retryAfter"?: seconds} | {"status": 500} |
                             {"delayMs": N} | {"content": "text" or null} | {"raw": "body text"}]}: the next
                             authorized, valid completions get these in order (logged "scripted": true). A 429
                             carries `retry-after` (seconds) and `x-ratelimit-*` headers as OpenAI sends them. An
                             entry with only delayMs delays the normal answer (a client with a shorter timeout
                             gives up first); `content` answers a normal completion with that content; `raw` a 200
                             whose body is that text.
    GET  /__control/log      [{"method", "path", "auth" (the Authorization header or null), "body" (the raw request
                             body as text), "json" (it parsed, or null), "status" (null while delayed), "scripted",
                             "at" (Unix seconds)}], logged as each request arrives
    POST /__control/reset    clears the log and scripts
"""
import argparse
import json
import os
import sys
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler
from urllib.parse import urlsplit

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import http1_server  # noqa: E402

lock = threading.Lock()
state = {"keys": ["sk-test-fake-openai-key"], "models": ["gpt-4o-mini"],
         "reply": "Thank you for your review. We are sorry about the trouble and would like to help."}
scripts = []
log = []


class ApiError(Exception):
    def __init__(self, status, message, kind="invalid_request_error", code=None, param=None, headers=None):
        super().__init__(message)
        self.status, self.message, self.kind, self.code, self.param = status, message, kind, code, param
        self.headers = headers or {}

    def body(self):
        return {"error": {"message": self.message, "type": self.kind, "param": self.param, "code": self.code}}


def validate(raw):
    """The request as OpenAI checks it: a JSON object with a model and non-empty messages."""
    try:
        body = json.loads(raw or b"")
    except ValueError:
        raise ApiError(400, "We could not parse the JSON body of your request.")
    if not isinstance(body, dict):
        raise ApiError(400, "We could not parse the JSON body of your request.")
    if not isinstance(body.get("model"), str) or not body["model"]:
        raise ApiError(400, "you must provide a model parameter", param="model")
    messages = body.get("messages")
    if not isinstance(messages, list) or not messages:
        raise ApiError(400, "Missing required parameter: 'messages'.", code="missing_required_parameter", param="messages")
    for i, message in enumerate(messages):
        if not isinstance(message, dict) or not isinstance(message.get("role"), str) or "content" not in message:
            raise ApiError(400, f"Invalid value for 'messages[{i}]'.", code="invalid_value", param=f"messages[{i}]")
    return body


def completion(model, content, messages):
    prompt_tokens = sum(len(str(m.get("content", "")).split()) for m in messages)
    completion_tokens = len((content or "").split())
    return {"id": "chatcmpl-" + uuid.uuid4().hex[:24], "object": "chat.completion", "created": int(time.time()),
            "model": model,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content, "refusal": None},
                         "logprobs": None, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                      "total_tokens": prompt_tokens + completion_tokens},
            "system_fingerprint": "fp_fake"}


class Handler(http1_server.JSONReplies, BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        self.handle_any()

    do_POST = do_PUT = do_DELETE = do_PATCH = do_GET

    def handle_any(self):
        url = urlsplit(self.path)
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        if url.path.startswith("/__control/"):
            return self.control(url, raw)
        auth = self.headers.get("Authorization")
        entry = {"method": self.command, "path": url.path, "auth": auth, "body": raw.decode("utf-8", "replace"),
                 "json": None, "status": None, "scripted": False, "at": time.time()}
        try:
            entry["json"] = json.loads(raw)
        except ValueError:
            pass
        # Logged on arrival, so a request whose client gave up during a delay is seen at once.
        with lock:
            log.append(entry)
        status, body, headers, text = 500, {}, {}, None
        try:
            if url.path != "/v1/chat/completions":
                raise ApiError(404, f"Invalid URL ({self.command} {url.path})")
            if self.command != "POST":
                raise ApiError(405, f"Invalid method for URL ({self.command} {url.path})")
            key = auth[len("Bearer "):] if auth and auth.startswith("Bearer ") else None
            with lock:
                known = key in state["keys"]
                models, reply = list(state["models"]), state["reply"]
            if key is None:
                raise ApiError(401, "You didn't provide an API key. You need to provide your API key in an "
                               "Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).")
            if not known:
                raise ApiError(401, "Incorrect API key provided.", code="invalid_api_key")
            request = validate(raw)
            if request["model"] not in models:
                raise ApiError(404, f"The model `{request['model']}` does not exist or you do not have access to it.",
                               code="model_not_found")
            scripted = self.next_script()
            content = reply
            if scripted is not None:
                if scripted.get("delayMs"):
                    time.sleep(scripted["delayMs"] / 1000)
                if "status" in scripted:
                    entry["scripted"] = True
                    code = scripted["status"]
                    if code == 429:
                        hdrs = {"x-ratelimit-limit-requests": "60", "x-ratelimit-remaining-requests": "0",
                                "x-ratelimit-reset-requests": "%ds" % scripted.get("retryAfter", 1)}
                        if scripted.get("retryAfter") is not None:
                            hdrs["retry-after"] = str(scripted["retryAfter"])
                        raise ApiError(429, "Rate limit reached for requests.", kind="requests",
                                       code="rate_limit_exceeded", headers=hdrs)
                    raise ApiError(code, "The server had an error while processing your request.", kind="server_error")
                if "raw" in scripted:
                    entry["scripted"] = True
                    status, text = 200, scripted["raw"]
                elif "content" in scripted:
                    entry["scripted"] = True
                    content = scripted["content"]
            if text is None:
                status, body = 200, completion(request["model"], content, request["messages"])
        except ApiError as error:
            status, body, headers = error.status, error.body(), error.headers
        with lock:
            entry["status"] = status
        try:
            if text is not None:
                self.send_text(status, text)
            else:
                self.send_json(status, body, headers)
        except (BrokenPipeError, ConnectionResetError):
            # The client gave up (its timeout); the request stays logged.
            self.close_connection = True

    def next_script(self):
        with lock:
            return scripts.pop(0) if scripts else None

    def control(self, url, raw):
        try:
            body = json.loads(raw or b"{}")
        except ValueError:
            return self.send_json(400, {"error": "malformed JSON"})
        name = url.path[len("/__control/"):]
        with lock:
            if name == "state" and self.command == "POST":
                for field in ("keys", "models", "reply"):
                    if field in body:
                        state[field] = body[field]
                return self.send_json(200, {"ok": True})
            if name == "script" and self.command == "POST":
                scripts.extend(body.get("responses", []))
                return self.send_json(200, {"ok": True})
            if name == "log" and self.command == "GET":
                return self.send_json(200, [dict(e) for e in log])
            if name == "reset" and self.command == "POST":
                log.clear()
                scripts.clear()
                return self.send_json(200, {"ok": True})
        return self.send_json(404, {"error": "unknown control route"})


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    http1_server.serve(Handler, args.port)


if __name__ == "__main__":
    main()
