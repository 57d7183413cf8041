"""The finished games' replay downloads, kept once built: a finished game never changes.

A replay download (``/api/games/ID/replay``) is the dashboard's most expensive answer: the
engine replays the whole game and every step is drawn and written out, about a second of
work and megabytes for a long Lexio match. Once a game is finished and its whole deal
played out (:class:`~croupier_server.db.disclosure.Disclosure` whole), what each view of
it shows is fixed, so its body is kept, with its gzip, in a cache bounded by bytes (least
recently used first out): a flood of the same downloads costs the sending alone. Whether
the asker may see the game is still decided at every request, before the cache is read.
"""

from __future__ import annotations

import gzip
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request
from fastapi.responses import Response

__all__ = ["CachedReplays", "ReplayBody", "ReplayCache", "ReplayKey"]

DEFAULT_BYTES = 64 * 1024 * 1024
"""What one dashboard process keeps of replay bodies at most, plain and gzipped together."""
_GZIP_LEVEL = 6


@dataclass(frozen=True, slots=True)
class ReplayKey:
    """One download: a game, the view asked for (as asked), the first step wanted."""

    game_id: int
    view: str
    since: int


@dataclass(frozen=True, slots=True)
class ReplayBody:
    """A download's JSON body, and the same gzipped."""

    plain: bytes
    gzipped: bytes

    @classmethod
    def of(cls, plain: bytes) -> ReplayBody:
        """The body ``plain`` and its gzip."""
        return cls(plain, gzip.compress(plain, compresslevel=_GZIP_LEVEL, mtime=0))

    @property
    def size(self) -> int:
        """The bytes it holds."""
        return len(self.plain) + len(self.gzipped)

    def response(self, request: Request) -> Response:
        """The answer to ``request``: gzipped if it accepts gzip."""
        if "gzip" in request.headers.get("accept-encoding", ""):
            headers = {"Content-Encoding": "gzip", "Vary": "Accept-Encoding"}
            return Response(self.gzipped, media_type="application/json", headers=headers)
        return Response(self.plain, media_type="application/json")


class ReplayCache:
    """Finished games' replay bodies, at most ``max_bytes`` of them, safe across threads.

    >>> cache = ReplayCache(max_bytes=10_000)
    >>> key = ReplayKey(1, "all", 0)
    >>> cache.get(key) is None
    True
    >>> cache.put(key, b'{"steps": []}').plain
    b'{"steps": []}'
    >>> cache.get(key).plain
    b'{"steps": []}'
    """

    def __init__(self, *, max_bytes: int = DEFAULT_BYTES) -> None:
        self._max_bytes = max_bytes
        self._bodies: OrderedDict[ReplayKey, ReplayBody] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def get(self, key: ReplayKey) -> ReplayBody | None:
        """The body kept for ``key``, if any (it is then the most recently used)."""
        with self._lock:
            body = self._bodies.get(key)
            if body is not None:
                self._bodies.move_to_end(key)
            return body

    def put(self, key: ReplayKey, plain: bytes) -> ReplayBody:
        """Keep the body ``plain`` for ``key`` if it fits, the least used ones leaving; it."""
        body = ReplayBody.of(plain)
        if body.size > self._max_bytes:
            return body
        with self._lock:
            if key not in self._bodies:
                self._bodies[key] = body
                self._bytes += body.size
            while self._bytes > self._max_bytes:
                _, oldest = self._bodies.popitem(last=False)
                self._bytes -= oldest.size
        return body


def replay_cache_of(request: Request) -> ReplayCache:
    """The application's :class:`ReplayCache`."""
    cache: ReplayCache = request.app.state.replay_cache
    return cache


CachedReplays = Annotated[ReplayCache, Depends(replay_cache_of)]
"""A route parameter that receives the application's :class:`ReplayCache`."""
