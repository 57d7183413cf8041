"""How often one client may try something: a token bucket per client address, in memory.

A bucket holds up to ``burst`` tries and refills at ``burst`` tries per ``period_s``: a
client may try ``burst`` times at once, then once every ``period_s / burst`` seconds. A try
refused tells how long until the next one is allowed (the ``Retry-After`` of a 429).

Buckets live in the server's memory (a restart forgets them) and are keyed by the address
uvicorn reports for the client: the connection's, or, from a proxy the organiser named
(``--trusted-proxy``), the one its ``X-Forwarded-For`` gives; from anyone else, loopback
included, that header is ignored (see docs/dashboard.md, "Access").

:class:`PageBudget` spends a bucket on each fetch of the expensive pages and downloads.

>>> now = [0.0]
>>> limiter = RateLimiter(burst=2, period_s=60, clock=lambda: now[0])
>>> limiter.take("10.0.0.1"), limiter.take("10.0.0.1"), limiter.take("10.0.0.1")
(None, None, 30.0)
>>> limiter.take("10.0.0.2")
>>> now[0] = 30.0
>>> limiter.take("10.0.0.1")
"""

from __future__ import annotations

import math
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from fastapi import HTTPException, Request
from starlette.types import ASGIApp, Receive, Scope, Send

from croupier_server.web.http_limits import Refusal

__all__ = [
    "MAX_CLIENTS",
    "PageBudget",
    "RateLimiter",
    "client_address",
    "limit_rate",
    "retry_after_header",
]

MAX_CLIENTS = 10_000
"""The most addresses a limiter remembers; the one least recently seen is forgotten first."""


@dataclass(slots=True)
class _Bucket:
    tries: float
    """The tries left, a fraction while it refills."""
    at: float
    """When ``tries`` was counted, on the limiter's clock."""


class RateLimiter:
    """A token bucket per client address; thread-safe."""

    def __init__(
        self,
        *,
        burst: int,
        period_s: float,
        clock: Callable[[], float] = time.monotonic,
        max_clients: int = MAX_CLIENTS,
    ) -> None:
        """A limiter of ``burst`` tries per ``period_s`` seconds per client.

        Raises:
            ValueError: ``burst`` or ``period_s`` is not positive.
        """
        if burst < 1 or not period_s > 0:
            raise ValueError(
                f"a rate limit needs a positive burst and period, not {burst}/{period_s}"
            )
        self.burst = burst
        self.period_s = period_s
        self._clock = clock
        self._max_clients = max_clients
        self._buckets: OrderedDict[str, _Bucket] = OrderedDict()
        self._lock = threading.Lock()

    def take(self, client: str) -> float | None:
        """Count a try of ``client``: ``None`` if it is allowed, else the seconds to wait."""
        refill = self.burst / self.period_s
        with self._lock:
            now = self._clock()
            bucket = self._buckets.pop(client, None) or _Bucket(float(self.burst), now)
            bucket.tries = min(self.burst, bucket.tries + (now - bucket.at) * refill)
            bucket.at = now
            self._buckets[client] = bucket
            while len(self._buckets) > self._max_clients:
                self._buckets.popitem(last=False)
            if bucket.tries >= 1:
                bucket.tries -= 1
                return None
            return (1 - bucket.tries) / refill


def retry_after_header(wait_s: float) -> dict[str, str]:
    """The ``Retry-After`` header of a try refused for ``wait_s`` seconds (whole, at least 1).

    >>> retry_after_header(0.2)
    {'Retry-After': '1'}
    """
    return {"Retry-After": str(max(1, math.ceil(wait_s)))}


def client_address(request: Request) -> str:
    """The address the request's connection comes from: the key of its bucket."""
    return request.client.host if request.client is not None else ""


def limit_rate(request: Request, limiter: RateLimiter) -> None:
    """Count a try of the request's client against ``limiter``.

    Raises:
        HTTPException: 429 with ``Retry-After``, when the client has tried too often.
    """
    wait = limiter.take(client_address(request))
    if wait is not None:
        raise HTTPException(
            429, "too many tries from this address: wait and try again", retry_after_header(wait)
        )


class PageBudget:
    """ASGI middleware: each client's fetches of the expensive pages drawn from its bucket.

    A fetch past the client's budget is answered 429 with ``Retry-After`` before any of
    its work is done.
    """

    def __init__(
        self,
        app: ASGIApp,
        *,
        limiter: RateLimiter,
        paths: Sequence[re.Pattern[str]],
        refuse: Refusal,
    ) -> None:
        """Spend a try of ``limiter`` on each request whose path matches one of ``paths``."""
        self._app = app
        self._limiter = limiter
        self._paths = tuple(paths)
        self._refuse = refuse

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Answer the request, unless it is an expensive one past its client's budget."""
        if scope["type"] == "http" and any(path.fullmatch(scope["path"]) for path in self._paths):
            client = scope.get("client")
            wait = self._limiter.take(client[0] if client else "")
            if wait is not None:
                reason = "too many pages from this address: wait and try again"
                await self._refuse(scope, 429, reason, retry_after_header(wait))(
                    scope, receive, send
                )
                return
        await self._app(scope, receive, send)
