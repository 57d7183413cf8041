"""Submitted bots' versions made directly in the database, as the submissions' check leaves them.

A stand-in for the version creation of ``db/versions.py`` (the submissions' own work): a
submitted bot ``NAME`` (kind ``submitted``), and version ``NAME@N``, a command bot with its
archive and its version row, active unless told otherwise.
"""

from __future__ import annotations

import hashlib

from sqlmodel import Session, select

from croupier_server.db import BotKind, BotRecord
from croupier_server.db.submissions import BotArchiveRecord, BotVersionRecord, VersionStatus

__all__ = ["add_version", "set_version_status"]


def add_version(
    session: Session,
    name: str,
    number: int,
    *,
    game: str,
    command: str,
    status: VersionStatus = VersionStatus.ACTIVE,
) -> BotRecord:
    """Version ``number`` of the submitted bot ``name`` (made if missing); its bot row."""
    submitted = session.exec(select(BotRecord).where(BotRecord.name == name)).first()
    if submitted is None:
        submitted = BotRecord(name=name, game=game, kind=BotKind.SUBMITTED)
        session.add(submitted)
        session.flush()
    data = f"{name}@{number}: {command}".encode()
    digest = hashlib.sha256(data).hexdigest()
    if session.get(BotArchiveRecord, digest) is None:
        session.add(BotArchiveRecord(digest=digest, data=data, size=len(data), files=1))
    version = BotRecord(
        name=f"{name}@{number}",
        game=game,
        kind=BotKind.COMMAND,
        command=command,
        version_of_id=submitted.id,
    )
    session.add(version)
    session.flush()
    assert version.id is not None
    assert submitted.id is not None
    session.add(
        BotVersionRecord(
            bot_id=version.id,
            submitted_id=submitted.id,
            number=number,
            digest=digest,
            manifest={"name": name, "game": game, "command": command},
            status=status,
        )
    )
    session.commit()
    session.refresh(version)
    return version


def set_version_status(session: Session, name: str, status: VersionStatus) -> None:
    """Set the status of the version named ``name`` (``NAME@N``)."""
    bot = session.exec(select(BotRecord).where(BotRecord.name == name)).one()
    version = session.get(BotVersionRecord, bot.id)
    assert version is not None
    version.status = status
    session.add(version)
    session.commit()
