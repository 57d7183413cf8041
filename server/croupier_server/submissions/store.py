"""A version's files on this machine: its archive unpacked under ``VERSIONS_DIR/<digest>/``.

Archives live in the database (every machine that plays a version can unpack the same
files); each machine unpacks one when it needs it, into ``VERSIONS_DIR/<digest>/files``.
The unpacking is atomic: the files are written into a temporary folder beside, which is
renamed into place once whole, so that a folder ``files`` is always complete, and two
processes unpacking the same archive at once both end with the one that was renamed
first. Modes are normalised (folders 0755, files 0644 or 0755 when executable);
``VERSIONS_DIR`` itself is 0700, readable only by the server's user (a sealed bot running
as a user of its own is shown the way to its own version alone).

A version's command is the manifest's with the arguments that name its files made
absolute (it runs in an empty directory of its own), and a leading ``python`` or
``python3`` replaced by its environment's Python (:mod:`.environment`).
"""

from __future__ import annotations

import contextlib
import os
import shlex
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path, PurePosixPath
from typing import IO

from croupier_server.settings import ArchiveLimits
from croupier_server.submissions.archive import (
    CheckedArchive,
    Entry,
    EntryKind,
    read_archive,
)

__all__ = [
    "FILES",
    "PYTHON_PROGRAMS",
    "files_directory",
    "is_python_command",
    "private_directory",
    "publish_directory",
    "unpack_archive",
    "version_command",
    "version_directory",
]

FILES = "files"
"""The folder of a version's directory that holds its unpacked files."""
PYTHON_PROGRAMS = frozenset({"python", "python3"})
"""The programs a version's command may start with to run in its own environment."""

_FOLDER_MODE = 0o755
_COPY_CHUNK = 1024 * 1024


def private_directory(versions_dir: Path) -> Path:
    """``versions_dir``, made if missing, with mode 0700."""
    versions_dir.mkdir(parents=True, exist_ok=True)
    versions_dir.chmod(0o700)
    return versions_dir


def version_directory(versions_dir: Path, digest: str) -> Path:
    """The directory of the version whose archive is ``digest``, made if missing (0755)."""
    if len(digest) != 64 or not all(c in "0123456789abcdef" for c in digest):
        raise ValueError(f"{digest!r} is not a SHA-256 hex digest")
    directory = private_directory(versions_dir) / digest
    with contextlib.suppress(FileExistsError):
        directory.mkdir(mode=_FOLDER_MODE)
    directory.chmod(_FOLDER_MODE)
    return directory


def files_directory(versions_dir: Path, digest: str) -> Path:
    """Where the files of the archive ``digest`` are unpacked (whether they are yet or not)."""
    return versions_dir / digest / FILES


def unpack_archive(versions_dir: Path, *, digest: str, data: bytes, size: int, count: int) -> Path:
    """The files of archive ``data`` (SHA-256 ``digest``), unpacked if they are not yet.

    The archive is read again with the checks it passed when it was taken, its size
    (``size`` bytes of files) and ``count`` of entries as recorded then for limits.

    Raises:
        ArchiveRefused: the stored archive does not pass its checks again.
        ValueError: ``data`` is not the archive ``digest``.
        OSError: the files cannot be written.
    """
    target = files_directory(versions_dir, digest)
    if target.is_dir():
        return target
    limits = ArchiveLimits(
        max_archive_bytes=len(data),
        max_unpacked_bytes=size,
        max_files=count,
        max_file_bytes=max(size, 1),
    )
    directory = version_directory(versions_dir, digest)
    with _temporary(directory, ".files-") as temporary:
        checked = read_archive(data, limits, content=_writer(temporary))
        if checked.digest != digest:
            raise ValueError(f"the stored archive {digest} has another digest: {checked.digest}")
        _finish(temporary, checked)
        publish_directory(temporary, target)
    return target


def publish_directory(made: Path, target: Path) -> bool:
    """Rename the whole directory ``made`` to ``target``; ``False`` if another was first.

    ``made`` is then left for its caller to remove.
    """
    try:
        made.rename(target)
    except OSError:
        if target.is_dir():
            return False
        raise
    return True


@contextlib.contextmanager
def _temporary(directory: Path, prefix: str) -> Iterator[Path]:
    """A new folder in ``directory``, removed at the end of the block if still there."""
    made = Path(tempfile.mkdtemp(prefix=prefix, dir=directory))
    try:
        yield made
    finally:
        shutil.rmtree(made, ignore_errors=True)


def _writer(root: Path) -> Callable[[Entry, IO[bytes]], None]:
    """Writes each file of the archive under ``root`` as its bytes stream by."""

    def write(entry: Entry, stream: IO[bytes]) -> None:
        path = root.joinpath(*PurePosixPath(entry.path).parts)
        path.parent.mkdir(parents=True, exist_ok=True)
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
        descriptor = os.open(path, flags, 0o600)
        with open(descriptor, "wb") as file:
            while chunk := stream.read(_COPY_CHUNK):
                file.write(chunk)
            os.fchmod(file.fileno(), 0o755 if entry.executable else 0o644)

    return write


def _finish(root: Path, checked: CheckedArchive) -> None:
    """Make the folders and links of ``checked`` under ``root``; every folder 0755."""
    for entry in checked.entries:
        path = root.joinpath(*PurePosixPath(entry.path).parts)
        if entry.kind is EntryKind.FOLDER:
            path.mkdir(parents=True, exist_ok=True)
    for entry in checked.entries:
        if entry.kind is EntryKind.LINK:
            path = root.joinpath(*PurePosixPath(entry.path).parts)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.symlink_to(entry.target)
    for folder, _, _ in os.walk(root):
        os.chmod(folder, _FOLDER_MODE)


def is_python_command(command: str) -> bool:
    """Whether ``command`` starts with ``python`` or ``python3``: it runs in an environment.

    >>> is_python_command("python3 -u bot.py"), is_python_command("node bot.js")
    (True, False)
    """
    argv = shlex.split(command)
    return bool(argv) and argv[0] in PYTHON_PROGRAMS


def version_command(
    command: str, *, files: Path, holds: Callable[[str], bool], python: Path | None
) -> str:
    """The manifest's ``command`` as it runs from anywhere: its files' paths absolute.

    Each argument that names a path the version ``holds`` (relative to its top: ``bot.py``,
    ``./bot``, ``data/``) is made absolute under ``files``; the program only if it has a
    slash (``./bot``), as a shell takes it. A leading ``python``/``python3`` becomes
    ``python`` when given (the version's environment's).

    >>> version_command("python bot.py -v", files=Path("/v/files"), holds={"bot.py"}.__contains__,
    ...                 python=Path("/v/env/bin/python"))
    '/v/env/bin/python /v/files/bot.py -v'
    >>> version_command("./bot", files=Path("/v/files"), holds={"bot"}.__contains__, python=None)
    '/v/files/bot'
    """
    argv = shlex.split(command)
    made = []
    for position, argument in enumerate(argv):
        inside = _inside(argument)
        if position == 0 and python is not None and argument in PYTHON_PROGRAMS:
            made.append(str(python))
        elif inside is not None and (position > 0 or "/" in argument) and holds(inside):
            made.append(str(files.joinpath(*PurePosixPath(inside).parts)) if inside else str(files))
        else:
            made.append(argument)
    return shlex.join(made)


def _inside(argument: str) -> str | None:
    """``argument`` as a path relative to the version's top (``""``: the top), if it is one."""
    if not argument or argument.startswith(("/", "-")):
        return None
    parts = [part for part in argument.split("/") if part not in {"", "."}]
    if ".." in parts:
        return None
    return "/".join(parts)
