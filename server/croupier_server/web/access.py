"""Who may read the dashboard and who may change anything: tokens, login sessions, CSRF.

Two secrets guard the dashboard. The admin token is needed to change anything: the API
takes it as ``Authorization: Bearer TOKEN``; the forms of the pages take a login session
opened with it. The read token, when one is set, is needed to read any page or JSON twin
(the admin token reads too); without one, reading is open. Tokens are compared in
constant time.

Authors (:mod:`croupier_server.db.authors`) have tokens of their own, found by their
digest: an author's token submits and retires that author's bots and reads their private
pages, through the API or a login session, and reads whatever the read token reads. A
revoked token ends its sessions too: an author's session is checked against the author's
token on each request.

Logging in with a token at ``/login`` sets a cookie that holds a random session value, not
the token (``HttpOnly``, ``SameSite=Strict``); the session also holds the CSRF value every
form post must carry. Sessions live in memory, for :data:`SESSION_LIFETIME_S` at most: a
restart logs everybody out. The API never takes the cookie to change anything, so a page
elsewhere cannot make a browser change anything through it.

The login form and sign-up are limited per client address (:mod:`.rate_limit`).
"""

from __future__ import annotations

import enum
import hmac
import re
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated

from fastapi import HTTPException, Request, Response, Security
from fastapi.security import APIKeyCookie, HTTPAuthorizationCredentials, HTTPBearer

from croupier_server.tokens import hash_secret
from croupier_server.web.rate_limit import RateLimiter

__all__ = [
    "LOGIN_LIMIT",
    "MIN_TOKEN_LENGTH",
    "SESSION_COOKIE",
    "SESSION_LIFETIME_S",
    "SIGN_UP_LIMIT",
    "AccessControl",
    "AccessTokens",
    "AuthorLookup",
    "Caller",
    "LoginSession",
    "OptionalCaller",
    "RequiredCaller",
    "Role",
    "access_of",
    "admin_login",
    "author_login",
    "check_csrf",
    "check_token",
    "clear_session_cookie",
    "optional_caller",
    "require_admin",
    "require_reader",
    "required_caller",
    "set_session_cookie",
    "user_login",
]

MIN_TOKEN_LENGTH = 16
"""The shortest token accepted: shorter ones could be guessed."""

SESSION_COOKIE = "croupier_session"
SESSION_LIFETIME_S = 12 * 3600
"""How long a login lasts."""
LOGIN_LIMIT = (10, 60.0)
"""Login tries per client address: a burst of 10, then one every 6 seconds."""
SIGN_UP_LIMIT = (5, 3600.0)
"""Sign-ups per client address: a burst of 5, then one every 12 minutes."""

# RFC 6750's b64token: what an Authorization header can carry as a Bearer token.
_TOKEN_PATTERN = re.compile(r"[A-Za-z0-9\-._~+/]+=*")
_CHALLENGE = {"WWW-Authenticate": 'Bearer realm="croupier"'}

_BEARER = HTTPBearer(
    auto_error=False,
    scheme_name="token",
    description="The admin token, to change anything; or an author's token, to submit, "
    "retire and read the private pages of that author's bots. When the server sets a read "
    "token, reading needs a token too: the read token, the admin token or an author's.",
)
_COOKIE = APIKeyCookie(
    name=SESSION_COOKIE,
    auto_error=False,
    scheme_name="login",
    description="The session cookie that logging in at /login sets; it reads, never writes.",
)


class Role(enum.Enum):
    """What a token or a login session allows."""

    READER = "reader"
    ADMIN = "admin"
    AUTHOR = "author"
    """An author's: their own bots and private pages, and reading."""


@dataclass(frozen=True, slots=True)
class Caller:
    """Whom a token or a login session speaks for.

    Attributes:
        role: What it allows.
        author_id: The author's id, for :attr:`Role.AUTHOR`.
        author: The author's name, for :attr:`Role.AUTHOR`.
    """

    role: Role
    author_id: int | None = None
    author: str | None = None

    def owns(self, author_id: int | None) -> bool:
        """Whether it may see and change what the author ``author_id`` owns (the admin may)."""
        if self.role is Role.ADMIN:
            return True
        return self.role is Role.AUTHOR and author_id is not None and author_id == self.author_id


AuthorLookup = Callable[[str], Caller | None]
"""Finds the author whose token has a digest (:func:`~croupier_server.tokens.hash_secret`)."""


def check_token(token: str, *, name: str) -> str:
    """``token`` if it can serve as the token ``name``.

    Raises:
        ValueError: it is shorter than :data:`MIN_TOKEN_LENGTH` or has characters a
            Bearer token cannot carry.
    """
    if len(token) < MIN_TOKEN_LENGTH or not _TOKEN_PATTERN.fullmatch(token):
        raise ValueError(
            f"the {name} must be at least {MIN_TOKEN_LENGTH} characters among letters, "
            "digits and -._~+/ (with = only at its end)"
        )
    return token


@dataclass(frozen=True, slots=True)
class AccessTokens:
    """The dashboard's secrets.

    Attributes:
        admin: The token that changes things; ``None``: nothing can be changed.
        read: The token that reads; ``None``: reading is open.
    """

    admin: str | None = None
    read: str | None = None

    def __post_init__(self) -> None:
        if self.admin is not None:
            check_token(self.admin, name="admin token")
        if self.read is not None:
            check_token(self.read, name="read token")


@dataclass(frozen=True, slots=True)
class LoginSession:
    """A browser logged in with a token.

    Attributes:
        caller: Whom the token it logged in with speaks for.
        csrf: The value its form posts carry, which a page elsewhere cannot know.
        expires_at: When it ends, on :func:`time.monotonic`'s clock.
        token_hash: The digest of an author's token, which must still be theirs.
    """

    caller: Caller
    csrf: str
    expires_at: float
    token_hash: str | None = None

    @property
    def role(self) -> Role:
        """What the token it logged in with allows."""
        return self.caller.role


class AccessControl:
    """The tokens of one dashboard and the login sessions opened with them; thread-safe.

    ``authors`` finds authors by their token's digest (none: no author's token is known);
    ``sign_up`` lets people sign up as authors; the login form and sign-up are limited per
    client address by :attr:`login_limiter` and :attr:`sign_up_limiter`.
    """

    def __init__(
        self,
        tokens: AccessTokens,
        *,
        authors: AuthorLookup | None = None,
        sign_up: bool = False,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.tokens = tokens
        self.sign_up = sign_up
        self._authors = authors
        self._clock = clock
        self._sessions: dict[str, LoginSession] = {}
        self._lock = threading.Lock()
        self.login_limiter = RateLimiter(burst=LOGIN_LIMIT[0], period_s=LOGIN_LIMIT[1])
        self.sign_up_limiter = RateLimiter(burst=SIGN_UP_LIMIT[0], period_s=SIGN_UP_LIMIT[1])

    @property
    def read_protected(self) -> bool:
        """Whether reading needs a token."""
        return self.tokens.read is not None

    def role_of(self, token: str) -> Role | None:
        """What ``token`` allows, if it is one of the dashboard's tokens or an author's."""
        caller = self.caller_of(token)
        return None if caller is None else caller.role

    def caller_of(self, token: str) -> Caller | None:
        """Whom ``token`` speaks for, if it is one of the dashboard's tokens or an author's."""
        # Both are compared, so the time taken does not tell which one was close.
        is_admin = _same(token, self.tokens.admin)
        is_reader = _same(token, self.tokens.read)
        if is_admin:
            return Caller(Role.ADMIN)
        if is_reader:
            return Caller(Role.READER)
        return self._author(hash_secret(token))

    def _author(self, token_hash: str) -> Caller | None:
        return None if self._authors is None else self._authors(token_hash)

    def log_in(self, token: str) -> tuple[str, LoginSession] | None:
        """A new session for ``token`` and the cookie value naming it; ``None``: a wrong token."""
        caller = self.caller_of(token)
        if caller is None:
            return None
        cookie = secrets.token_urlsafe(32)
        session = LoginSession(
            caller,
            secrets.token_urlsafe(32),
            self._clock() + SESSION_LIFETIME_S,
            token_hash=hash_secret(token) if caller.role is Role.AUTHOR else None,
        )
        with self._lock:
            now = self._clock()
            self._sessions = {
                key: kept for key, kept in self._sessions.items() if kept.expires_at > now
            }
            # Keyed by digest: looking a cookie up takes no time that depends on its value.
            self._sessions[hash_secret(cookie)] = session
        return cookie, session

    def session(self, cookie: str | None) -> LoginSession | None:
        """The live session the cookie value ``cookie`` names, if any."""
        if not cookie:
            return None
        with self._lock:
            found = self._sessions.get(hash_secret(cookie))
        if found is None or found.expires_at <= self._clock():
            return None
        if found.token_hash is not None and self._author(found.token_hash) != found.caller:
            self.log_out(cookie)  # the author's token was revoked or replaced
            return None
        return found

    def log_out(self, cookie: str | None) -> None:
        """End the session ``cookie`` names, if any."""
        if cookie:
            with self._lock:
                self._sessions.pop(hash_secret(cookie), None)


def _same(given: str, expected: str | None) -> bool:
    # Compared as bytes: compare_digest refuses str with characters beyond ASCII.
    return expected is not None and hmac.compare_digest(given.encode(), expected.encode())


def access_of(request: Request) -> AccessControl:
    """The access control of the application serving ``request``."""
    access: AccessControl = request.app.state.access
    return access


_BearerCredentials = Annotated[HTTPAuthorizationCredentials | None, Security(_BEARER)]
_LoginCookie = Annotated[str | None, Security(_COOKIE)]


def required_caller(request: Request, credentials: _BearerCredentials) -> Caller:
    """Whom the request's Bearer token speaks for: the API's changes take no cookie.

    Raises:
        HTTPException: 401 without a token or with a wrong one.
    """
    if credentials is None:
        raise HTTPException(
            401,
            "this needs a token: Authorization: Bearer TOKEN (the admin's or an author's)",
            _CHALLENGE,
        )
    caller = access_of(request).caller_of(credentials.credentials)
    if caller is None:
        raise HTTPException(401, "the token is wrong (or revoked)", _CHALLENGE)
    return caller


def optional_caller(
    request: Request, credentials: _BearerCredentials, cookie: _LoginCookie
) -> Caller | None:
    """Whom a reading request speaks for: its Bearer token, else its login session, if any.

    Raises:
        HTTPException: 401 for a wrong Bearer token.
    """
    if credentials is not None:
        return required_caller(request, credentials)
    session = access_of(request).session(cookie)
    return None if session is None else session.caller


RequiredCaller = Annotated[Caller, Security(required_caller)]
"""A route parameter that receives :func:`required_caller`'s."""
OptionalCaller = Annotated[Caller | None, Security(optional_caller)]
"""A route parameter that receives :func:`optional_caller`'s."""


def require_admin(request: Request, credentials: _BearerCredentials) -> None:
    """Let the request through only with the admin token (a route dependency).

    Raises:
        HTTPException: 401 without a token or with a wrong one, 403 with another token.
    """
    if credentials is None:
        raise HTTPException(
            401, "changing anything needs the admin token: Authorization: Bearer TOKEN", _CHALLENGE
        )
    role = access_of(request).role_of(credentials.credentials)
    if role is None:
        raise HTTPException(401, "the token is wrong", _CHALLENGE)
    if role is Role.READER:
        raise HTTPException(403, "the read token cannot change anything")
    if role is not Role.ADMIN:
        raise HTTPException(403, "this needs the admin token, not an author's")


def require_reader(request: Request, credentials: _BearerCredentials, cookie: _LoginCookie) -> None:
    """Let the request through with a token or a login session (a route dependency).

    Raises:
        HTTPException: 401 otherwise.
    """
    access = access_of(request)
    if credentials is not None and access.role_of(credentials.credentials) is not None:
        return
    if access.session(cookie) is None:
        raise HTTPException(
            401, "reading needs a token: Authorization: Bearer TOKEN, or log in", _CHALLENGE
        )


def admin_login(request: Request, cookie: _LoginCookie) -> LoginSession:
    """The admin's login session of a page that changes things (a route dependency).

    Raises:
        HTTPException: 401 without a login session, 403 for a reader's.
    """
    session = access_of(request).session(cookie)
    if session is None:
        raise HTTPException(401, "log in with the admin token first")
    if session.role is Role.READER:
        raise HTTPException(403, "log in with the admin token: the read token changes nothing")
    if session.role is not Role.ADMIN:
        raise HTTPException(403, "log in with the admin token: these forms are the organiser's")
    return session


def author_login(request: Request, cookie: _LoginCookie) -> LoginSession:
    """An author's login session, of the upload form (a route dependency).

    Raises:
        HTTPException: 401 without a login session, 403 for another role's.
    """
    session = user_login(request, cookie)
    if session.role is not Role.AUTHOR:
        raise HTTPException(403, "log in with an author's token to submit a bot")
    return session


def user_login(request: Request, cookie: _LoginCookie) -> LoginSession:
    """Any login session, of a form whose post checks who may (a route dependency).

    Raises:
        HTTPException: 401 without one.
    """
    session = access_of(request).session(cookie)
    if session is None:
        raise HTTPException(401, "log in first")
    return session


def check_csrf(session: LoginSession, posted: str | None) -> None:
    """Refuse a form post that does not carry its session's CSRF value.

    Raises:
        HTTPException: 403.
    """
    if posted is None or not _same(posted, session.csrf):
        raise HTTPException(403, "the form has expired: open the page again and resubmit it")


def set_session_cookie(request: Request, response: Response, cookie: str) -> None:
    """Make the browser keep the login session ``cookie`` (``Secure`` over HTTPS)."""
    response.set_cookie(
        SESSION_COOKIE,
        cookie,
        max_age=SESSION_LIFETIME_S,
        path="/",
        secure=request.url.scheme == "https",
        httponly=True,
        samesite="strict",
    )


def clear_session_cookie(response: Response) -> None:
    """Make the browser forget its login session."""
    response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="strict")
