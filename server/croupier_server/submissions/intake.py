"""Taking an upload: its archive checked, then stored as the next version of its bot.

Nothing is stored when an upload is refused: the archive is read and checked whole
(:func:`~.archive.read_archive`), and its author's limits (:mod:`.author_limits`), before
the version's rows are written, in one transaction
(:func:`~croupier_server.db.versions.create_version`). The version is
``received``; ``croupier serve``'s checker takes it from there (:mod:`.checker`).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Engine
from sqlmodel import Session

from croupier_server.clock import utc_now
from croupier_server.db import versions
from croupier_server.db.engine import translated_failures
from croupier_server.db.names import check_unreserved
from croupier_server.db.submissions import VersionStatus
from croupier_server.settings import SubmissionSettings
from croupier_server.submissions.archive import read_archive
from croupier_server.submissions.author_limits import check_author_limits
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
        AuthorLimitReached: the author may not upload it now (the message says why).
        BotNameTaken: its name is an organiser's bot's.
        NotTheAuthor: its name is another author's bot.
        NameRefused: its name is reserved for the server's own use.
        ValueError: the bot plays another game than its manifest says.
        DatabaseFailure: the database failed; nothing is stored.
    """
    # Before the archive is read, so that a flood costs no unpacking; and again as it is
    # stored, so that uploads read side by side do not all pass.
    _check_limits(engine, settings, author_id=author_id, data=data)
    checked = read_archive(data, settings.limits)
    manifest = checked.manifest
    check_unreserved(manifest.name, what="the bot name")
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
        check_author_limits(
            session, settings.authors, author_id=author_id, archive_bytes=len(data), now=utc_now()
        )
        version = versions.create_version(
            session, author_id=author_id, manifest=manifest, archive=archive, command=command
        )
        return ReceivedVersion(manifest.name, version.number, version.bot_id, version.status)


def _check_limits(
    engine: Engine, settings: SubmissionSettings, *, author_id: int, data: bytes
) -> None:
    with translated_failures(engine), Session(engine) as session:
        check_author_limits(
            session, settings.authors, author_id=author_id, archive_bytes=len(data), now=utc_now()
        )
