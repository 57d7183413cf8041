"""Pack a bot's directory into the archive ``croupier-bot submit`` uploads.

The archive is a gzipped tar of the directory's files and folders, in sorted order, with
every mtime 0, owner 0:0 and mode 0644 or 0755 (an executable file stays executable):
identical directories give identical bytes, so identical uploads share one archive on the
server. A link is kept as a link when it points inside the directory, and refused when it
leaves it. Left out, as never needed to run a bot: ``.git``, ``__pycache__`` and ``.venv``
folders, and ``*.pyc`` files. Everything else goes in (a Node.js bot's ``node_modules`` too).
"""

from __future__ import annotations

import gzip
import io
import os
import stat
import tarfile
from collections.abc import Iterator
from pathlib import Path, PurePosixPath

from croupier.manifest import read_manifest

__all__ = ["SKIPPED_DIRECTORIES", "SKIPPED_SUFFIXES", "PackingError", "pack_directory"]

SKIPPED_DIRECTORIES = frozenset({".git", "__pycache__", ".venv"})
"""Folders never packed, wherever they are."""

SKIPPED_SUFFIXES = (".pyc",)
"""Files never packed, by how their names end."""


class PackingError(ValueError):
    """A directory that cannot be packed, in one line naming the file (a link leaving it...)."""


def pack_directory(directory: Path) -> bytes:
    """The ``.tar.gz`` bytes of ``directory``, a bot's directory with its ``croupier.toml``.

    Raises:
        croupier.manifest.ManifestError: ``croupier.toml`` is missing or wrong.
        PackingError: a file cannot be packed (a link leaving the directory, a device...).
    """
    read_manifest(directory)
    buffer = io.BytesIO()
    # mtime=0 and no file name: the gzip header says nothing about when or where.
    with (
        gzip.GzipFile(fileobj=buffer, mode="wb", mtime=0, filename="") as compressed,
        tarfile.open(fileobj=compressed, mode="w", format=tarfile.PAX_FORMAT) as archive,
    ):
        root = directory.resolve()
        for path in _walk(root):
            _add(archive, root, path)
    return buffer.getvalue()


def _walk(root: Path) -> Iterator[Path]:
    """Every path below ``root`` to pack, folders before their contents, in sorted order."""
    for entry in sorted(root.iterdir(), key=lambda path: path.name):
        if entry.name.endswith(SKIPPED_SUFFIXES) and not entry.is_dir():
            continue
        if entry.name in SKIPPED_DIRECTORIES and entry.is_dir():
            continue
        yield entry
        if entry.is_dir() and not entry.is_symlink():
            yield from _walk(entry)


def _add(archive: tarfile.TarFile, root: Path, path: Path) -> None:
    name = _name(root, path)
    info = tarfile.TarInfo(name)
    info.mtime = 0
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    mode = path.lstat().st_mode
    if stat.S_ISLNK(mode):
        info.type = tarfile.SYMTYPE
        info.linkname = _link_target(root, path)
        info.mode = 0o777
        archive.addfile(info)
    elif stat.S_ISDIR(mode):
        info.type = tarfile.DIRTYPE
        info.mode = 0o755
        archive.addfile(info)
    elif stat.S_ISREG(mode):
        info.mode = 0o755 if mode & 0o111 else 0o644
        data = path.read_bytes()
        info.size = len(data)
        archive.addfile(info, io.BytesIO(data))
    else:
        raise PackingError(f"{name} is not a file, a folder or a link: it cannot be packed")


def _name(root: Path, path: Path) -> str:
    name = path.relative_to(root).as_posix()
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        raise PackingError(f"{name!r}: a file name that is not UTF-8 cannot be packed") from None
    return name


def _link_target(root: Path, link: Path) -> str:
    """The target of ``link`` relative to its folder, if it stays inside ``root``."""
    name = _name(root, link)
    target = Path(os.readlink(link))
    resolved = (link.parent / target).resolve()
    if not resolved.is_relative_to(root) or not resolved.exists():
        raise PackingError(
            f"{name} is a link to {target}, outside the directory or missing: "
            "copy the file in instead"
        )
    inside = resolved.relative_to(root)
    if SKIPPED_DIRECTORIES.intersection(inside.parts) or inside.name.endswith(SKIPPED_SUFFIXES):
        raise PackingError(f"{name} is a link to {target}, which is not packed")
    return PurePosixPath(os.path.relpath(resolved, link.parent)).as_posix()
