#!/usr/bin/env python3
"""A fake Telegram Bot API server (HTTP/1.1, `http.server`, stdlib only) for the delivery daemon's tests.

Usage: fake_telegram.py [--port 0]
Prints the chosen port on its first stdout line and nothing else; exits when stdin reaches EOF
or on SIGTERM.

Bot API: `/bot<token>/<method>`, GET or POST, parameters from the query string, a JSON body or
a form-urlencoded body (numbers may come as strings, objects such as `reply_parameters` or
`allowed_updates` as JSON text). Answers are `{"ok": true, "result": …}` or `{"ok": false,
"error_code": N, "description": "…"}`, with `"parameters": {"retry_after": N}` on 429. An
unknown token is 401 `Unauthorized` for every method, an unknown method 404 `Not Found`;
method names are case-insensitive, as Telegram's are.
    getMe                   the bot's User (can_join_groups, can_read_all_group_messages, supports_inline_queries)
    setWebhook              url, secret_token?, allowed_updates?, drop_pending_updates?. The url must be https,
                            on port 80, 88, 443 or 8443, EXCEPT http(s) on 127.0.0.1/localhost/::1 (any port):
                            the tests run the hub without TLS. secret_token: up to 256 of A-Za-z0-9_- (empty: none).
                            An empty url deletes the webhook. A waiting getUpdates ends with 409.
    deleteWebhook           drop_pending_updates?
    getWebhookInfo          {url, has_custom_certificate: false, pending_update_count, max_connections?,
                            allowed_updates?, last_error_date?, last_error_message?}
    getUpdates              offset?, limit? (1-100, default 100), timeout? (s, capped at 50), allowed_updates?.
                            409 while a webhook is set; a newer getUpdates of the same bot ends a waiting one
                            with 409 "terminated by other getUpdates request". An offset confirms every update
                            with a smaller update_id (a negative one keeps the last -offset).
    getChat                 ChatFullInfo {id, type, title, is_forum?, accent_color_id, max_reaction_count}
    getChatMember           ChatMember {status, user, …}: creator, administrator (with the rights, can_manage_topics
                            in supergroups), member, left (a known user who is none of these), kicked
    getChatAdministrators   the creator, the administrators, and the bot itself when it is one (other bots never)
    createForumTopic        chat_id, name, icon_color? (default 7322096) -> {message_thread_id, name, icon_color};
                            the topic's id is the message_id of its forum_topic_created service message
    sendMessage             chat_id, text, message_thread_id?, reply_parameters? {message_id,
                            allow_sending_without_reply?} or reply_to_message_id?, parse_mode?,
                            link_preview_options?, disable_web_page_preview? (recorded, not interpreted)
Checks, with Telegram's texts, in Telegram's order:
    unknown chat            400 Bad Request: chat not found (chat_id missing: chat_id is empty)
    bot kicked or left      403 Forbidden: bot was kicked from the supergroup chat ("group chat" in a basic group)
    createForumTopic        400 the chat is not a forum; 400 not enough rights to create a topic (the bot is not an
                            administrator with can_manage_topics); 400 TOPIC_NAME_INVALID (empty, or over 128 characters)
    sendMessage             400 message text is empty (blank text, checked before the chat); 400 message thread not
                            found (no such topic, or deleted); 400 message to be replied not found (unless
                            allow_sending_without_reply); 400 message is too long (over 4,096 UTF-16 code units);
                            429 Too Many Requests: retry after N when pacing is on and the group already had
                            `perMinute` (20) messages in the last 60 s, N = seconds until the oldest leaves the window
Messages look like Telegram's: message_id counts up per chat (topics take one too), `from` is the
bot, `chat` is {id, title, type, is_forum (only when true)}, `date`; in a forum topic
`message_thread_id` and `is_topic_message: true`, and a message that answers nothing else has
`reply_to_message` = the topic's forum_topic_created message, as Telegram sends it; a reply's
`reply_to_message` is the stored message without its own reply. A reply without a thread goes into
the replied message's topic. `entities` mark a leading bot_command and http(s) URLs (UTF-16 offsets).
False booleans are left out, as Telegram leaves them out.

Updates: `update_id` counts up per bot and never restarts, not even on reset. The bot's
allowed_updates (the last set by setWebhook or getUpdates; by default everything but chat_member,
message_reaction and message_reaction_count) filter what is delivered. With a webhook, an update is
POSTed to its url with `Content-Type: application/json` and `X-Telegram-Bot-Api-Secret-Token` when
a secret was set, once per delivery, with no retries (a failed one counts as pending and sets
last_error_*); otherwise it is queued for getUpdates. Updates queued before a webhook was set stay
queued (pending) until dropped. The fake does not apply privacy mode: every injected message is delivered.

Test control (no auth), JSON; a malformed request is 400 {"error"}:
    POST /__control/state    {"bots": [{"token", "id", "username", "firstName", "canReadAllGroupMessages"?}],
                              "chats": [{"id" (negative), "title", "type": "supergroup"|"group", "isForum",
                              "creator": userId, "administrators": [userId], "members": [userId],
                              "users": {"<id>": {"first_name", "last_name"?, "username"?}},
                              "bot": {"status": "administrator"|"member"|"left"|"kicked", "canManageTopics"}}]}
                             replaces the state; a chat's "bot" applies to every bot (default: administrator with
                             canManageTopics). Messages and topics of chats that stay are kept; changes made by
                             my_chat_member are dropped.
    POST /__control/pacing   {"enabled": bool, "perMinute"?: int}  (default: on, 20)
    POST /__control/announce_topics {"enabled": bool}  (default: on) each topic createForumTopic opens is
                             announced to the bot as its forum_topic_created service message update, as Telegram
                             does for an administrator bot; a webhook that does not answer 2xx gets it again every
                             second for a minute (Telegram retries too)
    POST /__control/script   {"method": "sendMessage", "responses": [{"status": 429, "body": {…}} | {"status": 502,
                             "raw": "Bad Gateway"} | {"dropConnection": true} | {"delayMs": N, …}]}: the next calls of
                             that method get these answers in order, logged with "scripted": true and with no
                             effect (a status alone answers Telegram's error shape, or ok/true below 400). An entry with
                             only delayMs delays the normal answer, which does take effect (logged "scripted": false,
                             "delayedMs": N). Responses are appended to those still waiting.
    POST /__control/message  {"token", "chatId", "fromId", "text", "threadId"?, "replyTo"?, "isBot"?, "senderChatId"?,
                             "times"? (1), "updateId"?}: a `message` update as Telegram builds it (`from` from the
                             chat's users; with senderChatId, `sender_chat` and the `from` Telegram puts there:
                             GroupAnonymousBot for the group itself, Channel_Bot for a channel), delivered `times`
                             times with the same update_id. Answers {"updateId", "messageId", "deliveries": [{"status",
                             "body"}]} with a webhook (status 0: the connection failed) or {"updateId", "messageId",
                             "queued": true}; an update allowed_updates filters out: "queued": false, "filtered": true.
    POST /__control/service  {"token", "chatId", "kind": "new_chat_members"|"forum_topic_created", "fromId"?,
                             "userId"? (the new member, default the bot), "name"? and "iconColor"? (the topic)}
                             a service message update delivered the same way; forum_topic_created opens a topic
                             (answer's "threadId") that is not listed by /__control/topics
    POST /__control/my_chat_member  {"token", "chatId", "status", "fromId"?, "canManageTopics"? (true)}: the bot's
                             old and new ChatMember; its status in that chat changes (kicked, left: 403 on later calls)
    POST /__control/raw_webhook  {"token", "body": {…} | "text", "secret"?: string|null}: posts the body to the bot's
                             webhook with that secret header (null: none; absent: the secret set) -> {"status", "body"}
    POST /__control/delete_topic  {"chatId", "threadId"}: the topic and its messages are gone (404 when unknown)
    GET  /__control/log      [{"method", "token", "params", "status", "response", "scripted", "at"}] for every Bot API
                             call in order of arrival (`at`: Unix seconds; a long poll still waiting has status null;
                             a dropped connection keeps status and response null)
    GET  /__control/sent[?chatId=]    [{"chatId", "messageId", "threadId", "text", "at", "token", "replyTo", "parseMode"}]
    GET  /__control/topics[?chatId=]  [{"chatId", "threadId", "name", "iconColor", "at", "token"}] from createForumTopic
    POST /__control/reset    clears log, sent, topics, scripts, webhooks, allowed_updates, queued updates, and the
                             chats' messages, topics, pacing windows and my_chat_member changes (the state stays)
"""
import argparse
import http
import json
import math
import os
import re
import socket
import sys
import threading
import time
import urllib.error
import urllib.request
from collections import deque
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import http1_server  # noqa: E402

METHODS = {name.lower(): name for name in (
    "getMe", "setWebhook", "deleteWebhook", "getWebhookInfo", "getUpdates", "getChat", "getChatMember",
    "getChatAdministrators", "createForumTopic", "sendMessage")}
UPDATE_TYPES = (
    "message", "edited_message", "channel_post", "edited_channel_post", "business_connection", "business_message",
    "edited_business_message", "deleted_business_messages", "message_reaction", "message_reaction_count",
    "inline_query", "chosen_inline_result", "callback_query", "shipping_query", "pre_checkout_query",
    "purchased_paid_media", "poll", "poll_answer", "my_chat_member", "chat_member", "chat_join_request",
    "chat_boost", "removed_chat_boost")
DEFAULT_ALLOWED = frozenset(UPDATE_TYPES) - {"chat_member", "message_reaction", "message_reaction_count"}
LONG_POLL_CAP = 50
MAX_TEXT = 4096
MAX_TOPIC_NAME = 128
DEFAULT_ICON_COLOR = 7322096
WEBHOOK_TIMEOUT = 10
WEBHOOK_PORTS = (80, 88, 443, 8443)
LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")
SECRET = re.compile(r"[A-Za-z0-9_-]*\Z")
COMMAND = re.compile(r"/[A-Za-z0-9_]{1,64}(?:@[A-Za-z0-9_]{1,64})?")
URL = re.compile(r"https?://[^\s]+")
ANONYMOUS_ADMIN = {"id": 1087968824, "is_bot": True, "first_name": "Group", "username": "GroupAnonymousBot"}
CHANNEL_BOT = {"id": 136817688, "is_bot": True, "first_name": "Channel", "username": "Channel_Bot"}
LOG_LIMIT = 200_000


class ApiError(Exception):
    def __init__(self, status, description, retry_after=None):
        super().__init__(description)
        self.status, self.description, self.retry_after = status, description, retry_after

    def body(self):
        body = {"ok": False, "error_code": self.status, "description": self.description}
        if self.retry_after is not None:
            body["parameters"] = {"retry_after": self.retry_after}
        return body


class ControlError(Exception):
    def __init__(self, message, status=400):
        super().__init__(message)
        self.status = status


def now():
    return round(time.time(), 3)


def utf16_length(text):
    return len(text.encode("utf-16-le")) // 2


def as_int(value, default=None):
    """An integer parameter the way Telegram reads one: a number, or its decimal text."""
    if value is None or value == "":
        return default
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value)
    try:
        return int(str(value).strip())
    except ValueError:
        return default


def as_bool(value):
    return value is True or (isinstance(value, (int, float)) and value != 0) or \
        (isinstance(value, str) and value.strip().lower() in ("true", "1"))


def as_object(value):
    """An object or array parameter: JSON itself in a JSON body, JSON text in a query or form."""
    if isinstance(value, (dict, list)):
        return value
    if isinstance(value, str) and value.strip():
        try:
            return json.loads(value)
        except ValueError:
            return None
    return None


def as_text(value):
    if value is None:
        return ""
    return value if isinstance(value, str) else str(value)


def entities(text):
    """bot_command at the start and http(s) URLs, offsets and lengths in UTF-16 code units."""
    found = []
    command = COMMAND.match(text)
    if command:
        found.append({"type": "bot_command", "offset": 0, "length": utf16_length(command.group(0))})
    for url in URL.finditer(text):
        found.append({"type": "url", "offset": utf16_length(text[:url.start()]), "length": utf16_length(url.group(0))})
    return found


def without_reply(message):
    return {k: v for k, v in message.items() if k != "reply_to_message"}


def bot_user(bot):
    return {"id": bot["id"], "is_bot": True, "first_name": bot.get("firstName", "Bot"),
            "username": bot.get("username", "bot")}


def chat_json(chat):
    body = {"id": chat["id"], "title": chat.get("title", ""), "type": chat.get("type", "supergroup")}
    if chat.get("isForum"):
        body["is_forum"] = True
    return body


def admin_rights(chat, can_manage_topics):
    rights = {"can_be_edited": False, "can_manage_chat": True, "can_change_info": True, "can_delete_messages": True,
              "can_invite_users": True, "can_restrict_members": True, "can_pin_messages": True}
    if chat.get("type", "supergroup") == "supergroup":
        rights["can_manage_topics"] = bool(can_manage_topics)
    rights.update({"can_promote_members": False, "can_manage_video_chats": True, "can_post_stories": False,
                   "can_edit_stories": False, "can_delete_stories": False, "is_anonymous": False,
                   "can_manage_voice_chats": True})
    return rights


def phrase(status):
    try:
        return http.HTTPStatus(status).phrase
    except ValueError:
        return ""


def webhook_problem(url):
    """Why Telegram would refuse `url` as a webhook, or None."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return "Bad Request: invalid webhook URL specified"
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return "Bad Request: invalid webhook URL specified"
    if parts.hostname in LOCAL_HOSTS:
        return None  # the tests' hub listens on plain HTTP on the loopback
    if parts.scheme != "https":
        return "Bad Request: bad webhook: An HTTPS URL must be provided for webhook"
    if (port or 443) not in WEBHOOK_PORTS:
        return "Bad Request: bad webhook: Webhook can be set up only on ports 80, 88, 443 or 8443"
    return None


WEBHOOK_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def post_webhook(url, body, secret):
    """POSTs `body` (bytes) to a webhook; (status, text), status 0 when no answer came."""
    request = urllib.request.Request(url, data=body, method="POST", headers={"Content-Type": "application/json"})
    if secret is not None:
        request.add_header("X-Telegram-Bot-Api-Secret-Token", secret)
    try:
        with WEBHOOK_OPENER.open(request, timeout=WEBHOOK_TIMEOUT) as response:
            return response.status, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as failure:
        return failure.code, failure.read().decode("utf-8", "replace")
    except (urllib.error.URLError, OSError) as failure:
        return 0, str(getattr(failure, "reason", failure))


class Fake:
    def __init__(self):
        self.lock = threading.RLock()
        self.cond = threading.Condition(self.lock)
        self.bots = {}
        self.chats = {}
        self.pacing = True
        self.per_minute = 20
        self.announce_topics = True
        self.next_update = {}
        self.polls = {}  # token -> (generation, reason the last one was ended for)
        self.reset()

    def reset(self):
        with self.lock:
            self.log, self.sent, self.topics_log = [], [], []
            self.scripts, self.webhooks, self.queues, self.allowed = {}, {}, {}, {}
            self.runtime = {}
            self.cond.notify_all()

    # State

    def set_state(self, state):
        bots = {}
        for bot in state.get("bots", []):
            if not bot.get("token") or as_int(bot.get("id")) is None:
                raise ControlError("a bot needs a token and an id")
            bots[bot["token"]] = dict(bot, id=as_int(bot["id"]))
        chats = {}
        for chat in state.get("chats", []):
            chat_id = as_int(chat.get("id"))
            if chat_id is None:
                raise ControlError("a chat needs an id")
            chats[chat_id] = dict(chat, id=chat_id)
        with self.lock:
            self.bots, self.chats = bots, chats
            self.runtime = {cid: rt for cid, rt in self.runtime.items() if cid in chats}
            for rt in self.runtime.values():
                rt["bot"] = {}

    def chat_runtime(self, chat_id):
        rt = self.runtime.get(chat_id)
        if rt is None:
            rt = self.runtime[chat_id] = {"next": 1, "messages": {}, "topics": {}, "sends": deque(), "bot": {}}
        return rt

    def bot_member(self, chat, bot):
        override = self.chat_runtime(chat["id"])["bot"].get(bot["id"])
        if override is not None:
            return override
        spec = chat.get("bot") or {}
        return {"status": spec.get("status", "administrator"), "canManageTopics": spec.get("canManageTopics", True)}

    def user(self, chat, user_id, is_bot=False):
        for bot in self.bots.values():
            if bot["id"] == user_id:
                return bot_user(bot)
        info = (chat.get("users") or {}).get(str(user_id))
        body = {"id": user_id, "is_bot": bool(is_bot),
                "first_name": (info or {}).get("first_name", f"User {user_id}")}
        for key in ("last_name", "username", "language_code"):
            if info and info.get(key):
                body[key] = info[key]
        return body

    def member(self, chat, user_id):
        for bot in self.bots.values():
            if bot["id"] == user_id:
                status = self.bot_member(chat, bot)
                body = {"user": bot_user(bot), "status": status["status"]}
                if status["status"] == "administrator":
                    body.update(admin_rights(chat, status["canManageTopics"]))
                elif status["status"] == "kicked":
                    body["until_date"] = 0
                return body
        known = str(user_id) in (chat.get("users") or {})
        if user_id == as_int(chat.get("creator")):
            return {"user": self.user(chat, user_id), "status": "creator", "is_anonymous": False}
        if user_id in [as_int(a) for a in chat.get("administrators", [])]:
            return dict({"user": self.user(chat, user_id), "status": "administrator"}, **admin_rights(chat, True))
        if user_id in [as_int(m) for m in chat.get("members", [])]:
            return {"user": self.user(chat, user_id), "status": "member"}
        if known:
            return {"user": self.user(chat, user_id), "status": "left"}
        return None

    def new_message_id(self, chat_id):
        rt = self.chat_runtime(chat_id)
        message_id = rt["next"]
        rt["next"] += 1
        return message_id

    def live_topic(self, chat, thread_id):
        topic = self.chat_runtime(chat["id"])["topics"].get(thread_id)
        return topic if topic and not topic["deleted"] else None

    def place(self, chat, message, thread_id, replied):
        """Adds a forum topic's fields and the reply to `message`, as Telegram does."""
        rt = self.chat_runtime(chat["id"])
        if thread_id and chat.get("isForum"):
            message["message_thread_id"] = thread_id
            message["is_topic_message"] = True
            if replied is None:
                replied = rt["messages"].get(thread_id)
        if replied is not None:
            message["reply_to_message"] = without_reply(replied)
        return message

    # Bot API

    def api_chat(self, params, bot):
        raw = params.get("chat_id")
        if raw is None or raw == "":
            raise ApiError(400, "Bad Request: chat_id is empty")
        chat = self.chats.get(as_int(raw))
        if chat is None:
            raise ApiError(400, "Bad Request: chat not found")
        if self.bot_member(chat, bot)["status"] in ("kicked", "left"):
            kind = "group" if chat.get("type") == "group" else "supergroup"
            raise ApiError(403, f"Forbidden: bot was kicked from the {kind} chat")
        return chat

    def set_allowed(self, token, params):
        wanted = as_object(params.get("allowed_updates"))
        if isinstance(wanted, list) and wanted and all(isinstance(w, str) for w in wanted):
            chosen = frozenset(w.lower() for w in wanted) & frozenset(UPDATE_TYPES)
            self.allowed[token] = chosen or DEFAULT_ALLOWED

    def end_poll(self, token, reason):
        generation, _ = self.polls.get(token, (0, None))
        self.polls[token] = (generation + 1, reason)
        self.cond.notify_all()

    def m_getMe(self, bot, params):
        return {"id": bot["id"], "is_bot": True, "first_name": bot.get("firstName", "Bot"),
                "username": bot.get("username", "bot"), "can_join_groups": bot.get("canJoinGroups", True),
                "can_read_all_group_messages": bot.get("canReadAllGroupMessages", False),
                "supports_inline_queries": False, "can_connect_to_business": False, "has_main_web_app": False}

    def m_setWebhook(self, bot, params):
        token = bot["token"]
        url = as_text(params.get("url")).strip()
        if not url:
            return self.m_deleteWebhook(bot, params)
        secret = as_text(params.get("secret_token"))
        if len(secret) > 256:
            raise ApiError(400, "Bad Request: secret token is too long")
        if not SECRET.match(secret):
            raise ApiError(400, "Bad Request: secret token contains unallowed characters")
        problem = webhook_problem(url)
        if problem:
            raise ApiError(400, problem)
        with self.lock:
            if as_bool(params.get("drop_pending_updates")):
                self.queues.pop(token, None)
            self.set_allowed(token, params)
            old = self.webhooks.get(token)
            same = old is not None and old["url"] == url and old["secret"] == (secret or None)
            if not same:
                self.webhooks[token] = {"url": url, "secret": secret or None, "pending": set(),
                                        "lastErrorDate": None, "lastErrorMessage": None}
            self.end_poll(token, "setWebhook")
        return True, "Webhook is already set" if same else "Webhook was set"

    def m_deleteWebhook(self, bot, params):
        token = bot["token"]
        with self.lock:
            if as_bool(params.get("drop_pending_updates")):
                self.queues.pop(token, None)
            was_set = self.webhooks.pop(token, None) is not None
        return True, "Webhook was deleted" if was_set else "Webhook is already deleted"

    def m_getWebhookInfo(self, bot, params):
        token = bot["token"]
        with self.lock:
            hook = self.webhooks.get(token)
            pending = len(self.queues.get(token, [])) + (len(hook["pending"]) if hook else 0)
            info = {"url": hook["url"] if hook else "", "has_custom_certificate": False, "pending_update_count": pending}
            if hook:
                info["max_connections"] = 40
                if token in self.allowed:
                    info["allowed_updates"] = sorted(self.allowed[token])
                if hook["lastErrorDate"]:
                    info["last_error_date"] = hook["lastErrorDate"]
                    info["last_error_message"] = hook["lastErrorMessage"]
        return info

    def m_getUpdates(self, bot, params):
        token = bot["token"]
        offset = as_int(params.get("offset"), 0)
        limit = min(max(as_int(params.get("limit"), 100), 1), 100)
        timeout = min(max(as_int(params.get("timeout"), 0), 0), LONG_POLL_CAP)
        with self.cond:
            if token in self.webhooks:
                raise ApiError(409, "Conflict: can't use getUpdates method while webhook is active; "
                                    "use deleteWebhook to delete the webhook first")
            self.end_poll(token, "getUpdates")
            generation = self.polls[token][0]
            self.set_allowed(token, params)
            queue = self.queues.setdefault(token, [])
            if offset > 0:
                queue[:] = [u for u in queue if u["update_id"] >= offset]
            elif offset < 0:
                queue[:] = queue[offset:]
            deadline = time.monotonic() + timeout
            while True:
                current, reason = self.polls[token]
                if current != generation:
                    if reason == "setWebhook":
                        raise ApiError(409, "Conflict: terminated by setWebhook request")
                    raise ApiError(409, "Conflict: terminated by other getUpdates request; "
                                        "make sure that only one bot instance is running")
                queue = self.queues.setdefault(token, [])
                left = deadline - time.monotonic()
                if queue or left <= 0:
                    return [json.loads(json.dumps(u)) for u in queue[:limit]]
                self.cond.wait(left)

    def m_getChat(self, bot, params):
        with self.lock:
            chat = self.api_chat(params, bot)
            return dict(chat_json(chat), accent_color_id=0, max_reaction_count=11)

    def m_getChatMember(self, bot, params):
        with self.lock:
            chat = self.api_chat(params, bot)
            user_id = as_int(params.get("user_id"))
            if user_id is None or user_id <= 0:
                raise ApiError(400, "Bad Request: invalid user_id specified")
            member = self.member(chat, user_id)
            if member is None:
                raise ApiError(400, "Bad Request: user not found")
            return member

    def m_getChatAdministrators(self, bot, params):
        with self.lock:
            chat = self.api_chat(params, bot)
            ids = [as_int(chat.get("creator"))] + [as_int(a) for a in chat.get("administrators", [])]
            admins = [self.member(chat, i) for i in dict.fromkeys(i for i in ids if i is not None)]
            admins = [a for a in admins if a and a["status"] in ("creator", "administrator")]
            if self.bot_member(chat, bot)["status"] == "administrator":
                admins.append(self.member(chat, bot["id"]))
            return admins

    def m_createForumTopic(self, bot, params):
        with self.lock:
            chat = self.api_chat(params, bot)
            if not chat.get("isForum"):
                raise ApiError(400, "Bad Request: the chat is not a forum")
            status = self.bot_member(chat, bot)
            if status["status"] != "administrator" or not status["canManageTopics"]:
                raise ApiError(400, "Bad Request: not enough rights to create a topic")
            name = as_text(params.get("name"))
            if not name.strip() or len(name) > MAX_TOPIC_NAME:
                raise ApiError(400, "Bad Request: TOPIC_NAME_INVALID")
            color = as_int(params.get("icon_color"), 0) or DEFAULT_ICON_COLOR
            thread_id = self.open_topic(chat, bot_user(bot), name, color)
            self.topics_log.append({"chatId": chat["id"], "threadId": thread_id, "name": name, "iconColor": color,
                                    "at": now(), "token": bot["token"]})
            if self.announce_topics:
                message = json.loads(json.dumps(self.chat_runtime(chat["id"])["messages"][thread_id]))
                threading.Thread(target=self.announce, args=(bot["token"], message), daemon=True).start()
            return {"message_thread_id": thread_id, "name": name, "icon_color": color}

    def open_topic(self, chat, sender, name, color):
        thread_id = self.new_message_id(chat["id"])
        rt = self.chat_runtime(chat["id"])
        rt["messages"][thread_id] = {"message_id": thread_id, "from": sender, "chat": chat_json(chat),
                                     "date": int(time.time()), "message_thread_id": thread_id,
                                     "is_topic_message": True,
                                     "forum_topic_created": {"name": name, "icon_color": color}}
        rt["topics"][thread_id] = {"name": name, "iconColor": color, "deleted": False}
        return thread_id

    def m_sendMessage(self, bot, params):
        text = as_text(params.get("text"))
        if not text.strip():
            raise ApiError(400, "Bad Request: message text is empty")
        with self.lock:
            chat = self.api_chat(params, bot)
            rt = self.chat_runtime(chat["id"])
            thread_id = as_int(params.get("message_thread_id"), 0)
            if thread_id and not self.live_topic(chat, thread_id):
                raise ApiError(400, "Bad Request: message thread not found")
            reply = as_object(params.get("reply_parameters"))
            if isinstance(reply, dict):
                reply_id = as_int(reply.get("message_id"), 0)
                allow_without = as_bool(reply.get("allow_sending_without_reply"))
                if reply.get("chat_id") not in (None, "") and as_int(reply.get("chat_id")) != chat["id"]:
                    reply_id, allow_without = -1, False  # another chat's messages are not kept here
            else:
                reply_id = as_int(params.get("reply_to_message_id"), 0)
                allow_without = as_bool(params.get("allow_sending_without_reply"))
            replied = rt["messages"].get(reply_id) if reply_id else None
            if reply_id and replied is None and not allow_without:
                raise ApiError(400, "Bad Request: message to be replied not found")
            if replied is not None and not thread_id and replied.get("is_topic_message"):
                thread_id = replied["message_thread_id"]
            if utf16_length(text) > MAX_TEXT:
                raise ApiError(400, "Bad Request: message is too long")
            sends = rt["sends"]
            moment = time.monotonic()
            while sends and sends[0] <= moment - 60:
                sends.popleft()
            if self.pacing and len(sends) >= self.per_minute:
                wait = max(1, math.ceil(sends[len(sends) - self.per_minute] + 60 - moment))
                raise ApiError(429, f"Too Many Requests: retry after {wait}", retry_after=wait)
            sends.append(moment)
            message_id = self.new_message_id(chat["id"])
            message = {"message_id": message_id, "from": bot_user(bot), "chat": chat_json(chat),
                       "date": int(time.time())}
            self.place(chat, message, thread_id, replied)
            message["text"] = text
            found = entities(text) if params.get("parse_mode") in (None, "") else []
            if found:
                message["entities"] = found
            rt["messages"][message_id] = message
            self.sent.append({"chatId": chat["id"], "messageId": message_id, "threadId": thread_id or None,
                              "text": text, "at": now(), "token": bot["token"],
                              "replyTo": replied["message_id"] if replied is not None else None,
                              "parseMode": params.get("parse_mode")})
            return json.loads(json.dumps(message))

    def call(self, token, method, params):
        """Runs one Bot API call: (status, body) where body is JSON, raw bytes, or None to drop."""
        with self.lock:
            bot = self.bots.get(token)
            canonical = METHODS.get(method.lower())
            entry = {"method": canonical or method, "token": token, "params": params, "status": None,
                     "response": None, "scripted": False, "at": now()}
            self.log.append(entry)
            del self.log[:-LOG_LIMIT]
            scripted = None
            if bot is not None and canonical is not None:
                queue = self.scripts.get(canonical)
                if queue:
                    scripted = queue.pop(0)
        if scripted is not None:
            delay = scripted.get("delayMs") or 0
            if delay:
                time.sleep(delay / 1000)
            answers = any(k in scripted for k in ("status", "body", "raw", "dropConnection"))
            if answers:
                status, body = self.scripted_answer(scripted)
                with self.lock:
                    entry.update(status=None if body is None else status, scripted=True,
                                 response=body.decode("utf-8", "replace") if isinstance(body, bytes) else body)
                return status, body
            entry["delayedMs"] = delay
        if bot is None:
            status, body = 401, ApiError(401, "Unauthorized").body()
        elif canonical is None:
            status, body = 404, ApiError(404, "Not Found").body()
        else:
            try:
                result = getattr(self, "m_" + canonical)(bot, params)
                body = {"ok": True, "result": result}
                if isinstance(result, tuple):
                    body = {"ok": True, "result": result[0], "description": result[1]}
                status = 200
            except ApiError as failure:
                status, body = failure.status, failure.body()
        with self.lock:
            entry.update(status=status, response=body)
        return status, body

    @staticmethod
    def scripted_answer(scripted):
        if scripted.get("dropConnection"):
            return None, None
        status = as_int(scripted.get("status"), 200)
        if "raw" in scripted:
            return status, as_text(scripted["raw"]).encode()
        if "body" in scripted:
            return status, scripted["body"]
        if status >= 400:
            return status, {"ok": False, "error_code": status, "description": phrase(status) or "Error"}
        return status, {"ok": True, "result": True}

    # Updates

    def control_bot_chat(self, body):
        bot = self.bots.get(body.get("token"))
        if bot is None:
            raise ControlError("unknown token")
        chat = self.chats.get(as_int(body.get("chatId")))
        if chat is None:
            raise ControlError("unknown chatId")
        return bot, chat

    def next_update_id(self, token, wanted=None):
        with self.lock:
            if wanted is not None:
                self.next_update[token] = max(self.next_update.get(token, 1), wanted + 1)
                return wanted
            update_id = self.next_update.get(token, 1)
            self.next_update[token] = update_id + 1
            return update_id

    def deliver(self, token, update, times=1):
        kind = next(k for k in update if k != "update_id")
        with self.lock:
            hook = dict(self.webhooks[token]) if token in self.webhooks else None
            allowed = self.allowed.get(token, DEFAULT_ALLOWED)
            if kind not in allowed:
                return {"updateId": update["update_id"], "queued": False, "filtered": True}
            if hook is None:
                self.queues.setdefault(token, []).extend(json.loads(json.dumps(update)) for _ in range(times))
                self.cond.notify_all()
                return {"updateId": update["update_id"], "queued": True}
        payload = json.dumps(update, ensure_ascii=False).encode()
        deliveries = []
        for _ in range(times):
            status, text = post_webhook(hook["url"], payload, hook["secret"])
            deliveries.append({"status": status, "body": text})
            with self.lock:
                live = self.webhooks.get(token)
                if live is None:
                    continue
                if 200 <= status < 300:
                    live["pending"].discard(update["update_id"])
                else:
                    live["pending"].add(update["update_id"])
                    live["lastErrorDate"] = int(time.time())
                    live["lastErrorMessage"] = (f"Wrong response from the webhook: {status} {phrase(status)}".strip()
                                                if status else text or "Connection failed")
        return {"updateId": update["update_id"], "deliveries": deliveries}

    def announce(self, token, message):
        """Telegram tells a bot that administers a forum about the topics it opens (a
        forum_topic_created service message), and retries a webhook that did not take an update:
        here every second for a minute."""
        update = {"update_id": self.next_update_id(token), "message": message}
        deadline = time.time() + 60
        while True:
            answer = self.deliver(token, update)
            statuses = [d["status"] for d in answer.get("deliveries", [])]
            if not statuses or all(200 <= status < 300 for status in statuses) or time.time() > deadline:
                return
            time.sleep(1)

    def inject_message(self, body):
        with self.lock:
            bot, chat = self.control_bot_chat(body)
            rt = self.chat_runtime(chat["id"])
            text = as_text(body.get("text"))
            thread_id = as_int(body.get("threadId"), 0)
            if thread_id and not self.live_topic(chat, thread_id):
                raise ControlError("no such topic")
            reply_id = as_int(body.get("replyTo"), 0)
            replied = rt["messages"].get(reply_id) if reply_id else None
            if reply_id and replied is None:
                raise ControlError("replyTo: no such message")
            if replied is not None and not thread_id and replied.get("is_topic_message"):
                thread_id = replied["message_thread_id"]
            message_id = self.new_message_id(chat["id"])
            message = {"message_id": message_id}
            sender_chat_id = as_int(body.get("senderChatId"))
            if sender_chat_id is not None:
                if sender_chat_id == chat["id"]:
                    message["from"] = dict(ANONYMOUS_ADMIN)
                    message["sender_chat"] = chat_json(chat)
                else:
                    message["from"] = dict(CHANNEL_BOT)
                    message["sender_chat"] = {"id": sender_chat_id, "title": f"Channel {sender_chat_id}",
                                              "type": "channel"}
            else:
                from_id = as_int(body.get("fromId"))
                if from_id is None:
                    raise ControlError("fromId is required")
                message["from"] = self.user(chat, from_id, as_bool(body.get("isBot")))
            message.update(chat=chat_json(chat), date=int(time.time()))
            self.place(chat, message, thread_id, replied)
            message["text"] = text
            found = entities(text)
            if found:
                message["entities"] = found
            rt["messages"][message_id] = message
            update = {"update_id": self.next_update_id(bot["token"], as_int(body.get("updateId"))), "message": message}
        times = max(as_int(body.get("times"), 1), 1)
        return dict(self.deliver(bot["token"], update, times), messageId=message_id)

    def inject_service(self, body):
        with self.lock:
            bot, chat = self.control_bot_chat(body)
            kind = body.get("kind")
            sender = self.user(chat, as_int(body.get("fromId"), as_int(chat.get("creator"), 0)))
            answer = {}
            if kind == "new_chat_members":
                member_id = as_int(body.get("userId"), bot["id"])
                message_id = self.new_message_id(chat["id"])
                message = {"message_id": message_id, "from": sender, "chat": chat_json(chat),
                           "date": int(time.time()), "new_chat_members": [self.user(chat, member_id)]}
                self.chat_runtime(chat["id"])["messages"][message_id] = message
            elif kind == "forum_topic_created":
                if not chat.get("isForum"):
                    raise ControlError("the chat is not a forum")
                color = as_int(body.get("iconColor"), DEFAULT_ICON_COLOR)
                message_id = self.open_topic(chat, sender, as_text(body.get("name")) or "Topic", color)
                message = self.chat_runtime(chat["id"])["messages"][message_id]
                answer["threadId"] = message_id
            else:
                raise ControlError("kind must be new_chat_members or forum_topic_created")
            update = {"update_id": self.next_update_id(bot["token"]), "message": without_reply(message)}
        return dict(self.deliver(bot["token"], update), messageId=message_id, **answer)

    def inject_my_chat_member(self, body):
        status = body.get("status")
        if status not in ("administrator", "member", "left", "kicked"):
            raise ControlError("status must be administrator, member, left or kicked")
        with self.lock:
            bot, chat = self.control_bot_chat(body)
            old = self.member(chat, bot["id"])
            rt = self.chat_runtime(chat["id"])
            rt["bot"][bot["id"]] = {"status": status, "canManageTopics": body.get("canManageTopics", True)}
            new = self.member(chat, bot["id"])
            sender = self.user(chat, as_int(body.get("fromId"), as_int(chat.get("creator"), 0)))
            update = {"update_id": self.next_update_id(bot["token"]),
                      "my_chat_member": {"chat": chat_json(chat), "from": sender, "date": int(time.time()),
                                         "old_chat_member": old, "new_chat_member": new}}
        return self.deliver(bot["token"], update)

    def raw_webhook(self, body):
        with self.lock:
            hook = self.webhooks.get(body.get("token"))
            if hook is None:
                raise ControlError("that bot has no webhook")
            url, secret = hook["url"], hook["secret"]
        if "secret" in body:
            secret = body["secret"]
        raw = body.get("body")
        payload = raw.encode() if isinstance(raw, str) else json.dumps(raw, ensure_ascii=False).encode()
        status, text = post_webhook(url, payload, secret)
        return {"status": status, "body": text}

    def delete_topic(self, body):
        with self.lock:
            chat_id, thread_id = as_int(body.get("chatId")), as_int(body.get("threadId"))
            rt = self.runtime.get(chat_id)
            topic = rt and rt["topics"].get(thread_id)
            if not topic or topic["deleted"]:
                raise ControlError("no such topic", 404)
            topic["deleted"] = True
            rt["messages"] = {mid: m for mid, m in rt["messages"].items() if m.get("message_thread_id") != thread_id}
        return {}

    def control(self, method, path, query, body):
        if path == "/__control/log":
            with self.lock:
                return json.loads(json.dumps(self.log))
        if path in ("/__control/sent", "/__control/topics"):
            wanted = as_int(query.get("chatId"))
            with self.lock:
                rows = self.sent if path.endswith("sent") else self.topics_log
                return [dict(r) for r in rows if wanted is None or r["chatId"] == wanted]
        if method != "POST":
            raise ControlError("unknown control route", 404)
        if path == "/__control/state":
            self.set_state(body)
            return {}
        if path == "/__control/announce_topics":
            with self.lock:
                self.announce_topics = bool(body.get("enabled", True))
            return {}
        if path == "/__control/pacing":
            with self.lock:
                self.pacing = bool(body.get("enabled", True))
                self.per_minute = max(as_int(body.get("perMinute"), self.per_minute), 1)
            return {}
        if path == "/__control/script":
            canonical = METHODS.get(as_text(body.get("method")).lower())
            if canonical is None or not isinstance(body.get("responses"), list):
                raise ControlError("a known method and a list of responses are needed")
            with self.lock:
                self.scripts.setdefault(canonical, []).extend(body["responses"])
            return {}
        if path == "/__control/message":
            return self.inject_message(body)
        if path == "/__control/service":
            return self.inject_service(body)
        if path == "/__control/my_chat_member":
            return self.inject_my_chat_member(body)
        if path == "/__control/raw_webhook":
            return self.raw_webhook(body)
        if path == "/__control/delete_topic":
            return self.delete_topic(body)
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

    def send(self, status, body):
        data = body if isinstance(body, bytes) else json.dumps(body, ensure_ascii=False).encode()
        self.send_response(status)
        self.send_header("Content-Type", "text/plain" if isinstance(body, bytes) else "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        url = urlsplit(self.path)
        query = {k: v[-1] for k, v in parse_qs(url.query, keep_blank_values=True).items()}
        try:
            raw = self.read_body()
            if url.path.startswith("/__control/"):
                return self.control(url.path, query, raw)
            if not url.path.startswith("/bot") or "/" not in url.path[4:]:
                return self.send(404, ApiError(404, "Not Found").body())
            token, method = url.path[4:].split("/", 1)
            params = dict(query)
            params.update(self.body_params(raw))
            status, body = FAKE.call(token, method, params)
            if body is None:
                self.close_connection = True
                try:
                    self.connection.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                return
            self.send(status, body)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    do_POST = do_PUT = do_DELETE = do_PATCH = do_GET

    def body_params(self, raw):
        if not raw:
            return {}
        kind = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
        if kind == "application/json":
            try:
                parsed = json.loads(raw)
            except ValueError:
                return {}
            return parsed if isinstance(parsed, dict) else {}
        if kind == "application/x-www-form-urlencoded":
            return {k: v[-1] for k, v in parse_qs(raw.decode("utf-8", "replace"), keep_blank_values=True).items()}
        return {}

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
