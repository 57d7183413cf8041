"""Who may read the dashboard and who may change anything: tokens, login sessions, CSRF.

Two secrets guard the dashboard. The admin token is needed to change anything: the API
takes it as ``Authorization: Bearer TOKEN``; the forms of the pages take a login session
opened with it. The read token, when one is set, is needed to read any page or JSON twin
(the admin token reads too); without one, reading is open. Tokens are compared in
constant time.

Logging in with a token at ``/login`` sets a cookie that holds a random session value, not
the token (``HttpOnly``, ``SameSite=Strict``); the session also holds the CSRF value every
form post must carry. Sessions live in memory, for :data:`SESSION_LIFETIME_S` at most: a
restart logs everybody out. The API never takes the cookie to change anything, so a page
elsewhere cannot make a browser change anything through it.
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

__all__ = [
    "MIN_TOKEN_LENGTH",
    "SESSION_COOKIE",
    "SESSION_LIFETIME_S",
    "AccessControl",
    "AccessTokens",
    "LoginSession",
    "Role",
    "access_of",
    "admin_login",
    "check_csrf",
    "check_token",
    "clear_session_cookie",
    "require_admin",
    "require_reader",
    "set_session_cookie",
]

MIN_TOKEN_LENGTH = 16
"""The shortest token accepted: shorter ones could be guessed."""

SESSION_COOKIE = "croupier_session"
SESSION_LIFETIME_S = 12 * 3600
"""How long a login lasts."""

# RFC 6750's b64token: what an Authorization header can carry as a Bearer token.
_TOKEN_PATTERN = re.compile(r"[A-Za-z0-9\-._~+/]+=*")
_CHALLENGE = {"WWW-Authenticate": 'Bearer realm="croupier"'}

_BEARER = HTTPBearer(
    auto_error=False,
    scheme_name="token",
    description="The admin token, to change anything. When the server sets a read token, "
    "reading needs a token too: the read token or the admin token.",
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
        role: What the token it logged in with allows.
        csrf: The value its form posts carry, which a page elsewhere cannot know.
        expires_at: When it ends, on :func:`time.monotonic`'s clock.
    """

    role: Role
    csrf: str
    expires_at: float


class AccessControl:
    """The tokens of one dashboard and the login sessions opened with them; thread-safe."""

    def __init__(
        self, tokens: AccessTokens, *, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.tokens = tokens
        self._clock = clock
        self._sessions: dict[str, LoginSession] = {}
        self._lock = threading.Lock()

    @property
    def read_protected(self) -> bool:
        """Whether reading needs a token."""
        return self.tokens.read is not None

    def role_of(self, token: str) -> Role | None:
        """What ``token`` allows, if it is one of the dashboard's tokens."""
        # Both are compared, so the time taken does not tell which one was close.
        is_admin = _same(token, self.tokens.admin)
        is_reader = _same(token, self.tokens.read)
        if is_admin:
            return Role.ADMIN
        return Role.READER if is_reader else None

    def log_in(self, token: str) -> tuple[str, LoginSession] | None:
        """A new session for ``token`` and the cookie value naming it; ``None``: a wrong token."""
        role = self.role_of(token)
        if role is None:
            return None
        cookie = secrets.token_urlsafe(32)
        session = LoginSession(role, secrets.token_urlsafe(32), self._clock() + SESSION_LIFETIME_S)
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


def require_admin(request: Request, credentials: _BearerCredentials) -> None:
    """Let the request through only with the admin token (a route dependency).

    Raises:
        HTTPException: 401 without a token or with a wrong one, 403 with the read token.
    """
    if credentials is None:
        raise HTTPException(
            401, "changing anything needs the admin token: Authorization: Bearer TOKEN", _CHALLENGE
        )
    role = access_of(request).role_of(credentials.credentials)
    if role is None:
        raise HTTPException(401, "the token is wrong", _CHALLENGE)
    if role is not Role.ADMIN:
        raise HTTPException(403, "the read token cannot change anything")


def require_reader(request: Request, credentials: _BearerCredentials, cookie: _LoginCookie) -> None:
    """Let the request through with either token or a login session (a route dependency).

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
    if session.role is not Role.ADMIN:
        raise HTTPException(403, "log in with the admin token: the read token changes nothing")
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
