"""Taking an upload: its archive checked, then stored as the next version of its bot.

Nothing is stored when an upload is refused: the archive is read and checked whole
(:func:`~.archive.read_archive`) before the version's rows are written, in one
transaction (:func:`~croupier_server.db.versions.create_version`). The version is
``received``; ``croupier serve``'s checker takes it from there (:mod:`.checker`).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Engine
from sqlmodel import Session

from croupier_server.db import versions
from croupier_server.db.engine import translated_failures
from croupier_server.db.submissions import VersionStatus
from croupier_server.settings import SubmissionSettings
from croupier_server.submissions.archive import read_archive
from croupier_server.submissions.environment import environment_python
from croupier_server.submissions.store import (
    files_directory,
    is_python_command,
    version_command,
)

__all__ = ["ReceivedVersion", "receive_upload"]


@dataclass(frozen=True, slots=True)
class ReceivedVersion:
    """A version just stored: version ``number`` of the submitted bot ``bot``."""

    bot: str
    number: int
    bot_id: int
    """The id of its own bot, ``NAME@N``."""
    status: VersionStatus


def receive_upload(
    engine: Engine, settings: SubmissionSettings, *, author_id: int, data: bytes
) -> ReceivedVersion:
    """Check the archive ``data`` and store it as the next version of its bot.

    Raises:
        ArchiveRefused: the archive is refused (``too_large`` when over a limit).
        BotNameTaken: its name is an organiser's bot's.
        NotTheAuthor: its name is another author's bot.
        ValueError: the bot plays another game than its manifest says.
        DatabaseFailure: the database failed; nothing is stored.
    """
    checked = read_archive(data, settings.limits)
    manifest = checked.manifest
    python = environment_python(settings.versions_dir, checked.digest)
    command = version_command(
        manifest.command,
        files=files_directory(settings.versions_dir, checked.digest),
        holds=checked.paths.__contains__,
        python=python if is_python_command(manifest.command) else None,
    )
    archive = versions.NewArchive(
        digest=checked.digest, data=data, size=checked.size, files=checked.count
    )
    with translated_failures(engine), Session(engine) as session:
        version = versions.create_version(
            session, author_id=author_id, manifest=manifest, archive=archive, command=command
        )
        return ReceivedVersion(manifest.name, version.number, version.bot_id, version.status)
