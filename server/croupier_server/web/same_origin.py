"""Posts from other sites refused: a form of this dashboard is sent only from its own pages.

A browser says where a request comes from: ``Sec-Fetch-Site`` (every current browser),
else ``Origin``. A request that changes something (any method but GET, HEAD and OPTIONS)
from another site, or a sibling one, is refused with 403 before it is read: no login
swapped for an attacker's, no form sent on a visitor's behalf. A request that says
neither (a script with a token, ``curl``) is not a browser's, and goes on to its checks.
"""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from croupier_server.web.http_limits import Refusal

__all__ = ["SameOriginPosts", "is_cross_site"]

_SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
_OWN_SITE = frozenset({"same-origin", "none"})
"""``Sec-Fetch-Site`` values of a request from this dashboard's pages or the address bar."""


def is_cross_site(method: str, headers: Mapping[str, str]) -> bool:
    """Whether a request that changes something comes from another site's page.

    >>> is_cross_site("POST", {"sec-fetch-site": "cross-site"})
    True
    >>> is_cross_site("POST", {"origin": "https://evil.example", "host": "croupier.example"})
    True
    >>> is_cross_site("POST", {"origin": "https://croupier.example", "host": "croupier.example"})
    False
    >>> is_cross_site("POST", {"host": "croupier.example"})  # no browser: a script
    False
    """
    if method in _SAFE_METHODS:
        return False
    fetched_from = headers.get("sec-fetch-site")
    if fetched_from is not None:
        return fetched_from.lower() not in _OWN_SITE
    origin = headers.get("origin")
    if origin is None:
        return False
    return origin == "null" or urlsplit(origin).netloc.lower() != headers.get("host", "").lower()


class SameOriginPosts:
    """ASGI middleware: a request of :func:`is_cross_site` is refused with 403."""

    def __init__(self, app: ASGIApp, *, refuse: Refusal) -> None:
        """Guard ``app``; ``refuse`` makes the 403."""
        self._app = app
        self._refuse = refuse

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Answer the request, unless another site's page sent it."""
        if scope["type"] == "http" and is_cross_site(scope["method"], Headers(scope=scope)):
            reason = "this form may be sent only from this site's own pages"
            await self._refuse(scope, 403, reason, {})(scope, receive, send)
            return
        await self._app(scope, receive, send)
