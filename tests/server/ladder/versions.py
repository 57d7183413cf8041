"""Submitted bots' versions made through the database's own queries, as a passed check leaves them.

:func:`add_version` stores a version as an upload does (:func:`~croupier_server.db.versions.
create_version`: an author, an archive packed as ``croupier-bot submit`` packs a directory
holding its ``croupier.toml``), then passes its check (``active``) or fails it. Its command
is an example bot's, by absolute paths: it needs no environment, and a worker that makes
it ready from the stored archive starts the same program.
"""

from __future__ import annotations

import hashlib
import json
import tempfile
from pathlib import Path

from sqlmodel import Session, select

from croupier.manifest import MANIFEST_FILE, Manifest
from croupier.packing import pack_directory
from croupier_server.db import BotRecord, authors, versions
from croupier_server.db.submissions import AuthorRecord, BotVersionRecord, VersionStatus

__all__ = ["AUTHOR", "add_version", "set_version_status"]

AUTHOR = "ladder-tests"


def add_version(
    session: Session,
    name: str,
    *,
    game: str,
    command: str,
    status: VersionStatus = VersionStatus.ACTIVE,
) -> BotRecord:
    """The next version of the submitted bot ``name``, checked to ``status``; its bot row."""
    manifest = Manifest(name=name, game=game, command=command)
    with tempfile.TemporaryDirectory() as directory:
        fields = {"name": name, "game": game, "command": command}
        toml = "".join(f"{key} = {json.dumps(value)}\n" for key, value in fields.items())
        (Path(directory) / MANIFEST_FILE).write_text(toml)
        data = pack_directory(Path(directory))
    archive = versions.NewArchive(
        digest=hashlib.sha256(data).hexdigest(), data=data, size=len(toml.encode()), files=1
    )
    version = versions.create_version(
        session, author_id=_author_id(session), manifest=manifest, archive=archive, command=command
    )
    assert versions.begin_check(session, bot_id=version.bot_id, detail="checking")
    passed = status is VersionStatus.ACTIVE
    versions.finish_check(
        session,
        bot_id=version.bot_id,
        passed=passed,
        detail="" if passed else "it failed its check",
        check_log="",
        check_games=[],
    )
    if status not in (VersionStatus.ACTIVE, VersionStatus.REJECTED):
        set_version_status(session, versions.version_name(name, version.number), status)
    bot = session.get(BotRecord, version.bot_id)
    assert bot is not None
    return bot


def set_version_status(session: Session, name: str, status: VersionStatus) -> None:
    """Set the status of the version named ``name`` (``NAME@N``)."""
    bot = session.exec(select(BotRecord).where(BotRecord.name == name)).one()
    version = session.get(BotVersionRecord, bot.id)
    assert version is not None
    version.status = status
    session.add(version)
    session.commit()


def _author_id(session: Session) -> int:
    author = session.exec(select(AuthorRecord).where(AuthorRecord.name == AUTHOR)).first()
    if author is None:
        author = authors.add_author(session, name=AUTHOR)[0]
    assert author.id is not None
    return author.id
