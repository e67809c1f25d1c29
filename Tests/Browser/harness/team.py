"""The people of the browser suite: organization members made the way an operator makes them
(`deploy/appnorth user add`, which prints a one-time setup link), their passwords set through
that link, and their dashboard sessions put into browsers.

The hub allows 10 sign-ins a minute from one address and every browser here is 127.0.0.1, so a
person signs in once (accepting their link opens a session) and later browsers get a copy of
that session's cookie; only a session that has ended costs a new sign-in.
"""
import itertools
import re
import secrets
import urllib.parse
import urllib.request
from dataclasses import dataclass, field

from .api import Reply

COOKIE = "appnorth_session"
PASSWORD_LENGTH = 24


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


_opener = urllib.request.build_opener(urllib.request.ProxyHandler({}), _NoRedirect())


def form_post(base_url, path, fields, cookie=None):
    """A form post as a page of the hub sends it (its `Origin`), redirects not followed."""
    headers = {"Origin": base_url, "Content-Type": "application/x-www-form-urlencoded"}
    if cookie:
        headers["Cookie"] = f"{COOKIE}={cookie}"
    req = urllib.request.Request(
        base_url + path, data=urllib.parse.urlencode(fields).encode(), method="POST", headers=headers)
    try:
        with _opener.open(req, timeout=30) as answer:
            return Reply(answer.status, answer.headers, answer.read())
    except urllib.error.HTTPError as error:
        return Reply(error.code, error.headers, error.read())


def page_get(base_url, path, cookie=None):
    headers = {"Cookie": f"{COOKIE}={cookie}"} if cookie else {}
    req = urllib.request.Request(base_url + path, method="GET", headers=headers)
    try:
        with _opener.open(req, timeout=30) as answer:
            return Reply(answer.status, answer.headers, answer.read())
    except urllib.error.HTTPError as error:
        return Reply(error.code, error.headers, error.read())


def session_cookie(reply):
    """The `appnorth_session` value a reply sets, or None."""
    for header in reply.headers.get_all("Set-Cookie") or []:
        if header.startswith(COOKIE + "="):
            value = header[len(COOKIE) + 1:].split(";", 1)[0]
            return value or None
    return None


@dataclass
class Person:
    email: str
    name: str
    role: str
    password: str
    organization: str = "default"
    cookie: str = field(default=None, repr=False)


class Team:
    """`owner` is the default organization's first owner; `person(role)` makes another member."""

    _serial = itertools.count(1)

    def __init__(self, hub):
        self.hub = hub
        self._owner = None

    @property
    def owner(self):
        if self._owner is None:
            self._owner = self.person(role="owner", name="Olive Owner", email="owner@example.com")
        return self._owner

    def setup_link(self, email, role, organization="default"):
        """The one-time link `deploy/appnorth user add` prints for a new person."""
        printed = self.hub.appnorth("user", "add", "--email", email, "--role", role, "--org", organization)
        link = printed.strip().splitlines()[-1].strip()
        assert re.fullmatch(r"https?://\S+/invite/\S+", link), f"user add printed {printed!r}"
        return link

    def person(self, role="member", name=None, email=None, organization="default"):
        """A new person with `role`, their password set through their setup link (which signs
        them in: their session is kept for `sign_in`)."""
        serial = next(self._serial)
        email = email or f"{role}{serial}-{secrets.token_hex(3)}@example.com"
        name = name or f"{role.capitalize()} {serial}"
        password = secrets.token_urlsafe(PASSWORD_LENGTH)[:PASSWORD_LENGTH]
        link = self.setup_link(email, role, organization)
        path = urllib.parse.urlsplit(link).path
        accepted = form_post(self.hub.base_url, path, {"name": name, "password": password, "passwordAgain": password})
        assert accepted.status == 303, f"accepting {path} answered {accepted}"
        person = Person(email=email, name=name, role=role, password=password, organization=organization)
        person.cookie = session_cookie(accepted)
        assert person.cookie, f"accepting {path} set no session cookie"
        return person

    def session(self, person):
        """A live session cookie of `person`: the one kept, or a new sign-in when it ended."""
        if person.cookie and page_get(self.hub.base_url, "/dashboard/account", person.cookie).status == 200:
            return person.cookie
        signed = form_post(self.hub.base_url, "/login", {"email": person.email, "password": person.password})
        assert signed.status == 303, f"signing {person.email} in answered {signed}"
        person.cookie = session_cookie(signed)
        return person.cookie

    def sign_in(self, browser, person, path="/dashboard"):
        """Puts `person`'s session into `browser` and opens `path`."""
        cookie = self.session(person)
        browser.open("/login")
        browser.driver.delete_all_cookies()
        browser.driver.add_cookie({"name": COOKIE, "value": cookie, "path": "/", "httpOnly": True, "sameSite": "Lax"})
        return browser.open(path)
