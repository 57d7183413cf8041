"""The server's settings from its environment: every variable the server reads, in one place.

>>> settings = ServerSettings.from_environment({"CROUPIER_READ_TOKEN": "x" * 32})
>>> settings.admin_token, settings.read_token == "x" * 32, settings.database_url
(None, True, None)

A bot's own variables (``CROUPIER_ADDRESS``, ``CROUPIER_TOKEN``) are the SDK's
(:mod:`croupier.protocol`); the referee hands a started bot those of its own variables
whose names begin ``CROUPIER_BOT_`` (:mod:`croupier_server.referee.containment.sandbox`).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

__all__ = [
    "ADMIN_TOKEN_VARIABLE",
    "DATABASE_URL_VARIABLE",
    "READ_TOKEN_VARIABLE",
    "SUBMISSION_VARIABLES",
    "ArchiveLimits",
    "AuthorLimits",
    "RequirementIndex",
    "ServerSettings",
    "SubmissionSettings",
    "default_check_concurrency",
    "default_versions_dir",
]

DATABASE_URL_VARIABLE = "CROUPIER_DATABASE_URL"
"""The database of the commands given no ``--db``."""
ADMIN_TOKEN_VARIABLE = "CROUPIER_ADMIN_TOKEN"
"""The dashboard's admin token (else one is made up at start and shown once)."""
READ_TOKEN_VARIABLE = "CROUPIER_READ_TOKEN"
"""The dashboard's read token; when set, reading the dashboard needs a token."""


@dataclass(frozen=True, slots=True)
class ServerSettings:
    """What the environment sets; ``None`` (or an empty variable): not set."""

    database_url: str | None = None
    """The database of the commands given no ``--db`` (``$CROUPIER_DATABASE_URL``)."""
    admin_token: str | None = None
    """The dashboard's admin token (``$CROUPIER_ADMIN_TOKEN``)."""
    read_token: str | None = None
    """The dashboard's read token (``$CROUPIER_READ_TOKEN``)."""

    @classmethod
    def from_environment(cls, environment: Mapping[str, str] | None = None) -> ServerSettings:
        """The settings of ``environment`` (default: this process's)."""
        variables = os.environ if environment is None else environment

        def read(name: str) -> str | None:
            return variables.get(name) or None

        return cls(
            database_url=read(DATABASE_URL_VARIABLE),
            admin_token=read(ADMIN_TOKEN_VARIABLE),
            read_token=read(READ_TOKEN_VARIABLE),
        )


_MIB = 1024 * 1024

SUBMISSION_VARIABLES = {
    "versions_dir": "CROUPIER_VERSIONS_DIR",
    "max_archive_bytes": "CROUPIER_ARCHIVE_MAX_BYTES",
    "max_unpacked_bytes": "CROUPIER_ARCHIVE_MAX_UNPACKED_BYTES",
    "max_files": "CROUPIER_ARCHIVE_MAX_FILES",
    "max_file_bytes": "CROUPIER_ARCHIVE_MAX_FILE_BYTES",
    "find_links": "CROUPIER_REQUIREMENTS_FIND_LINKS",
    "index_url": "CROUPIER_REQUIREMENTS_INDEX_URL",
    "offline": "CROUPIER_REQUIREMENTS_OFFLINE",
    "install_timeout_s": "CROUPIER_REQUIREMENTS_TIMEOUT",
    "check_games": "CROUPIER_CHECK_GAMES",
    "check_concurrency": "CROUPIER_CHECK_CONCURRENCY",
    "uploads_per_hour": "CROUPIER_AUTHOR_UPLOADS_PER_HOUR",
    "max_waiting": "CROUPIER_AUTHOR_MAX_WAITING",
    "max_stored_bytes": "CROUPIER_AUTHOR_MAX_STORED_BYTES",
}
"""The variables of :class:`SubmissionSettings`, by field (docs/submitting.md lists them)."""


@dataclass(frozen=True, slots=True)
class ArchiveLimits:
    """The most a submitted archive may hold.

    The defaults hold a Node.js bot with ``@grpc/grpc-js`` in its ``node_modules`` (``npm
    ci`` of examples/js: 1,178 files, 10.4 MB unpacked, 2.0 MB packed, the largest file
    0.4 MB) several times over.
    """

    max_archive_bytes: int = 16 * _MIB
    """The archive itself, compressed."""
    max_unpacked_bytes: int = 64 * _MIB
    """All its files together, unpacked."""
    max_files: int = 4_000
    """Its files and directories."""
    max_file_bytes: int = 16 * _MIB
    """Each file, unpacked."""


@dataclass(frozen=True, slots=True)
class AuthorLimits:
    """The most one author may ask of the server: their fair share of its checks and disk.

    Each is counted over the author's versions in the database, so that every process
    taking uploads counts the same; the admin uploads nothing, so is never limited. The
    defaults let an author upload a version every few minutes all day and keep dozens of
    large archives, while no one author can hold the checker for hours.
    """

    uploads_per_hour: int = 12
    """Versions an author may upload in any hour."""
    max_waiting: int = 3
    """Versions of an author that may wait for their check (``received`` or ``checking``)."""
    max_stored_bytes: int = 512 * _MIB
    """All the author's archives together, packed (as the database keeps them)."""


@dataclass(frozen=True, slots=True)
class RequirementIndex:
    """Where a version's Python requirements are installed from.

    Nothing set: the installer's default index (PyPI). ``find_links``: also (or, with
    ``offline``, only) that directory of wheels and source archives.
    """

    find_links: Path | None = None
    index_url: str | None = None
    offline: bool = False


def default_versions_dir(environment: Mapping[str, str]) -> Path:
    """``$XDG_DATA_HOME/croupier/versions``, else ``~/.local/share/croupier/versions``."""
    data_home = environment.get("XDG_DATA_HOME") or os.path.join(
        environment.get("HOME") or os.path.expanduser("~"), ".local", "share"
    )
    return Path(data_home, "croupier", "versions")


def default_check_concurrency() -> int:
    """How many checks run at once by default: half the CPUs this process may use, at least 1."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        cpus = os.cpu_count() or 1
    return max(1, cpus // 2)


@dataclass(frozen=True, slots=True)
class SubmissionSettings:
    """How submitted versions are taken, kept and checked (:data:`SUBMISSION_VARIABLES`)."""

    versions_dir: Path
    """This machine's unpacked versions and their environments (``$CROUPIER_VERSIONS_DIR``)."""
    limits: ArchiveLimits = field(default_factory=ArchiveLimits)
    index: RequirementIndex = field(default_factory=RequirementIndex)
    install_timeout_s: float = 600.0
    """The longest a version's requirements may take to install."""
    check_games: int = 3
    """How many games a version plays against the random bot when it is checked."""
    check_concurrency: int = field(default_factory=default_check_concurrency)
    """How many versions are checked at once (:func:`default_check_concurrency`)."""
    authors: AuthorLimits = field(default_factory=AuthorLimits)
    """What one author may upload, keep waiting, and store."""

    @classmethod
    def from_environment(cls, environment: Mapping[str, str] | None = None) -> SubmissionSettings:
        """The settings of ``environment`` (default: this process's); unset: the defaults.

        >>> SubmissionSettings.from_environment({"HOME": "/home/ada"}).versions_dir
        PosixPath('/home/ada/.local/share/croupier/versions')

        Raises:
            ValueError: a variable's value is not one it takes (one line naming it).
        """
        variables = os.environ if environment is None else environment
        read = _Reader(variables)
        defaults = ArchiveLimits()
        author_defaults = AuthorLimits()
        versions_dir = read.text("versions_dir")
        find_links = read.text("find_links")
        return cls(
            versions_dir=Path(versions_dir) if versions_dir else default_versions_dir(variables),
            limits=ArchiveLimits(
                max_archive_bytes=read.count("max_archive_bytes", defaults.max_archive_bytes),
                max_unpacked_bytes=read.count("max_unpacked_bytes", defaults.max_unpacked_bytes),
                max_files=read.count("max_files", defaults.max_files),
                max_file_bytes=read.count("max_file_bytes", defaults.max_file_bytes),
            ),
            index=RequirementIndex(
                find_links=Path(find_links) if find_links else None,
                index_url=read.text("index_url"),
                offline=read.flag("offline"),
            ),
            install_timeout_s=float(read.count("install_timeout_s", 600)),
            check_games=read.count("check_games", 3),
            check_concurrency=read.count("check_concurrency", default_check_concurrency()),
            authors=AuthorLimits(
                uploads_per_hour=read.count("uploads_per_hour", author_defaults.uploads_per_hour),
                max_waiting=read.count("max_waiting", author_defaults.max_waiting),
                max_stored_bytes=read.count("max_stored_bytes", author_defaults.max_stored_bytes),
            ),
        )


@dataclass(frozen=True, slots=True)
class _Reader:
    """Reads :data:`SUBMISSION_VARIABLES` out of an environment, refusing wrong values."""

    variables: Mapping[str, str]

    def text(self, key: str) -> str | None:
        return self.variables.get(SUBMISSION_VARIABLES[key]) or None

    def count(self, key: str, default: int) -> int:
        value = self.text(key)
        if value is None:
            return default
        if not (value.isascii() and value.isdigit()) or int(value) < 1:
            raise ValueError(
                f"${SUBMISSION_VARIABLES[key]} must be a whole number of 1 or more, not {value!r}"
            )
        return int(value)

    def flag(self, key: str) -> bool:
        value = (self.text(key) or "0").lower()
        if value not in {"0", "1", "true", "false", "yes", "no"}:
            raise ValueError(
                f"${SUBMISSION_VARIABLES[key]} must be 1 or 0 (true or false), not {value!r}"
            )
        return value in {"1", "true", "yes"}
