"""Submitted bots' versions: made from a checked archive, listed, checked, retired.

An upload makes version ``N`` of the submitted bot its manifest names, in one transaction
(:func:`create_version`): the submitted bot ``NAME`` claimed for its author on its first
upload, the archive stored once by its digest, the version's own command bot ``NAME@N``
and its :class:`~croupier_server.db.submissions.BotVersionRecord`, ``received``. The check
moves it on (:func:`begin_check`, :func:`note_progress`, :func:`finish_check`); its author
or the admin may retire it (:func:`retire_version`).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, func, select

from croupier.manifest import Manifest
from croupier_server.clock import utc_now
from croupier_server.db.errors import BotNameTaken, NotTheAuthor, VersionNotRetirable
from croupier_server.db.models import VERSION_SEPARATOR, BotKind, BotRecord
from croupier_server.db.names import folded_name
from croupier_server.db.submissions import BotArchiveRecord, BotVersionRecord, VersionStatus
from croupier_server.db.transactions import atomic, transaction

__all__ = [
    "WAITING",
    "AuthorUsage",
    "NewArchive",
    "WaitingVersion",
    "author_usage",
    "begin_check",
    "create_version",
    "finish_check",
    "get_archive",
    "get_version",
    "inactive_versions",
    "list_versions",
    "next_received",
    "note_progress",
    "receive_again",
    "receive_checking_again",
    "reject_version",
    "retire_version",
    "set_command",
    "version_name",
    "versions_named",
    "versions_with_status",
    "waiting_versions",
]

_ATTEMPTS = 3
"""How often an upload is tried again when a concurrent one took its number or name."""
WAITING = (VersionStatus.RECEIVED, VersionStatus.CHECKING)
"""The statuses of a version that waits for its check to end."""


@dataclass(frozen=True, slots=True)
class AuthorUsage:
    """What an author's versions hold of the server now."""

    uploads_since: list[datetime]
    """When each version uploaded since the time asked was received, oldest first."""
    waiting: int
    """Versions received or being checked."""
    stored_bytes: int
    """Their archives together, packed, each archive counted once."""


@dataclass(frozen=True, slots=True)
class WaitingVersion:
    """A version whose check has not begun, and whose it is."""

    bot_id: int
    name: str
    """``NAME@N``."""
    author_id: int | None


@dataclass(frozen=True, slots=True)
class NewArchive:
    """An archive that passed its checks, to store: its bytes, digest and what it holds."""

    digest: str
    data: bytes
    size: int
    """How many bytes its files hold, unpacked."""
    files: int
    """How many entries (files, folders, links) it holds."""


def version_name(name: str, number: int) -> str:
    """The name of version ``number`` of the submitted bot ``name``.

    >>> version_name("my-bot", 3)
    'my-bot@3'
    """
    return f"{name}{VERSION_SEPARATOR}{number}"


def create_version(
    session: Session,
    *,
    author_id: int,
    manifest: Manifest,
    archive: NewArchive,
    command: str,
) -> BotVersionRecord:
    """Store a new version, ``received``, of the bot ``manifest.name`` for ``author_id``.

    The first upload of a name claims it for its author. ``command`` is the version's
    command line on this machine. Returns its version row.

    Raises:
        BotNameTaken: the name is an organiser's bot's.
        NotTheAuthor: the name is another author's submitted bot.
        ValueError: the bot plays another game than the manifest says.
    """
    for attempt in range(_ATTEMPTS):
        try:
            with atomic(session):
                return _create(
                    session,
                    author_id=author_id,
                    manifest=manifest,
                    archive=archive,
                    command=command,
                )
        except IntegrityError:
            # A concurrent upload claimed the name, took the number or stored the archive.
            if attempt == _ATTEMPTS - 1:
                raise
    raise AssertionError("unreachable")


def _create(
    session: Session, *, author_id: int, manifest: Manifest, archive: NewArchive, command: str
) -> BotVersionRecord:
    parent = _claimed_bot(session, author_id=author_id, manifest=manifest)
    assert parent.id is not None
    last = session.exec(
        select(func.max(BotVersionRecord.number)).where(BotVersionRecord.submitted_id == parent.id)
    ).one()
    number = (last or 0) + 1
    if session.get(BotArchiveRecord, archive.digest) is None:
        session.add(
            BotArchiveRecord(
                digest=archive.digest, data=archive.data, size=archive.size, files=archive.files
            )
        )
    bot = BotRecord(
        name=version_name(manifest.name, number),
        game=manifest.game,
        kind=BotKind.COMMAND,
        command=command,
        description=manifest.description,
        author_id=author_id,
        version_of_id=parent.id,
    )
    session.add(bot)
    session.flush()
    assert bot.id is not None
    version = BotVersionRecord(
        bot_id=bot.id,
        submitted_id=parent.id,
        number=number,
        digest=archive.digest,
        manifest=manifest.to_data(),
    )
    session.add(version)
    session.flush()
    return version


def _claimed_bot(session: Session, *, author_id: int, manifest: Manifest) -> BotRecord:
    """The submitted bot ``manifest.name`` of ``author_id``, made on the name's first upload."""
    name = manifest.name
    # By its folded name: a bot stored before names were folded may spell it otherwise.
    same = select(BotRecord).where(BotRecord.folded_name == folded_name(name))
    parent = session.exec(same).first()
    if parent is None:
        parent = BotRecord(
            name=name,
            game=manifest.game,
            kind=BotKind.SUBMITTED,
            description=manifest.description,
            author_id=author_id,
            open_to_people=False,  # until its author opens it
        )
        session.add(parent)
        session.flush()
        return parent
    if parent.kind is not BotKind.SUBMITTED:
        raise BotNameTaken(f"{name!r} is the name of an organiser's bot: choose another name")
    if parent.author_id != author_id:
        raise NotTheAuthor(f"{name!r} is another author's bot: choose another name")
    if parent.game != manifest.game:
        raise ValueError(
            f"{name!r} plays {parent.game}: a version of it cannot play {manifest.game} "
            "(give a bot of another game another name)"
        )
    if manifest.description and manifest.description != parent.description:
        parent.description = manifest.description
        session.add(parent)
    return parent


def get_version(session: Session, *, bot_id: int) -> BotVersionRecord | None:
    """The version whose own bot (``NAME@N``) is ``bot_id``, if it is one."""
    return session.get(BotVersionRecord, bot_id)


def get_archive(session: Session, *, digest: str) -> BotArchiveRecord | None:
    """The stored archive of SHA-256 ``digest``, if there is one."""
    return session.get(BotArchiveRecord, digest)


def list_versions(session: Session, *, submitted_id: int) -> list[BotVersionRecord]:
    """The versions of the submitted bot ``submitted_id``, oldest first."""
    query = (
        select(BotVersionRecord)
        .where(BotVersionRecord.submitted_id == submitted_id)
        .order_by(col(BotVersionRecord.number))
    )
    return list(session.exec(query))


def versions_with_status(
    session: Session, *, status: VersionStatus
) -> list[tuple[BotRecord, BotVersionRecord]]:
    """Every version whose status is ``status``, with its own bot, oldest first."""
    query = (
        select(BotRecord, BotVersionRecord)
        .join(BotVersionRecord, col(BotVersionRecord.bot_id) == col(BotRecord.id))
        .where(BotVersionRecord.status == status)
        .order_by(col(BotVersionRecord.received_at), col(BotVersionRecord.bot_id))
    )
    return [(bot, version) for bot, version in session.exec(query)]


def versions_named(session: Session, *, names: Collection[str]) -> dict[str, BotVersionRecord]:
    """The versions among the bots ``names``, by name (bots that are no versions left out)."""
    if not names:
        return {}
    query = (
        select(BotRecord.name, BotVersionRecord)
        .join(BotVersionRecord, col(BotVersionRecord.bot_id) == col(BotRecord.id))
        .where(col(BotRecord.name).in_(names))
    )
    return dict(session.exec(query).all())


def inactive_versions(session: Session, *, names: Collection[str]) -> dict[str, VersionStatus]:
    """The versions among the bots ``names`` that may not be seated now, with their status.

    Only an active version plays: one received or being checked has not passed its check
    yet, a rejected one failed it, a retired one plays no more.
    """
    return {
        name: version.status
        for name, version in versions_named(session, names=names).items()
        if version.status is not VersionStatus.ACTIVE
    }


def set_command(session: Session, *, bot_id: int, command: str) -> None:
    """Make ``command`` the one that starts version ``bot_id`` (its files moved here)."""
    with transaction(session):
        session.execute(
            sa.update(BotRecord).where(col(BotRecord.id) == bot_id).values(command=command)
        )


def author_usage(session: Session, *, author_id: int, since: datetime) -> AuthorUsage:
    """What the versions of ``author_id`` hold now, and which were uploaded ``since``."""
    own = select(BotRecord.id).where(BotRecord.author_id == author_id)
    mine = col(BotVersionRecord.bot_id).in_(own)
    recent = select(BotVersionRecord.received_at).where(
        mine, col(BotVersionRecord.received_at) >= since
    )
    waiting = select(func.count()).where(mine, col(BotVersionRecord.status).in_(WAITING))
    digests = select(BotVersionRecord.digest).where(mine).distinct()
    stored = select(func.coalesce(func.sum(func.length(BotArchiveRecord.data)), 0)).where(
        col(BotArchiveRecord.digest).in_(digests)
    )
    return AuthorUsage(
        uploads_since=sorted(session.exec(recent)),
        waiting=session.exec(waiting).one(),
        stored_bytes=int(session.exec(stored).one()),
    )


def waiting_versions(session: Session) -> list[WaitingVersion]:
    """Every version whose check has not begun, received longest ago first."""
    query = (
        select(BotVersionRecord.bot_id, BotRecord.name, BotRecord.author_id)
        .join(BotRecord, col(BotRecord.id) == col(BotVersionRecord.bot_id))
        .where(BotVersionRecord.status == VersionStatus.RECEIVED)
        .order_by(col(BotVersionRecord.received_at), col(BotVersionRecord.bot_id))
    )
    return [WaitingVersion(*row) for row in session.exec(query)]


def next_received(session: Session) -> BotVersionRecord | None:
    """The version received longest ago whose check has not begun, if any."""
    query = (
        select(BotVersionRecord)
        .where(BotVersionRecord.status == VersionStatus.RECEIVED)
        .order_by(col(BotVersionRecord.received_at), col(BotVersionRecord.bot_id))
        .limit(1)
    )
    return session.exec(query).first()


def begin_check(session: Session, *, bot_id: int, detail: str) -> bool:
    """Move version ``bot_id`` from ``received`` to ``checking``; whether it was received.

    Two checkers never both take a version: the one that does not is told ``False``.
    """
    with transaction(session):
        moved = _move(session, bot_id, VersionStatus.RECEIVED, VersionStatus.CHECKING, detail)
    return moved


def note_progress(session: Session, *, bot_id: int, detail: str, check_log: str) -> bool:
    """Say what the check of version ``bot_id`` does now, and what it logged so far.

    Returns whether it is still ``checking`` (not retired meanwhile).
    """
    with transaction(session):
        noted = session.execute(
            sa.update(BotVersionRecord)
            .where(
                col(BotVersionRecord.bot_id) == bot_id,
                col(BotVersionRecord.status) == VersionStatus.CHECKING,
            )
            .values(detail=detail, check_log=check_log)
        )
    return bool(noted.rowcount)  # type: ignore[attr-defined]


def finish_check(
    session: Session,
    *,
    bot_id: int,
    passed: bool,
    detail: str,
    check_log: str,
    check_games: list[int],
) -> VersionStatus:
    """End the check of version ``bot_id``: ``active`` if it ``passed``, else ``rejected``.

    A version retired while it was checked stays retired, its log and games kept. Returns
    its status now.
    """
    status = VersionStatus.ACTIVE if passed else VersionStatus.REJECTED
    with transaction(session):
        version = session.get(BotVersionRecord, bot_id, with_for_update=True)
        if version is None:
            raise LookupError(f"no version whose bot is {bot_id}")
        version.check_log = check_log
        version.check_games = list(check_games)
        version.checked_at = utc_now()
        if version.status is VersionStatus.CHECKING:
            version.status = status
            version.detail = detail
        session.add(version)
        now = version.status
    return now


def retire_version(session: Session, *, bot_id: int, by_admin: bool) -> BotVersionRecord:
    """Retire version ``bot_id``: it plays no more, and keeps its games and rating.

    A received or checking version may be retired too (its check then changes nothing);
    retiring a retired one changes nothing.

    Raises:
        LookupError: there is no such version.
        VersionNotRetirable: it was rejected (it never plays already).
    """
    with transaction(session):
        version = session.get(BotVersionRecord, bot_id, with_for_update=True)
        if version is None:
            raise LookupError(f"no version whose bot is {bot_id}")
        if version.status is VersionStatus.REJECTED:
            raise VersionNotRetirable(
                "a rejected version plays no games already: nothing to retire"
            )
        if version.status is not VersionStatus.RETIRED:
            version.status = VersionStatus.RETIRED
            version.retired_at = utc_now()
            version.detail = "retired by the admin" if by_admin else "retired by its author"
            session.add(version)
    session.refresh(version)
    return version


def reject_version(session: Session, *, name: str, detail: str, log: str) -> bool:
    """Reject the active version named ``name``; ``False`` if there is none (nothing changed).

    ``detail`` says why, and ``log`` is added to its check log. Commits.
    """
    with transaction(session):
        query = (
            select(BotVersionRecord)
            .join(BotRecord, col(BotRecord.id) == col(BotVersionRecord.bot_id))
            .where(BotRecord.name == name, BotVersionRecord.status == VersionStatus.ACTIVE)
        )
        version = session.exec(query).first()
        if version is None:
            return False
        version.status = VersionStatus.REJECTED
        version.detail = detail
        version.check_log = "\n".join(part for part in (version.check_log, log) if part)
    return True


def receive_again(session: Session, *, bot_id: int, detail: str) -> bool:
    """Put version ``bot_id`` back from ``checking`` to ``received``, saying why in ``detail``.

    Returns whether it was ``checking``.
    """
    with transaction(session):
        moved = _move(session, bot_id, VersionStatus.CHECKING, VersionStatus.RECEIVED, detail)
    return moved


def receive_checking_again(session: Session) -> int:
    """Put every version left ``checking`` (by a server that stopped) back to ``received``.

    Returns how many there were.
    """
    with transaction(session):
        moved = session.execute(
            sa.update(BotVersionRecord)
            .where(col(BotVersionRecord.status) == VersionStatus.CHECKING)
            .values(
                status=VersionStatus.RECEIVED,
                detail="its check starts again: the server stopped during it",
            )
        )
    return int(moved.rowcount)  # type: ignore[attr-defined]


def _move(
    session: Session, bot_id: int, before: VersionStatus, after: VersionStatus, detail: str
) -> bool:
    moved = session.execute(
        sa.update(BotVersionRecord)
        .where(col(BotVersionRecord.bot_id) == bot_id, col(BotVersionRecord.status) == before)
        .values(status=after, detail=detail)
    )
    return bool(moved.rowcount)  # type: ignore[attr-defined]
