"""A version made ready to run on this machine: unpacked, its environment made, its command.

Every machine that plays a version (``croupier serve``, each ``croupier worker``) makes it
ready from the database alone: its archive unpacked under this machine's
``VERSIONS_DIR``, its environment made there, and its command pointing at them. What is
there already is used as it is (the archive is not even read), so a version is made
ready once per machine.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Collection
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import Engine
from sqlmodel import Session

from croupier.manifest import Manifest
from croupier_server.db import BotRecord, versions
from croupier_server.db.engine import translated_failures
from croupier_server.db.errors import RecordNotFound
from croupier_server.db.submissions import BotArchiveRecord, BotVersionRecord, VersionStatus
from croupier_server.errors import CroupierServerError
from croupier_server.logs import ids
from croupier_server.settings import SubmissionSettings
from croupier_server.submissions.archive import ArchiveRefused
from croupier_server.submissions.environment import (
    EnvironmentFailed,
    MadeEnvironment,
    make_environment,
)
from croupier_server.submissions.store import files_directory, unpack_archive, version_command

__all__ = [
    "PreparedVersion",
    "VersionNotReady",
    "bot_with_command",
    "first_line",
    "prepare_version",
    "prepare_version_bot",
    "prepare_versions_named",
    "restore_active_versions",
]

_LOG = logging.getLogger(__name__)


class VersionNotReady(CroupierServerError):
    """A version that cannot be made ready here, in one line naming it and why.

    Attributes:
        name: The version's name.
    """

    def __init__(self, name: str, why: str) -> None:
        super().__init__(f"version {name} cannot be made ready here: {why}")
        self.name = name


@dataclass(frozen=True, slots=True)
class PreparedVersion:
    """A version ready here: the command that starts it, its files, its environment."""

    command: str
    files: Path
    environment: MadeEnvironment | None
    """Its environment (``None``: its command needs none)."""


def prepare_version(
    settings: SubmissionSettings,
    *,
    digest: str,
    manifest: Manifest,
    archive: Callable[[], BotArchiveRecord],
) -> PreparedVersion:
    """The version of archive ``digest`` made ready here, unless it is already.

    Its archive is unpacked (read by ``archive()`` only then), and the environment its
    ``manifest`` asks for made.

    Raises:
        ArchiveRefused: the stored archive no longer passes its checks.
        EnvironmentFailed: its environment cannot be made.
        OSError: its files cannot be written.
    """
    files = files_directory(settings.versions_dir, digest)
    if not files.is_dir():
        stored = archive()
        unpack_archive(
            settings.versions_dir,
            digest=digest,
            data=stored.data,
            size=stored.size,
            count=stored.files,
        )
    environment = make_environment(
        settings.versions_dir,
        digest,
        manifest,
        index=settings.index,
        timeout_s=settings.install_timeout_s,
    )
    command = version_command(
        manifest.command,
        files=files,
        holds=lambda path: os.path.lexists(files / path),
        python=None if environment is None else environment.python,
    )
    return PreparedVersion(command, files, environment)


def prepare_version_bot(
    engine: Engine, settings: SubmissionSettings, version: BotVersionRecord
) -> PreparedVersion:
    """Make ``version`` ready here, from its stored archive.

    Raises:
        RecordNotFound: its archive is gone.
        ArchiveRefused, EnvironmentFailed, OSError: as :func:`prepare_version`.
    """

    def archive() -> BotArchiveRecord:
        with translated_failures(engine), Session(engine) as session:
            stored = versions.get_archive(session, digest=version.digest)
        if stored is None:
            raise RecordNotFound(f"the archive {version.digest} is not stored")
        return stored

    manifest = Manifest.from_data(version.manifest)
    return prepare_version(settings, digest=version.digest, manifest=manifest, archive=archive)


def prepare_versions_named(
    engine: Engine, settings: SubmissionSettings, names: Collection[str]
) -> dict[str, str]:
    """The command here of each version among the bots ``names``, each made ready.

    Bots that are no versions are left out.

    Raises:
        VersionNotReady: one cannot be made ready (its files, its environment).
    """
    with translated_failures(engine), Session(engine) as session:
        found = versions.versions_named(session, names=names)
    commands = {}
    for name, version in found.items():
        try:
            commands[name] = prepare_version_bot(engine, settings, version).command
        except (ArchiveRefused, EnvironmentFailed, RecordNotFound, OSError) as error:
            raise VersionNotReady(name, str(error)) from None
    return commands


def restore_active_versions(engine: Engine, settings: SubmissionSettings) -> int:
    """Make every active version ready here; returns how many had to be made ready again.

    A version whose files or environment are missing here (a new ``VERSIONS_DIR``, a
    server moved or upgraded) is made ready again, and its command follows where they
    are now. One that cannot be is logged in a line and left as it is.
    """
    with translated_failures(engine), Session(engine) as session:
        active = versions.versions_with_status(session, status=VersionStatus.ACTIVE)
    moved = 0
    for bot, version in active:
        try:
            prepared = prepare_version_bot(engine, settings, version)
        except Exception as error:  # a version that cannot be made ready: said, not raised
            _LOG.error(
                "version %s cannot be made ready here: %s",
                bot.name,
                first_line(error),
                extra=ids(version=bot.name),
            )
            continue
        if prepared.command != bot.command:
            with translated_failures(engine), Session(engine) as session:
                versions.set_command(session, bot_id=version.bot_id, command=prepared.command)
            moved += 1
    return moved


def first_line(error: BaseException) -> str:
    """The error's type and the first line of its message."""
    lines = str(error).strip().splitlines()
    return f"{type(error).__name__}: {lines[0]}" if lines else type(error).__name__


def bot_with_command(bot: BotRecord, command: str) -> BotRecord:
    """A copy of ``bot`` (not stored) that starts with ``command``."""
    return BotRecord.model_validate({**bot.model_dump(), "command": command})
