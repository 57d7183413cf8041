"""An author's fair share: uploads per hour, versions waiting for a check, bytes stored.

:func:`check_author_limits` is asked before an upload is stored; an upload over a limit
is refused (:class:`AuthorLimitReached`) saying which limit and when it frees, and nothing
of it is stored. Everything is counted from the author's versions in the database
(:func:`~croupier_server.db.versions.author_usage`), so a restart forgets nothing and every
process that takes uploads counts the same.
"""

from __future__ import annotations

import enum
import math
from datetime import datetime, timedelta

from sqlmodel import Session

from croupier_server.db import versions
from croupier_server.errors import CroupierServerError
from croupier_server.settings import AuthorLimits

__all__ = ["HOUR", "AuthorLimit", "AuthorLimitReached", "check_author_limits"]

HOUR = timedelta(hours=1)
"""The window uploads are counted in."""


class AuthorLimit(enum.StrEnum):
    """Which of an author's limits an upload is over."""

    UPLOADS_PER_HOUR = "uploads per hour"
    WAITING = "versions waiting for a check"
    STORED_BYTES = "bytes stored"


class AuthorLimitReached(CroupierServerError):
    """An upload over one of its author's limits; the message says which and when it frees.

    Attributes:
        limit: The limit reached.
        retry_after_s: How long until an upload may be taken again, when that is known.
    """

    def __init__(self, limit: AuthorLimit, message: str, retry_after_s: float | None) -> None:
        super().__init__(message)
        self.limit = limit
        self.retry_after_s = retry_after_s


def check_author_limits(
    session: Session,
    limits: AuthorLimits,
    *,
    author_id: int,
    archive_bytes: int,
    now: datetime,
) -> None:
    """Refuse an upload of ``archive_bytes`` by ``author_id`` at ``now`` over a limit.

    Raises:
        AuthorLimitReached: the first limit it is over, in the order uploads per hour,
            versions waiting, bytes stored.
    """
    usage = versions.author_usage(session, author_id=author_id, since=now - HOUR)
    if len(usage.uploads_since) >= limits.uploads_per_hour:
        frees = usage.uploads_since[-limits.uploads_per_hour] + HOUR
        wait_s = max(1.0, (frees - now).total_seconds())
        raise AuthorLimitReached(
            AuthorLimit.UPLOADS_PER_HOUR,
            f"{len(usage.uploads_since)} uploads in the last hour, the most an author may make "
            f"here: the next is taken in {_duration(wait_s)}",
            wait_s,
        )
    if usage.waiting >= limits.max_waiting:
        raise AuthorLimitReached(
            AuthorLimit.WAITING,
            f"{usage.waiting} of your versions wait for their check, the most here: upload "
            "again once one is checked (or retire one)",
            None,
        )
    if usage.stored_bytes + archive_bytes > limits.max_stored_bytes:
        raise AuthorLimitReached(
            AuthorLimit.STORED_BYTES,
            f"your archives hold {usage.stored_bytes:,} bytes and this one {archive_bytes:,}, "
            f"over the {limits.max_stored_bytes:,} an author may store here: ask the organiser "
            "for more room",
            None,
        )


def _duration(seconds: float) -> str:
    """``seconds`` in whole minutes, or seconds under two minutes.

    >>> _duration(61.2), _duration(1800.0)
    ('62 s', '30 min')
    """
    if seconds < 120:
        return f"{math.ceil(seconds)} s"
    return f"{math.ceil(seconds / 60)} min"
