"""The tables of bots their authors submit: the authors, each version, each archive.

An author proves who they are with an API token, stored as its SHA-256 digest only. A bot
an author submits is a :class:`~croupier_server.db.models.BotRecord` of kind ``submitted``
that never sits at a table itself: each upload makes a new version, itself a command bot
named ``NAME@N`` (``N`` from 1) that takes the seats and is rated on its own, with a
:class:`BotVersionRecord` saying where it stands. A version's files are its archive, kept
once by the SHA-256 of its bytes (:class:`BotArchiveRecord`), so that every machine that
plays it can unpack the same files.
"""

from __future__ import annotations

import enum
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlmodel import Field, SQLModel

from croupier_server.clock import utc_now
from croupier_server.db.models import UTCDateTime, string_enum
from croupier_server.db.names import fold_on_insert

__all__ = [
    "AUTHOR_NAME_MAX_LENGTH",
    "AuthorRecord",
    "BotArchiveRecord",
    "BotVersionRecord",
    "VersionStatus",
]

AUTHOR_NAME_MAX_LENGTH = 64
"""The longest author name, in characters."""


class VersionStatus(enum.StrEnum):
    """Where a submitted version stands: received, checking, then active or rejected."""

    RECEIVED = "received"
    """Stored; its check has not begun."""
    CHECKING = "checking"
    """Its environment is being made, or its check games played."""
    ACTIVE = "active"
    """It passed its check: it plays rated games."""
    REJECTED = "rejected"
    """It failed its check (``detail`` says why); it never plays rated games."""
    RETIRED = "retired"
    """Its author retired it: it plays no more, and keeps its games and rating."""


class AuthorRecord(SQLModel, table=True):
    """A person who submits bots, with the digest of their API token."""

    __tablename__ = "author"
    __table_args__ = (sa.Index("ux_author_folded_name", "folded_name", unique=True),)

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=AUTHOR_NAME_MAX_LENGTH, unique=True)
    folded_name: str | None = None
    """``name`` as :func:`~croupier_server.db.names.folded_name` folds it, set on insert: no
    two authors' are equal (``None`` only for an author stored before names were folded
    whose folded name an older author holds)."""
    token_hash: str | None = Field(default=None, max_length=64, unique=True)
    """SHA-256 hex of the author's token; ``None`` once it is revoked."""
    signed_up: bool = False
    """Whether the author signed up through the dashboard (rather than being added)."""
    created_at: datetime = Field(default_factory=utc_now, sa_type=UTCDateTime)
    revoked_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    """When the token was last revoked, if it was."""


sa.event.listen(AuthorRecord, "before_insert", fold_on_insert)


class BotArchiveRecord(SQLModel, table=True):
    """The files of one or more versions: a gzipped tar archive, known by its SHA-256."""

    __tablename__ = "bot_archive"

    digest: str = Field(primary_key=True, max_length=64)
    """SHA-256 hex of ``data``."""
    data: bytes = Field(sa_type=sa.LargeBinary)
    size: int
    """How many bytes its files hold, unpacked."""
    files: int
    """How many files it holds."""
    stored_at: datetime = Field(default_factory=utc_now, sa_type=UTCDateTime)


class BotVersionRecord(SQLModel, table=True):
    """A version of a submitted bot: its own bot row (``NAME@N``), archive, manifest, status."""

    __tablename__ = "bot_version"
    __table_args__ = (sa.UniqueConstraint("submitted_id", "number", name="uq_bot_version_number"),)

    bot_id: int = Field(foreign_key="bot.id", primary_key=True)
    """The version's own bot, named ``NAME@N``: the one that takes the seats."""
    submitted_id: int = Field(foreign_key="bot.id", index=True)
    """The submitted bot (kind ``submitted``, named ``NAME``) it is a version of."""
    number: int
    """``N`` in ``NAME@N``, from 1."""
    digest: str = Field(foreign_key="bot_archive.digest", max_length=64)
    manifest: dict[str, Any] = Field(default_factory=dict, sa_type=sa.JSON)
    """Its ``croupier.toml``, as read."""
    status: VersionStatus = Field(
        default=VersionStatus.RECEIVED, sa_type=string_enum(VersionStatus), index=True
    )
    detail: str = ""
    """Why it was rejected or retired; what its check is doing."""
    check_log: str = ""
    """What its check did and printed: the environment's making, its games."""
    check_games: list[int] = Field(default_factory=list, sa_type=sa.JSON)
    """The ids of the games its check played."""
    received_at: datetime = Field(default_factory=utc_now, sa_type=UTCDateTime)
    checked_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    retired_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
