"""What ``croupier serve`` takes submitted bots with: its options, and the dashboard's actions.

``--versions``, ``--requirements-index``, ``--requirements-find-links``,
``--requirements-offline``, ``--check-concurrency`` and the ``--author-...`` limits
override the environment's settings
(:class:`~croupier_server.settings.SubmissionSettings`); :class:`ServerSubmissions` is the
:class:`~croupier_server.web.submissions.SubmissionActions` the dashboard stores uploads
and retires versions through, answering each refusal with its HTTP status.
"""

from __future__ import annotations

import argparse
import dataclasses
from pathlib import Path

from sqlalchemy import Engine
from sqlmodel import Session

from croupier_server.cli._output import CliError
from croupier_server.db import versions
from croupier_server.db.engine import translated_failures
from croupier_server.db.errors import BotNameTaken, NotTheAuthor, VersionNotRetirable
from croupier_server.settings import SUBMISSION_VARIABLES, AuthorLimits, SubmissionSettings
from croupier_server.submissions.archive import ArchiveRefused
from croupier_server.submissions.author_limits import AuthorLimit, AuthorLimitReached
from croupier_server.submissions.intake import receive_upload
from croupier_server.submissions.store import private_directory
from croupier_server.web.submissions import SubmissionRefused, SubmittedVersion

__all__ = ["ServerSubmissions", "add_submission_options", "submission_settings_from_args"]

_LIMIT_STATUS = {
    AuthorLimit.UPLOADS_PER_HOUR: 429,  # with Retry-After: it frees with time
    AuthorLimit.WAITING: 409,  # it frees when a check ends
    AuthorLimit.STORED_BYTES: 413,  # it frees when the organiser says
}
"""The HTTP status of an upload over each of its author's limits."""


def add_submission_options(parser: argparse.ArgumentParser) -> None:
    """Where versions are unpacked, and where their requirements are installed from."""
    parser.add_argument(
        "--versions",
        type=Path,
        metavar="DIR",
        help="where submitted versions are unpacked and get their environments (default: "
        f"${SUBMISSION_VARIABLES['versions_dir']}, else ~/.local/share/croupier/versions)",
    )
    parser.add_argument(
        "--requirements-index",
        metavar="URL",
        help="the package index versions' requirements are installed from (default: "
        f"${SUBMISSION_VARIABLES['index_url']}, else PyPI)",
    )
    parser.add_argument(
        "--requirements-find-links",
        type=Path,
        metavar="DIR",
        help="a directory of wheels versions' requirements may also come from "
        f"(${SUBMISSION_VARIABLES['find_links']})",
    )
    parser.add_argument(
        "--requirements-offline",
        action="store_true",
        help="install versions' requirements without the network: from the find-links "
        "directory and uv's cache only",
    )
    _add_share_options(parser)


def _add_share_options(parser: argparse.ArgumentParser) -> None:
    """How many checks run at once, and each author's share of the server."""
    defaults = AuthorLimits()
    shares = [
        ("--check-concurrency", "check_concurrency", "versions checked at once", "half the CPUs"),
        (
            "--author-uploads-per-hour",
            "uploads_per_hour",
            "versions an author may upload in any hour",
            defaults.uploads_per_hour,
        ),
        (
            "--author-max-waiting",
            "max_waiting",
            "versions of an author that may wait for their check",
            defaults.max_waiting,
        ),
        (
            "--author-max-stored-bytes",
            "max_stored_bytes",
            "bytes all of an author's archives may hold, packed",
            defaults.max_stored_bytes,
        ),
    ]
    for flag, key, what, default in shares:
        parser.add_argument(
            flag,
            type=_positive,
            metavar="N",
            help=f"{what} (default: ${SUBMISSION_VARIABLES[key]}, else {default})",
        )


def _positive(text: str) -> int:
    """``text`` as a whole number of 1 or more.

    Raises:
        argparse.ArgumentTypeError: it is not one.
    """
    if not (text.isascii() and text.isdigit()) or int(text) < 1:
        raise argparse.ArgumentTypeError(f"a whole number of 1 or more, not {text!r}")
    return int(text)


def submission_settings_from_args(args: argparse.Namespace) -> SubmissionSettings:
    """The environment's submission settings, with what the options override.

    The versions' directory is made if missing (mode 0700).

    Raises:
        CliError: a variable holds a value it does not take; the versions' directory
            cannot be made, or the find-links directory is not one.
    """
    try:
        settings = SubmissionSettings.from_environment()
    except ValueError as error:
        raise CliError(str(error)) from None
    index = dataclasses.replace(
        settings.index,
        index_url=args.requirements_index or settings.index.index_url,
        find_links=args.requirements_find_links or settings.index.find_links,
        offline=args.requirements_offline or settings.index.offline,
    )
    authors = settings.authors
    authors = dataclasses.replace(
        authors,
        uploads_per_hour=args.author_uploads_per_hour or authors.uploads_per_hour,
        max_waiting=args.author_max_waiting or authors.max_waiting,
        max_stored_bytes=args.author_max_stored_bytes or authors.max_stored_bytes,
    )
    settings = dataclasses.replace(
        settings,
        versions_dir=args.versions or settings.versions_dir,
        index=index,
        check_concurrency=args.check_concurrency or settings.check_concurrency,
        authors=authors,
    )
    if index.find_links is not None and not _is_directory(index.find_links):
        raise CliError(f"the requirements' find-links {str(index.find_links)!r} is no directory")
    try:
        private_directory(settings.versions_dir)
    except (OSError, ValueError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else error
        raise CliError(
            f"cannot keep versions in {str(settings.versions_dir)!r}: {reason}"
        ) from None
    return settings


def _is_directory(path: Path) -> bool:
    try:
        return path.is_dir()
    except (OSError, ValueError):  # a name too long, a NUL in it
        return False


class ServerSubmissions:
    """Stores uploads as versions, and retires them, for the dashboard."""

    def __init__(self, engine: Engine, settings: SubmissionSettings) -> None:
        self._engine = engine
        self._settings = settings

    @property
    def max_archive_bytes(self) -> int:
        """The largest archive taken, in bytes."""
        return self._settings.limits.max_archive_bytes

    def submit(self, *, author_id: int, archive: bytes) -> SubmittedVersion:
        """Check ``archive`` and store it as its bot's next version, received.

        Raises:
            SubmissionRefused: 400, 403, 409, 413 or 429 (:data:`_LIMIT_STATUS`), the
                message saying why.
        """
        try:
            received = receive_upload(
                self._engine, self._settings, author_id=author_id, data=archive
            )
        except ArchiveRefused as refused:
            raise SubmissionRefused(413 if refused.too_large else 400, str(refused)) from None
        except NotTheAuthor as error:
            raise SubmissionRefused(403, str(error)) from None
        except BotNameTaken as error:
            raise SubmissionRefused(409, str(error)) from None
        except AuthorLimitReached as reached:
            raise SubmissionRefused(
                _LIMIT_STATUS[reached.limit], str(reached), retry_after_s=reached.retry_after_s
            ) from None
        except ValueError as error:
            raise SubmissionRefused(400, str(error)) from None
        return SubmittedVersion(received.bot, received.number, received.status)

    def retire(self, *, version_bot_id: int, by_admin: bool) -> None:
        """Retire the version whose own bot is ``version_bot_id``.

        Raises:
            SubmissionRefused: 409 for a rejected version, 404 for no version.
        """
        try:
            with translated_failures(self._engine), Session(self._engine) as session:
                versions.retire_version(session, bot_id=version_bot_id, by_admin=by_admin)
        except VersionNotRetirable as error:
            raise SubmissionRefused(409, str(error)) from None
        except LookupError as error:
            raise SubmissionRefused(404, str(error)) from None
