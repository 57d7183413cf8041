"""Read queries of the dashboard about submitted bots: a bot's versions, their archives.

A submitted bot ``NAME`` is a bot row of kind ``submitted``; each of its versions is a
bot row of its own, ``NAME@N``, with a :class:`~croupier_server.db.submissions.BotVersionRecord`
(see :mod:`croupier_server.db.submissions`). These queries join the two for the pages.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

import sqlalchemy as sa
from sqlalchemy.orm import aliased
from sqlmodel import Session, col, select

from croupier_server.db.models import BotKind, BotRecord
from croupier_server.db.submissions import AuthorRecord, BotArchiveRecord, BotVersionRecord

__all__ = [
    "ListedVersion",
    "SubmittedBot",
    "VersionOf",
    "archive_bytes",
    "bot_version",
    "bot_versions",
    "submitted_bot",
    "submitted_bot_by_id",
    "versions_of_bots",
]


@dataclass(frozen=True, slots=True)
class SubmittedBot:
    """A submitted bot and its author."""

    bot: BotRecord
    author: AuthorRecord | None
    """``None`` only if its author row is gone (it is never deleted)."""


@dataclass(frozen=True, slots=True)
class ListedVersion:
    """A version of a submitted bot: its own bot row and its version row."""

    bot: BotRecord
    """The version's own bot, ``NAME@N``: the one that plays and is rated."""
    version: BotVersionRecord


@dataclass(frozen=True, slots=True)
class VersionOf:
    """What a version's bot is a version of, for a leaderboard line."""

    submitted_id: int
    submitted: str
    """The submitted bot's name, ``NAME``."""
    number: int
    version: BotVersionRecord


def submitted_bot(session: Session, *, name: str) -> SubmittedBot | None:
    """The submitted bot named ``name`` (kind ``submitted``) and its author, if there is one."""
    if "\x00" in name:  # no name holds a NUL, and PostgreSQL refuses one in a query
        return None
    return _submitted(session, col(BotRecord.name) == name)


def submitted_bot_by_id(session: Session, *, bot_id: int) -> SubmittedBot | None:
    """The bot ``bot_id`` and its author, if it is a submitted bot."""
    return _submitted(session, col(BotRecord.id) == bot_id)


def _submitted(session: Session, which: sa.ColumnElement[bool]) -> SubmittedBot | None:
    query = (
        select(BotRecord, AuthorRecord)
        .join(AuthorRecord, col(AuthorRecord.id) == col(BotRecord.author_id), isouter=True)
        .where(which, BotRecord.kind == BotKind.SUBMITTED)
    )
    found = session.exec(query).first()
    return None if found is None else SubmittedBot(found[0], found[1])


def bot_versions(session: Session, *, submitted_id: int) -> list[ListedVersion]:
    """Every version of the submitted bot ``submitted_id``, from the first."""
    query = (
        select(BotRecord, BotVersionRecord)
        .join(BotVersionRecord, col(BotVersionRecord.bot_id) == col(BotRecord.id))
        .where(BotVersionRecord.submitted_id == submitted_id)
        .order_by(col(BotVersionRecord.number))
    )
    return [ListedVersion(bot, version) for bot, version in session.exec(query)]


def bot_version(session: Session, *, submitted_id: int, number: int) -> ListedVersion | None:
    """Version ``number`` of the submitted bot ``submitted_id``, if it exists."""
    query = (
        select(BotRecord, BotVersionRecord)
        .join(BotVersionRecord, col(BotVersionRecord.bot_id) == col(BotRecord.id))
        .where(BotVersionRecord.submitted_id == submitted_id, BotVersionRecord.number == number)
    )
    found = session.exec(query).first()
    return None if found is None else ListedVersion(found[0], found[1])


def versions_of_bots(session: Session, *, names: Collection[str]) -> dict[str, VersionOf]:
    """Of the bots named ``names``, those that are versions, by name (others left out)."""
    if not names:
        return {}
    submitted = aliased(BotRecord)
    query = (
        select(BotRecord.name, submitted.id, submitted.name, BotVersionRecord)
        .join(BotVersionRecord, col(BotVersionRecord.bot_id) == col(BotRecord.id))
        .join(submitted, col(submitted.id) == col(BotVersionRecord.submitted_id))
        .where(col(BotRecord.name).in_(names))
    )
    return {
        name: VersionOf(submitted_id, submitted_name, version.number, version)
        for name, submitted_id, submitted_name, version in session.exec(query)
        if submitted_id is not None
    }


def archive_bytes(session: Session, *, digest: str) -> bytes | None:
    """The stored archive (a gzipped tar) whose SHA-256 is ``digest``, if there is one."""
    archive = session.get(BotArchiveRecord, digest)
    return None if archive is None else archive.data
