"""What one HTTP request may cost the dashboard: its size, its time, and the connections.

:class:`HttpLimits` holds every bound in one place (its defaults suit a server open to
strangers; ``croupier dashboard`` sets them from its options). :class:`BodySizeLimit` is the
ASGI middleware that refuses a body past its route's limit with 413 before reading it:
at once when ``Content-Length`` says so, else as soon as the bytes counted pass it. The
connection bounds are uvicorn's, set by :class:`~croupier_server.web.server.DashboardServer`.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass

from starlette.exceptions import HTTPException
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["BodySizeLimit", "HttpLimits", "Refusal", "TooLarge"]

Refusal = Callable[[Scope, int, str, Mapping[str, str]], Response]
"""Makes the answer that refuses a request: its scope, status, one-line reason and headers."""

_KIB = 1024


@dataclass(frozen=True, slots=True)
class HttpLimits:
    """The bounds of the dashboard's HTTP edge (docs/security.md, "The dashboard's edge").

    Raises:
        ValueError: a bound is not positive, or a trusted proxy is no address or network.
    """

    max_body_bytes: int = 64 * _KIB
    """The largest request body but an upload's (an upload's is the archive limit's)."""
    max_head_bytes: int = 16 * _KIB
    """The largest request line and headers together."""
    header_timeout_s: float = 10.0
    """How long a request's line and headers may take to arrive, from its first byte."""
    request_timeout_s: float = 120.0
    """How long a whole request, body included, may take to arrive, from its first byte."""
    keep_alive_s: float = 5.0
    """How long an idle connection is kept open between requests."""
    max_connections: int = 256
    """The most connections at once; a request past them is answered 503."""
    page_burst: int = 60
    """How many expensive pages and downloads one client may fetch at once..."""
    page_period_s: float = 60.0
    """...and in how many seconds it earns as many again."""
    trusted_proxies: tuple[str, ...] = ()
    """The proxies whose ``X-Forwarded-For`` and ``-Proto`` are believed (addresses or
    networks); none by default, loopback included."""

    def __post_init__(self) -> None:
        counts = (self.max_body_bytes, self.max_head_bytes, self.max_connections, self.page_burst)
        times = (self.header_timeout_s, self.request_timeout_s, self.keep_alive_s)
        if min(counts) < 1 or not min(*times, self.page_period_s) > 0:
            raise ValueError(f"every HTTP limit must be positive: {self}")
        if self.header_timeout_s > self.request_timeout_s:
            raise ValueError(
                f"the header timeout ({self.header_timeout_s} s) is longer than the "
                f"request timeout ({self.request_timeout_s} s)"
            )
        for proxy in self.trusted_proxies:
            trusted_network(proxy)


def trusted_network(text: str) -> ipaddress.IPv4Network | ipaddress.IPv6Network:
    """The address or network ``text`` names (``10.0.0.5``, ``10.0.0.0/8``, ``::1``).

    Raises:
        ValueError: it names neither.
    """
    try:
        return ipaddress.ip_network(text.strip(), strict=False)
    except ValueError:
        raise ValueError(f"a trusted proxy is an IP address or network, not {text!r}") from None


class TooLarge(HTTPException):
    """A request body past its route's limit: 413."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"the request body is larger than this server takes ({limit} bytes)")


class BodySizeLimit:
    """ASGI middleware: every request body bounded, by route, and refused with 413 unread.

    A body declared too large is answered at once, before the application sees the
    request; one sent in chunks is counted as the application reads it, and the read
    past the limit raises :class:`TooLarge` (the application's 413) before more is kept.
    """

    def __init__(
        self,
        app: ASGIApp,
        *,
        limit_of: Callable[[str, str], int],
        refuse: Refusal,
    ) -> None:
        """Bound ``app``'s bodies by ``limit_of(method, path)``; ``refuse`` answers a 413."""
        self._app = app
        self._limit_of = limit_of
        self._refuse = refuse

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Answer the request, unless its body is declared larger than its route takes."""
        if scope["type"] != "http":
            await self._app(scope, receive, send)
            return
        limit = self._limit_of(scope["method"], scope["path"])
        declared = _content_length(scope)
        if declared is not None and declared > limit:
            refusal = TooLarge(limit)
            response = self._refuse(scope, 413, str(refusal.detail), {"Connection": "close"})
            await response(scope, receive, send)
            return
        await self._app(scope, _counted(receive, limit), send)


def _content_length(scope: Scope) -> int | None:
    """The body's length the request declares, if it does (uvicorn has checked it is one)."""
    for name, value in scope["headers"]:
        if name == b"content-length" and value.isdigit():
            return int(value)
    return None


def _counted(receive: Receive, limit: int) -> Callable[[], Awaitable[Message]]:
    """``receive``, raising :class:`TooLarge` once the body's bytes pass ``limit``."""
    received = 0

    async def counted() -> Message:
        nonlocal received
        message = await receive()
        if message["type"] == "http.request":
            received += len(message.get("body", b""))
            if received > limit:
                raise TooLarge(limit)
        return message

    return counted
