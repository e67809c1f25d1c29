#!/usr/bin/env python3
"""A fake Discord REST API (v10) server (HTTP/1.1, `http.server`, stdlib only) for the hub's tests.

Usage: fake_discord.py [--port 0]
Prints the chosen port on its first stdout line and nothing else; exits when stdin reaches EOF
or on SIGTERM.

REST API under `/api/v10` (anything else is 404 `{"message": "404: Not Found", "code": 0}`).
Bot routes need `Authorization: Bot <botToken>`; a missing or unknown one is 401
`{"message": "401: Unauthorized", "code": 0}`. Errors are Discord's `{"message", "code"}` (50035
adds Discord's `errors` tree). IDs are snowflakes as strings (Discord's epoch, increasing with
creation); timestamps ISO 8601 with +00:00.
    POST /oauth2/token      form grant_type=authorization_code, code, redirect_uri, and client_id + client_secret
                            in the form or as HTTP Basic -> {access_token, token_type: "Bearer", expires_in: 604800,
                            refresh_token, scope, guild: {id, name, owner_id}}. A wrong client is 401
                            {"error": "invalid_client"}; another grant_type 400 {"error": "unsupported_grant_type"};
                            an unknown or already used code, or a redirect_uri other than the code's, 400
                            {"error": "invalid_grant", "error_description"} (a wrong redirect_uri does not use the code)
    GET  /users/@me         Bearer <access_token> -> the code's user {id, username, global_name, discriminator, avatar};
                            with the bot token, the bot user
    GET  /applications/@me  {id, name, flags, bot_public, bot_require_code_grant}: flags has GATEWAY_MESSAGE_CONTENT
                            (1<<18) when messageContent is true, GATEWAY_MESSAGE_CONTENT_LIMITED (1<<19) when it is
                            "limited", neither when false
    GET  /guilds/{guild}    {id, name, owner_id, roles}; unknown: 404 10004 Unknown Guild
    GET  /guilds/{guild}/roles            [{id, name, permissions (string), position, color, hoist, managed,
                                          mentionable}]; @everyone has the guild's id (added with "0" when missing)
    GET  /guilds/{guild}/members/{user}   {user, roles (without @everyone), nick, joined_at, deaf, mute, flags};
                                          404 10007 Unknown Member. The bot is always a member.
    GET  /guilds/{guild}/channels         the guild's channels (not threads) as GET /channels/{id} shows them
    GET  /channels/{id}     {id, type, name, guild_id, parent_id, position, permission_overwrites [{id, type, allow,
                            deny}], ...}; a thread: type 11 (10 under an announcement channel), parent_id, owner_id,
                            message_count, thread_metadata {archived, locked, auto_archive_duration, ...}
    GET  /channels/{id}/messages?around|before|after=&limit=  limit 1-100 (default 50, else 50035), newest first;
                            `after` answers the `limit` messages right after it (still newest first), `before` those
                            right before it. Without Read Message History the answer is []. `nonce` is never shown
                            here (Discord only echoes it to the creator).
    GET  /channels/{id}/messages/{message}   one message; 404 10008 Unknown Message
    POST /channels/{id}/messages  JSON {content, nonce?, enforce_nonce?, allowed_mentions?, message_reference?} ->
                            200 Message {id, channel_id, author (the bot, bot: true), content, timestamp,
                            edited_timestamp, type: 0, flags, mentions, mention_roles, mention_everyone, attachments,
                            embeds, components, pinned, tts, nonce (when given)}. content must be a string of 1-2000
                            characters (code points), nonce an integer or a string of up to 25 characters, else 400
                            50035. With enforce_nonce true and a nonce the bot used in that channel within 5 minutes,
                            the ORIGINAL message is answered (200) and nothing is created.
    POST /channels/{id}/messages/{message}/threads  JSON {name (1-100), auto_archive_duration? (60, 1440, 4320,
                            10080)} -> 201 the thread, whose id IS the message's id; the starter message then carries
                            `thread` and flags HAS_THREAD (32). Again for the same message: 400 160004 "A thread has
                            already been created for this message"; a forum, media or category channel: 400 50024.
Checks, Discord's codes: unknown channel 404 10003; unknown message 404 10008; the bot without View Channel
    403 50001 Missing Access; without Send Messages (Send Messages in Threads in a thread) or Create Public Threads
    403 50013 Missing Permissions; a category, forum or media channel takes no messages: 403 50008; a body that is
    not JSON: 400 50109. Permissions are Discord's: the guild owner and ADMINISTRATOR have all; else @everyone's and
    the member's roles, then the channel's @everyone overwrite, the member's roles' overwrites together, and the
    member's own overwrite; without View Channel nothing. A thread uses its parent's overwrites.
Message Content intent: while messageContent is false, content, embeds, attachments and components are empty in
    answers for messages not by the bot that do not mention it (<@botId>), as Discord does.

Test control (no auth), JSON; a malformed request is 400 {"error"}, an unknown channel or message 404 {"error"}:
    POST /__control/state    {"application": {"id", "name"?, "clientSecret", "botToken", "messageContent"?: true |
                             false | "limited" (default true)}, "users": [{"id", "username", "globalName"?, "bot"?}],
                             "guilds": [{"id", "name", "ownerId", "roles": [{"id", "name", "permissions"}],
                             "members": [{"userId", "roles": [ids]}], "channels": [{"id", "type", "name",
                             "parentId"?, "overwrites": [{"id", "type" (0 role, 1 member), "allow", "deny"}]}]}],
                             "oauthCodes": [{"code", "userId", "redirectUri", "guildId", "scope"? ("bot identify")}]}
                             replaces the state (permissions are decimal strings or integers). The bot's user id is
                             the application id; its roles come from `members`. Messages, threads and nonces of
                             channels that stay are kept; codes can be used again.
    POST /__control/script   {"route": "POST /channels/{id}/messages" ({name} matches any segment, an id only itself;
                             or "*" for every API call), "responses": [{"status": 429, "body": {"message": "You are
                             being rate limited.", "retry_after": 1.5, "global": false}} | {"status": 502} |
                             {"raw": "text", "status"} | {"dropConnection": true} | {"delayMs": N}]}: the next matching
                             calls get these in order, logged "scripted": true, with no effect. A 429 carries
                             Retry-After (whole seconds, rounded up) and X-RateLimit-Scope, and X-RateLimit-Global:
                             true when the body's global is true; "headers": {…} adds more. A status alone answers
                             {"message": "<status>: <reason>", "code": 0}. An entry with only delayMs delays the
                             normal answer, which takes effect (logged "scripted": false, "delayedMs": N). With
                             "apply": true the call takes effect first and the scripted answer replaces its answer
                             (a send whose answer is lost). Responses are appended to those still waiting.
    POST /__control/message  {"channelId", "authorId", "content", "webhookId"?, "type"? (0)} -> the stored message, as
                             posted by someone else (author from `users`, else "user<id>"; with webhookId the author
                             is the webhook: its id, bot: true, and the message has webhook_id)
    POST /__control/messages_bulk  {"channelId", "count", "authorId", "content"} posts `count` messages ("{n}" in the
                             content becomes 1..count) -> {"count", "firstId", "lastId"}
    POST /__control/delete_message {"channelId", "messageId"}: gone, with its nonce
    GET  /__control/log      [{"method", "path" (as requested, /api/v10/…), "route" ("POST
                             /channels/{channel}/messages", null when unknown), "query", "auth" (the Authorization
                             header or null), "body", "status", "response", "scripted", "at" (Unix seconds)}] in order
                             of arrival; a dropped connection has status and response null
    GET  /__control/messages?channelId=  that channel's (or thread's) stored messages oldest first, unfiltered, with
                             their nonce
    GET  /__control/threads  [{"id", "parentId", "name", "starterMessageId", "autoArchiveDuration"}]
    POST /__control/reset    clears log, messages, threads, nonces, scripts and access tokens (the state stays)
"""
import argparse
import base64
import bisect
import datetime
import http
import json
import math
import os
import re
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote, urlsplit

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import http1_server  # noqa: E402

API = "/api/v10"
DISCORD_EPOCH_MS = 1420070400000
ADMINISTRATOR = 1 << 3
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
READ_MESSAGE_HISTORY = 1 << 16
CREATE_PUBLIC_THREADS = 1 << 35
SEND_MESSAGES_IN_THREADS = 1 << 38
ALL_PERMISSIONS = (1 << 51) - 1
GATEWAY_MESSAGE_CONTENT = 1 << 18
GATEWAY_MESSAGE_CONTENT_LIMITED = 1 << 19
HAS_THREAD = 1 << 5
TEXT, CATEGORY, ANNOUNCEMENT, ANNOUNCEMENT_THREAD, PUBLIC_THREAD = 0, 4, 5, 10, 11
THREAD_TYPES = (ANNOUNCEMENT_THREAD, PUBLIC_THREAD, 12)
MAX_CONTENT = 2000
MAX_NONCE = 25
NONCE_WINDOW_S = 300
ARCHIVE_DURATIONS = (60, 1440, 4320, 10080)
TOKEN_LIFETIME_S = 604800
LOG_LIMIT = 200_000
MENTION = re.compile(r"<@!?(\d+)>")

ROUTE_TEMPLATES = (
    ("POST", "/oauth2/token"), ("GET", "/users/@me"), ("GET", "/applications/@me"), ("GET", "/guilds/{guild}"),
    ("GET", "/guilds/{guild}/roles"), ("GET", "/guilds/{guild}/members/{user}"), ("GET", "/guilds/{guild}/channels"),
    ("GET", "/channels/{channel}"), ("GET", "/channels/{channel}/messages"),
    ("GET", "/channels/{channel}/messages/{message}"), ("POST", "/channels/{channel}/messages"),
    ("POST", "/channels/{channel}/messages/{message}/threads"))


def template_pattern(template):
    """`/channels/{channel}` -> a regex whose groups are the placeholders' segments."""
    parts = ["([^/]+)" if part.startswith("{") else re.escape(part) for part in template.split("/")]
    return re.compile("^" + "/".join(parts) + "$")


ROUTES = [(method, template, template_pattern(template)) for method, template in ROUTE_TEMPLATES]


class ApiError(Exception):
    def __init__(self, status, message, code=0, errors=None):
        super().__init__(message)
        self.status, self.message, self.code, self.errors = status, message, code, errors

    def body(self):
        body = {"message": self.message, "code": self.code}
        if self.errors is not None:
            body["errors"] = self.errors
        return body


class OAuthError(Exception):
    def __init__(self, status, error, description=None):
        super().__init__(error)
        self.status, self.error, self.description = status, error, description

    def body(self):
        body = {"error": self.error}
        if self.description:
            body["error_description"] = self.description
        return body


class ControlError(Exception):
    def __init__(self, message, status=400):
        super().__init__(message)
        self.status = status


def unauthorized():
    return ApiError(401, "401: Unauthorized")


def invalid_form(field, code, message):
    return ApiError(400, "Invalid Form Body", 50035, {field: {"_errors": [{"code": code, "message": message}]}})


def now():
    return round(time.time(), 3)


def iso(at):
    return datetime.datetime.fromtimestamp(at, datetime.timezone.utc).isoformat(timespec="microseconds")


def as_id(value):
    """A snowflake as its decimal string, or None."""
    if isinstance(value, bool) or value is None:
        return None
    text = str(value).strip()
    return text if text.isdigit() else None


def as_bits(value):
    if value is None or value == "":
        return 0
    return int(str(value))


def phrase(status):
    try:
        return http.HTTPStatus(status).phrase
    except ValueError:
        return "Error"


class Fake:
    def __init__(self):
        self.lock = threading.RLock()
        self.last_snowflake = 0
        self.app = {"id": "0", "botToken": None, "clientSecret": None, "messageContent": True}
        self.users, self.guilds, self.channels, self.codes = {}, {}, {}, {}
        self.reset()

    def reset(self):
        with self.lock:
            self.log, self.scripts = [], []
            self.messages = {}  # channel id -> [message] in id order
            self.message_ids = {}  # channel id -> [int id], parallel, for bisect
            self.threads = {}  # thread id (= starter message id) -> thread
            self.nonces = {}  # (channel id, author id, nonce) -> (message id, monotonic time)
            self.used_codes, self.tokens = set(), {}

    def snowflake(self):
        with self.lock:
            value = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22 | 1 << 17 | (os.getpid() & 31) << 12
            self.last_snowflake = max(value, self.last_snowflake + 1)
            return str(self.last_snowflake)

    # State

    def set_state(self, state):
        app = dict(state.get("application") or {})
        if as_id(app.get("id")) is None or not app.get("botToken"):
            raise ControlError("the application needs an id and a botToken")
        app["id"] = as_id(app["id"])
        app.setdefault("messageContent", True)
        users = {}
        for user in state.get("users", []):
            if as_id(user.get("id")) is None:
                raise ControlError("a user needs an id")
            users[as_id(user["id"])] = dict(user, id=as_id(user["id"]))
        guilds, channels = {}, {}
        for raw in state.get("guilds", []):
            guild_id = as_id(raw.get("id"))
            if guild_id is None:
                raise ControlError("a guild needs an id")
            roles = [dict(r, id=as_id(r.get("id")), permissions=as_bits(r.get("permissions")))
                     for r in raw.get("roles", [])]
            if not any(r["id"] == guild_id for r in roles):
                roles.insert(0, {"id": guild_id, "name": "@everyone", "permissions": 0})
            members = {as_id(m.get("userId")): [as_id(r) for r in m.get("roles", [])] for m in raw.get("members", [])}
            members.setdefault(app["id"], [])
            guilds[guild_id] = {"id": guild_id, "name": raw.get("name", "Guild"), "ownerId": as_id(raw.get("ownerId")),
                                "roles": roles, "members": members}
            for position, channel in enumerate(raw.get("channels", [])):
                channel_id = as_id(channel.get("id"))
                if channel_id is None:
                    raise ControlError("a channel needs an id")
                overwrites = [{"id": as_id(o.get("id")), "type": int(o.get("type", 0)),
                               "allow": as_bits(o.get("allow")), "deny": as_bits(o.get("deny"))}
                              for o in channel.get("overwrites", [])]
                channels[channel_id] = {"id": channel_id, "type": int(channel.get("type", TEXT)),
                                        "name": channel.get("name", f"channel-{channel_id}"), "guildId": guild_id,
                                        "parentId": as_id(channel.get("parentId")), "overwrites": overwrites,
                                        "position": int(channel.get("position", position))}
        codes = {}
        for code in state.get("oauthCodes", []):
            codes[str(code.get("code"))] = {"userId": as_id(code.get("userId")), "redirectUri": code.get("redirectUri"),
                                            "guildId": as_id(code.get("guildId")),
                                            "scope": code.get("scope", "bot identify")}
        with self.lock:
            self.app, self.users, self.guilds, self.channels, self.codes = app, users, guilds, channels, codes
            self.threads = {tid: t for tid, t in self.threads.items() if t["parentId"] in channels}
            live = set(channels) | set(self.threads)
            self.messages = {cid: m for cid, m in self.messages.items() if cid in live}
            self.message_ids = {cid: m for cid, m in self.message_ids.items() if cid in live}
            self.used_codes = set()

    def user_json(self, user_id):
        user = self.users.get(user_id)
        if user_id == self.app["id"]:
            name = (user or {}).get("username") or self.app.get("name") or "AppNorth"
            return {"id": user_id, "username": name, "global_name": None, "discriminator": "0000", "avatar": None,
                    "bot": True}
        body = {"id": user_id, "username": (user or {}).get("username") or f"user{user_id}",
                "global_name": (user or {}).get("globalName"), "discriminator": "0", "avatar": None}
        if user and user.get("bot"):
            body["bot"] = True
        return body

    # Permissions, as Discord computes them

    def permissions(self, channel, user_id):
        if channel["type"] in THREAD_TYPES:
            channel = self.channels[channel["parentId"]]
        guild = self.guilds[channel["guildId"]]
        if user_id == guild["ownerId"]:
            return ALL_PERMISSIONS
        member_roles = set(guild["members"].get(user_id, []))
        bits = 0
        for role in guild["roles"]:
            if role["id"] == guild["id"] or role["id"] in member_roles:
                bits |= role["permissions"]
        if bits & ADMINISTRATOR:
            return ALL_PERMISSIONS
        overwrites = channel["overwrites"]
        for o in overwrites:
            if o["type"] == 0 and o["id"] == guild["id"]:
                bits = (bits & ~o["deny"]) | o["allow"]
        allow = deny = 0
        for o in overwrites:
            if o["type"] == 0 and o["id"] in member_roles and o["id"] != guild["id"]:
                allow, deny = allow | o["allow"], deny | o["deny"]
        bits = (bits & ~deny) | allow
        for o in overwrites:
            if o["type"] == 1 and o["id"] == user_id:
                bits = (bits & ~o["deny"]) | o["allow"]
        return bits if bits & VIEW_CHANNEL else 0

    def require(self, channel, wanted):
        bits = self.permissions(channel, self.app["id"])
        if not bits & VIEW_CHANNEL:
            raise ApiError(403, "Missing Access", 50001)
        if bits & wanted != wanted:
            raise ApiError(403, "Missing Permissions", 50013)
        return bits

    # Lookups and rendering

    def channel(self, channel_id):
        channel = self.channels.get(channel_id) or self.threads.get(channel_id)
        if channel is None:
            raise ApiError(404, "Unknown Channel", 10003)
        return channel

    def guild(self, guild_id):
        guild = self.guilds.get(guild_id)
        if guild is None:
            raise ApiError(404, "Unknown Guild", 10004)
        return guild

    def channel_json(self, channel):
        if channel["type"] in THREAD_TYPES:
            stored = self.messages.get(channel["id"], [])
            return {"id": channel["id"], "type": channel["type"], "guild_id": channel["guildId"],
                    "parent_id": channel["parentId"], "owner_id": channel["ownerId"], "name": channel["name"],
                    "last_message_id": stored[-1]["id"] if stored else None, "message_count": len(stored),
                    "total_message_sent": len(stored), "member_count": 1, "rate_limit_per_user": 0, "flags": 0,
                    "thread_metadata": {"archived": False, "locked": False,
                                        "auto_archive_duration": channel["autoArchiveDuration"],
                                        "archive_timestamp": iso(channel["at"]),
                                        "create_timestamp": iso(channel["at"])}}
        stored = self.messages.get(channel["id"], [])
        return {"id": channel["id"], "type": channel["type"], "guild_id": channel["guildId"], "name": channel["name"],
                "position": channel["position"], "parent_id": channel["parentId"], "nsfw": False, "topic": None,
                "rate_limit_per_user": 0, "flags": 0, "last_message_id": stored[-1]["id"] if stored else None,
                "permission_overwrites": [{"id": o["id"], "type": o["type"], "allow": str(o["allow"]),
                                           "deny": str(o["deny"])} for o in channel["overwrites"]]}

    def role_json(self, guild, index, role):
        return {"id": role["id"], "name": role.get("name", "role"), "permissions": str(role["permissions"]),
                "position": int(role.get("position", index)), "color": 0, "hoist": False, "managed": False,
                "mentionable": False, "flags": 0}

    def message_json(self, message, with_nonce=False, reveal=False):
        body = {k: v for k, v in message.items() if not k.startswith("_")}
        body["mentions"] = [self.user_json(uid) for uid in message["_mentions"]]
        thread = self.threads.get(message["id"])
        if thread is not None and thread["parentId"] == message["channel_id"]:
            body["flags"] = body["flags"] | HAS_THREAD
            body["thread"] = self.channel_json(thread)
        if with_nonce and message.get("_nonce") is not None:
            body["nonce"] = message["_nonce"]
        bot_id = self.app["id"]
        hidden = not reveal and self.app.get("messageContent") is False and message["author"]["id"] != bot_id \
            and bot_id not in message["_mentions"]
        if hidden:
            body.update(content="", embeds=[], attachments=[], components=[])
        return body

    def stored_json(self, message):
        """A message as stored, whatever the intent hides from the bot."""
        return self.message_json(message, with_nonce=True, reveal=True)

    def store(self, channel, author, content, kind=0, nonce=None, webhook_id=None, extra=None):
        message_id = self.snowflake()
        at = time.time()
        message = {"id": message_id, "channel_id": channel["id"], "author": author, "content": content,
                   "timestamp": iso(at), "edited_timestamp": None, "tts": False, "mention_everyone": False,
                   "mention_roles": [], "attachments": [], "embeds": [], "components": [], "pinned": False,
                   "type": kind, "flags": 0, "_mentions": list(dict.fromkeys(MENTION.findall(content or ""))),
                   "_nonce": nonce}
        if webhook_id is not None:
            message["webhook_id"] = webhook_id
        message.update(extra or {})
        self.messages.setdefault(channel["id"], []).append(message)
        self.message_ids.setdefault(channel["id"], []).append(int(message_id))
        return message

    def find_message(self, channel_id, message_id):
        ids = self.message_ids.get(channel_id, [])
        key = int(message_id) if message_id and message_id.isdigit() else -1
        index = bisect.bisect_left(ids, key)
        if index < len(ids) and ids[index] == key:
            return index, self.messages[channel_id][index]
        raise ApiError(404, "Unknown Message", 10008)

    # REST routes

    def r_oauth_token(self, request):
        form, client_id, secret = request["form"], None, None
        basic = request["authorization"] or ""
        if basic.lower().startswith("basic "):
            try:
                client_id, _, secret = base64.b64decode(basic[6:].strip()).decode().partition(":")
            except ValueError:
                raise OAuthError(401, "invalid_client")
        client_id, secret = form.get("client_id", client_id), form.get("client_secret", secret)
        if client_id != self.app["id"] or not secret or secret != self.app.get("clientSecret"):
            raise OAuthError(401, "invalid_client")
        if form.get("grant_type") != "authorization_code":
            raise OAuthError(400, "unsupported_grant_type")
        code = form.get("code") or ""
        grant = self.codes.get(code)
        if grant is None or code in self.used_codes:
            raise OAuthError(400, "invalid_grant", 'Invalid "code" in request.')
        if form.get("redirect_uri") != grant["redirectUri"]:
            raise OAuthError(400, "invalid_grant", 'Invalid "redirect_uri" in request.')
        self.used_codes.add(code)
        access = "access-" + self.snowflake()
        self.tokens[access] = {"userId": grant["userId"], "scope": grant["scope"],
                               "expires": time.time() + TOKEN_LIFETIME_S}
        body = {"access_token": access, "token_type": "Bearer", "expires_in": TOKEN_LIFETIME_S,
                "refresh_token": "refresh-" + self.snowflake(), "scope": grant["scope"]}
        guild = self.guilds.get(grant["guildId"])
        if guild is not None:
            body["guild"] = {"id": guild["id"], "name": guild["name"], "owner_id": guild["ownerId"]}
        return 200, body

    def r_users_me(self, request):
        auth = request["authorization"] or ""
        if auth.startswith("Bearer "):
            token = self.tokens.get(auth[7:].strip())
            if token is None or token["expires"] < time.time() or "identify" not in token["scope"].split():
                raise unauthorized()
            return 200, self.user_json(token["userId"])
        self.require_bot(request)
        return 200, self.user_json(self.app["id"])

    def r_applications_me(self, request):
        self.require_bot(request)
        flags = {True: GATEWAY_MESSAGE_CONTENT, "limited": GATEWAY_MESSAGE_CONTENT_LIMITED}.get(
            self.app.get("messageContent"), 0)
        return 200, {"id": self.app["id"], "name": self.app.get("name") or "AppNorth", "flags": flags,
                     "bot_public": True, "bot_require_code_grant": False}

    def r_guild(self, request, guild_id):
        guild = self.guild(guild_id)
        return 200, {"id": guild["id"], "name": guild["name"], "owner_id": guild["ownerId"],
                     "roles": [self.role_json(guild, i, r) for i, r in enumerate(guild["roles"])]}

    def r_guild_roles(self, request, guild_id):
        guild = self.guild(guild_id)
        return 200, [self.role_json(guild, i, r) for i, r in enumerate(guild["roles"])]

    def r_guild_member(self, request, guild_id, user_id):
        guild = self.guild(guild_id)
        if user_id not in guild["members"]:
            raise ApiError(404, "Unknown Member", 10007)
        return 200, {"user": self.user_json(user_id), "roles": [r for r in guild["members"][user_id] if r != guild_id],
                     "nick": None, "avatar": None, "joined_at": iso(0), "deaf": False, "mute": False, "flags": 0,
                     "pending": False}

    def r_guild_channels(self, request, guild_id):
        self.guild(guild_id)
        return 200, [self.channel_json(c) for c in self.channels.values() if c["guildId"] == guild_id]

    def r_channel(self, request, channel_id):
        channel = self.channel(channel_id)
        self.require(channel, VIEW_CHANNEL)
        return 200, self.channel_json(channel)

    def r_messages(self, request, channel_id):
        channel = self.channel(channel_id)
        bits = self.require(channel, VIEW_CHANNEL)
        query = request["query"]
        raw_limit = query.get("limit", "50")
        if not raw_limit.isdigit() or not 1 <= int(raw_limit) <= 100:
            raise invalid_form("limit", "NUMBER_TYPE_MAX" if raw_limit.isdigit() else "NUMBER_TYPE_COERCE",
                               "int value should be less than or equal to 100." if raw_limit.isdigit()
                               else f'Value "{raw_limit}" is not int.')
        limit = int(raw_limit)
        anchors = {}
        for key in ("around", "before", "after"):
            if key in query:
                if as_id(query[key]) is None:
                    raise invalid_form(key, "SNOWFLAKE_TYPE_COERCE", f'Value "{query[key]}" is not snowflake.')
                anchors[key] = int(query[key])
        if not bits & READ_MESSAGE_HISTORY:
            return 200, []
        stored, ids = self.messages.get(channel_id, []), self.message_ids.get(channel_id, [])
        if "around" in anchors:
            middle = bisect.bisect_left(ids, anchors["around"])
            start = max(0, middle - limit // 2)
            batch = stored[start:start + limit]
        elif "before" in anchors:
            end = bisect.bisect_left(ids, anchors["before"])
            batch = stored[max(0, end - limit):end]
        elif "after" in anchors:
            start = bisect.bisect_right(ids, anchors["after"])
            batch = stored[start:start + limit]
        else:
            batch = stored[-limit:]
        return 200, [self.message_json(m) for m in reversed(batch)]

    def r_message(self, request, channel_id, message_id):
        channel = self.channel(channel_id)
        self.require(channel, VIEW_CHANNEL | READ_MESSAGE_HISTORY)
        return 200, self.message_json(self.find_message(channel_id, message_id)[1])

    def r_create_message(self, request, channel_id):
        body = request["json"]
        channel = self.channel(channel_id)
        if channel["type"] not in (TEXT, ANNOUNCEMENT) + THREAD_TYPES:
            raise ApiError(403, "Cannot send messages in a non-text channel", 50008)
        self.require(channel, SEND_MESSAGES_IN_THREADS if channel["type"] in THREAD_TYPES else SEND_MESSAGES)
        content = body.get("content")
        if not isinstance(content, str) or not content:
            raise invalid_form("content", "BASE_TYPE_REQUIRED", "This field is required")
        if len(content) > MAX_CONTENT:
            raise invalid_form("content", "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_CONTENT} or fewer in length.")
        nonce = body.get("nonce")
        if nonce is not None and (isinstance(nonce, bool) or not isinstance(nonce, (int, str))
                                  or (isinstance(nonce, str) and len(nonce) > MAX_NONCE)):
            raise invalid_form("nonce", "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_NONCE} or fewer in length.")
        bot_id, moment = self.app["id"], time.monotonic()
        key = (channel_id, bot_id, str(nonce)) if nonce is not None else None
        if key is not None and body.get("enforce_nonce") is True:
            seen = self.nonces.get(key)
            if seen is not None and moment - seen[1] <= NONCE_WINDOW_S:
                try:
                    return 200, self.message_json(self.find_message(channel_id, seen[0])[1], with_nonce=True)
                except ApiError:
                    pass  # deleted meanwhile: Discord creates a new one
        extra = {}
        if isinstance(body.get("message_reference"), dict):
            extra["message_reference"] = body["message_reference"]
            extra["type"] = 19
        message = self.store(channel, self.user_json(bot_id), content, nonce=nonce, extra=extra)
        message["_allowedMentions"] = body.get("allowed_mentions")
        if key is not None:
            self.nonces[key] = (message["id"], moment)
        return 200, self.message_json(message, with_nonce=True)

    def r_create_thread(self, request, channel_id, message_id):
        body = request["json"]
        channel = self.channel(channel_id)
        if channel["type"] not in (TEXT, ANNOUNCEMENT):
            raise ApiError(400, "Cannot execute action on this channel type", 50024)
        self.require(channel, CREATE_PUBLIC_THREADS)
        starter = self.find_message(channel_id, message_id)[1]
        name = body.get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            raise invalid_form("name", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
        duration = body.get("auto_archive_duration", 4320)
        if duration not in ARCHIVE_DURATIONS:
            raise invalid_form("auto_archive_duration", "BASE_TYPE_CHOICES",
                               f"Value must be one of {set(ARCHIVE_DURATIONS)}.")
        if starter["id"] in self.threads:
            raise ApiError(400, "A thread has already been created for this message", 160004)
        kind = ANNOUNCEMENT_THREAD if channel["type"] == ANNOUNCEMENT else PUBLIC_THREAD
        thread = {"id": starter["id"], "type": kind,
                  "guildId": channel["guildId"], "parentId": channel_id, "ownerId": self.app["id"], "name": name,
                  "autoArchiveDuration": duration, "at": time.time()}
        self.threads[thread["id"]] = thread
        return 201, self.channel_json(thread)

    def require_bot(self, request):
        auth = request["authorization"] or ""
        if not auth.startswith("Bot ") or auth[4:].strip() != self.app.get("botToken"):
            raise unauthorized()

    HANDLERS = {
        "/oauth2/token": "r_oauth_token", "/users/@me": "r_users_me", "/applications/@me": "r_applications_me",
        "/guilds/{guild}": "r_guild", "/guilds/{guild}/roles": "r_guild_roles",
        "/guilds/{guild}/members/{user}": "r_guild_member", "/guilds/{guild}/channels": "r_guild_channels",
        "/channels/{channel}": "r_channel", "/channels/{channel}/messages/{message}": "r_message",
        "/channels/{channel}/messages/{message}/threads": "r_create_thread",
    }
    OPEN = ("r_oauth_token", "r_users_me", "r_applications_me")

    def handler(self, method, template):
        if template == "/channels/{channel}/messages":
            return "r_messages" if method == "GET" else "r_create_message"
        return self.HANDLERS[template]

    def dispatch(self, method, path, request):
        known = [(m, t, match) for m, t, pattern in ROUTES for match in [pattern.match(path)] if match]
        if not known:
            raise ApiError(404, "404: Not Found")
        chosen = next(((m, t, match) for m, t, match in known if m == method), None)
        if chosen is None:
            raise ApiError(405, "405: Method Not Allowed")
        name = self.handler(method, chosen[1])
        args = [unquote(a) for a in chosen[2].groups()]
        with self.lock:
            if name not in self.OPEN:
                self.require_bot(request)
            if request["jsonError"] and method == "POST" and name != "r_oauth_token":
                raise ApiError(400, "The request body contains invalid JSON.", 50109)
            return getattr(self, name)(request, *args)

    @staticmethod
    def route_of(method, path):
        for m, template, pattern in ROUTES:
            if m == method and pattern.match(path):
                return f"{m} {template}"
        return None

    # Scripts

    def take_script(self, method, path):
        """The next scripted answer for this call, or None."""
        segments = path.strip("/").split("/")
        with self.lock:
            for route, queue in self.scripts:
                if not queue:
                    continue
                if route != "*":
                    wanted_method, _, wanted_path = route.partition(" ")
                    wanted = wanted_path.strip().strip("/").split("/")
                    if wanted_method.upper() != method or len(wanted) != len(segments) or not all(
                            w == s or (w.startswith("{") and w.endswith("}")) for w, s in zip(wanted, segments)):
                        continue
                return queue.pop(0)
        return None

    def add_script(self, body):
        route = body.get("route")
        if not isinstance(route, str) or not route.strip() or not isinstance(body.get("responses"), list):
            raise ControlError("a route and a list of responses are needed")
        route = " ".join(route.split())
        with self.lock:
            for existing, queue in self.scripts:
                if existing == route:
                    queue.extend(body["responses"])
                    break
            else:
                self.scripts.append((route, list(body["responses"])))
            self.scripts.sort(key=lambda item: item[0] == "*")

    @staticmethod
    def scripted_answer(scripted):
        """(status, body, headers); body None drops the connection."""
        if scripted.get("dropConnection"):
            return None, None, {}
        status = int(scripted.get("status", 200))
        headers = {str(k): str(v) for k, v in (scripted.get("headers") or {}).items()}
        if "raw" in scripted:
            body = str(scripted["raw"]).encode()
        elif "body" in scripted:
            body = scripted["body"]
        elif status >= 400:
            body = {"message": f"{status}: {phrase(status)}", "code": 0}
        else:
            body = {}
        if status == 429:
            payload = body if isinstance(body, dict) else {}
            retry = float(payload.get("retry_after", 1) or 0)
            headers.setdefault("Retry-After", str(max(0, math.ceil(retry))))
            if payload.get("global"):
                headers.setdefault("X-RateLimit-Global", "true")
                headers.setdefault("X-RateLimit-Scope", "global")
            else:
                headers.setdefault("X-RateLimit-Scope", "user")
        return status, body, headers

    # One API call

    def call(self, method, path, request):
        """(status, body, headers) for one REST call; body None drops the connection."""
        relative = path[len(API):] or "/"
        entry = {"method": method, "path": path, "route": self.route_of(method, relative), "query": request["query"],
                 "auth": request["authorization"], "body": request["logged"], "status": None, "response": None,
                 "scripted": False, "at": now()}
        with self.lock:
            self.log.append(entry)
            del self.log[:-LOG_LIMIT]
        scripted = self.take_script(method, relative)
        answers = scripted is not None and any(k in scripted for k in ("status", "body", "raw", "dropConnection"))
        if scripted is not None and scripted.get("delayMs"):
            time.sleep(scripted["delayMs"] / 1000)
            if not answers:
                entry["delayedMs"] = scripted["delayMs"]
        if answers and not scripted.get("apply"):
            status, body, headers = self.scripted_answer(scripted)
        else:
            try:
                status, body = self.dispatch(method, relative, request)
            except ApiError as failure:
                status, body = failure.status, failure.body()
            except OAuthError as failure:
                status, body = failure.status, failure.body()
            headers = {}
            if answers:
                status, body, headers = self.scripted_answer(scripted)
        with self.lock:
            entry.update(status=None if body is None else status, scripted=answers,
                         response=body.decode("utf-8", "replace") if isinstance(body, bytes) else body)
        return status, body, headers

    # Control

    def control_channel(self, body, key="channelId"):
        channel_id = as_id(body.get(key))
        channel = self.channels.get(channel_id) or self.threads.get(channel_id)
        if channel is None:
            raise ControlError("unknown channel", 404)
        return channel

    def inject(self, body, content=None):
        channel = self.control_channel(body)
        author_id = as_id(body.get("authorId"))
        webhook_id = as_id(body.get("webhookId"))
        if author_id is None and webhook_id is None:
            raise ControlError("authorId (or webhookId) is required")
        if webhook_id is not None:
            name = (self.users.get(author_id) or {}).get("username") or "Captain Hook"
            author = {"id": webhook_id, "username": name, "discriminator": "0000", "avatar": None, "bot": True}
        else:
            author = self.user_json(author_id)
        text = body.get("content", "") if content is None else content
        return self.store(channel, author, str(text), kind=int(body.get("type", 0)), webhook_id=webhook_id)

    def delete_message(self, body):
        channel = self.control_channel(body)
        message_id = as_id(body.get("messageId")) or ""
        try:
            index, message = self.find_message(channel["id"], message_id)
        except ApiError:
            raise ControlError("unknown message", 404)
        del self.messages[channel["id"]][index]
        del self.message_ids[channel["id"]][index]
        self.nonces = {k: v for k, v in self.nonces.items() if v[0] != message_id}
        return {}

    def control(self, method, path, query, body):
        with self.lock:
            if path == "/__control/log":
                return json.loads(json.dumps(self.log))
            if path == "/__control/messages":
                channel = self.control_channel(query)
                return [self.stored_json(m) for m in self.messages.get(channel["id"], [])]
            if path == "/__control/threads":
                return [{"id": t["id"], "parentId": t["parentId"], "name": t["name"], "starterMessageId": t["id"],
                         "autoArchiveDuration": t["autoArchiveDuration"]} for t in self.threads.values()]
            if method != "POST":
                raise ControlError("unknown control route", 404)
            if path == "/__control/state":
                self.set_state(body)
                return {}
            if path == "/__control/script":
                self.add_script(body)
                return {}
            if path == "/__control/message":
                return self.stored_json(self.inject(body))
            if path == "/__control/messages_bulk":
                count = int(body.get("count", 0))
                if count < 1:
                    raise ControlError("count must be at least 1")
                template = str(body.get("content", ""))
                made = [self.inject(body, template.replace("{n}", str(n))) for n in range(1, count + 1)]
                return {"count": count, "firstId": made[0]["id"], "lastId": made[-1]["id"]}
            if path == "/__control/delete_message":
                return self.delete_message(body)
            if path == "/__control/reset":
                self.reset()
                return {}
        raise ControlError("unknown control route", 404)


FAKE = Fake()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def setup(self):
        super().setup()
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def log_message(self, *args):
        pass

    def read_body(self):
        if "chunked" in (self.headers.get("Transfer-Encoding") or "").lower():
            data = b""
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass
                    return data
                data += self.rfile.read(size)
                self.rfile.readline()
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def send(self, status, body, headers=None):
        data = body if isinstance(body, bytes) else json.dumps(body, ensure_ascii=False).encode()
        self.send_response(status)
        self.send_header("Content-Type", "text/plain" if isinstance(body, bytes) else "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        url = urlsplit(self.path)
        query = {k: v[-1] for k, v in parse_qs(url.query, keep_blank_values=True).items()}
        try:
            raw = self.read_body()
            if url.path.startswith("/__control/"):
                return self.control(url.path, query, raw)
            if url.path != API and not url.path.startswith(API + "/"):
                return self.send(404, {"message": "404: Not Found", "code": 0})
            status, body, headers = FAKE.call(self.command, url.path, self.request_of(query, raw))
            if body is None:
                self.close_connection = True
                try:
                    self.connection.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                return
            self.send(status, body, headers)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    do_POST = do_PUT = do_DELETE = do_PATCH = do_GET

    def request_of(self, query, raw):
        kind = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
        request = {"query": query, "authorization": self.headers.get("Authorization"), "json": {}, "form": {},
                   "jsonError": False, "logged": None}
        if not raw:
            return request
        text = raw.decode("utf-8", "replace")
        if kind == "application/x-www-form-urlencoded":
            request["form"] = {k: v[-1] for k, v in parse_qs(text, keep_blank_values=True).items()}
            request["logged"] = request["form"]
            return request
        try:
            parsed = json.loads(text)
            request["json"] = parsed if isinstance(parsed, dict) else {}
            request["jsonError"] = not isinstance(parsed, dict)
            request["logged"] = parsed
        except ValueError:
            request["jsonError"], request["logged"] = True, text
        return request

    def control(self, path, query, raw):
        try:
            body = json.loads(raw) if raw else {}
            if not isinstance(body, dict):
                raise ControlError("the body must be a JSON object")
            self.send(200, FAKE.control(self.command, path, query, body))
        except ControlError as failure:
            self.send(failure.status, {"error": str(failure)})
        except (ValueError, TypeError, KeyError) as failure:
            self.send(400, {"error": f"{type(failure).__name__}: {failure}"})


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            super().handle_error(request, client_address)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    http1_server.serve(Handler, args.port, Server)


if __name__ == "__main__":
    main()
