"""What a sealed seat's bot sees of the files: the plan of its mount namespace.

A sealed bot gets empty file systems in memory of its own, bounded in size and gone with
it, in place of every directory where processes usually leave files for each other (the
temp directories, ``/var/tmp``, ``/dev/shm``); ``/sys`` shows nothing. Its private directory
is made there. What its command names that lay in those places (its program, its files,
the referee's Unix socket) is shown to it read-only at the same path, and nothing else is.

When the referee runs as root, the bot runs as a user of its own that owns nothing: a
directory on the way to its program that only its owner may pass (``/root`` holding a
Python) is replaced by a view that holds the way and nothing else, and a directory its
command names that only its owner may read is shown with its entries, each as it is.
:mod:`.confinement.mounts` carries the plan out.

A process that must see less than a bot, and change one directory (a version's
environment, compiled by its own code), is given a :class:`FileView`: what it may read
(nothing else, enforced with Landlock) and its workspaces, shown read-write and given to
its user while it runs, taken back (:func:`take_back`) once it has ended.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any

__all__ = [
    "BOT_UID_BASE",
    "HOSTNAME",
    "SCRATCH_DIRECTORIES",
    "FileView",
    "is_shown",
    "mount_plan",
    "scratch_directories",
    "take_back",
]

BOT_UID_BASE = 1_600_000_000
"""A bot started by a referee running as root runs as this user (and group) plus its pid."""
HOSTNAME = "croupier-bot"
"""What a sealed bot's host is called."""
SCRATCH_DIRECTORIES = ("/tmp", "/var/tmp", "/dev/shm")
"""Where processes leave files for each other: each sealed bot has its own, empty."""
HIDDEN_DIRECTORIES = ("/sys", "/run", "/var/run")
"""What a sealed bot sees empty: control groups, devices, the kernel's state of others, and
where services keep their sockets (a database two bots could both talk to)."""
_MAX_INODES = 16_384
"""The most files and directories one scratch file system holds."""

Step = dict[str, Any]


@dataclass(frozen=True, slots=True)
class FileView:
    """What a sealed process sees of the files when it may not read them all.

    Attributes:
        readable: The paths it may read and run, with what lies beneath them (its program
            and the installation it belongs to come on top).
        writable: Its workspaces: directories it may also change, with what lies beneath
            them, given to its user while it runs.
    """

    readable: tuple[str, ...]
    writable: tuple[str, ...]

    def __post_init__(self) -> None:
        for path in (*self.readable, *self.writable):
            if not os.path.isabs(path):
                raise ValueError(f"a view's paths are absolute, not {path!r}")


def take_back(workspaces: Iterable[str]) -> None:
    """Give the trees of ``workspaces`` back to this process's user, links left as they are.

    Called once the process they were given to has ended, none of its own left.
    """
    uid, gid = os.geteuid(), os.getegid()
    for workspace in workspaces:
        if not os.path.isdir(workspace) or os.path.islink(workspace):
            continue
        os.lchown(workspace, uid, gid)
        for folder, folders, files in os.walk(workspace):
            for name in (*folders, *files):
                os.lchown(os.path.join(folder, name), uid, gid)


def scratch_directories() -> list[str]:
    """The real paths of the scratch directories here, the temp directory included, outermost."""
    paths = {os.path.realpath(p) for p in (*SCRATCH_DIRECTORIES, tempfile.gettempdir())}
    existing = sorted(path for path in paths if os.path.isdir(path))
    return [path for path in existing if not any(_beneath(path, other) for other in existing)]


def is_shown(path: str, shown: Iterable[str]) -> bool:
    """Whether a sealed bot that is shown ``shown`` sees the real path ``path``.

    It sees everything outside the scratch directories, and there what it is shown: a
    directory, or a file with the directory that holds it.
    """
    if not any(_beneath(path, place) for place in scratch_directories()):
        return True
    for place in shown:
        real = os.path.realpath(place)
        directory = real if os.path.isdir(real) else os.path.dirname(real)
        if path == real or _beneath(path, directory):
            return True
    return False


def mount_plan(
    *,
    home: str,
    shown: Iterable[str],
    scratch_bytes: int,
    as_root: bool,
    workspaces: Sequence[str] = (),
) -> list[Step]:
    """The steps that give a sealed bot its files (see :mod:`.confinement.mounts`).

    Args:
        home: Its private directory, in the temp directory: made, empty, on its own
            scratch file system.
        shown: The paths its command needs (its program, the files and directories it
            names, its ``PATH``, the referee's socket), real paths: those in the scratch
            directories are shown at the same place, read-only; as root, the way to each.
        scratch_bytes: The size of each scratch file system.
        as_root: Whether the bot runs as a user of its own (the referee is root).
        workspaces: Directories (real paths) shown read-write, last, and given to the
            process's user (see :class:`FileView`); as root, the way to each is shown.
    """
    scratch = scratch_directories()
    options = f"size={scratch_bytes},nr_inodes={_MAX_INODES},mode=1777"
    steps: list[Step] = [
        {"op": "tmpfs", "path": path, "options": options, "readonly": False} for path in scratch
    ]
    hidden = sorted({os.path.realpath(path) for path in HIDDEN_DIRECTORIES if os.path.isdir(path)})
    steps += [
        {"op": "tmpfs", "path": path, "options": "size=64k,mode=0755", "readonly": True}
        for path in hidden
    ]
    workspaces = [os.path.realpath(path) for path in workspaces]
    needed = sorted(
        {
            os.path.realpath(path)
            for path in shown
            if os.path.lexists(path) and not _within(os.path.realpath(path), workspaces)
        }
    )
    steps += [
        {"op": "bind", "source": os.devnull, "path": path, "readonly": True}
        for path in _service_sockets()
        if path not in needed and not any(_beneath(path, place) for place in [*scratch, *hidden])
    ]
    steps.append({"op": "directory", "path": home, "mode": 0o700, "owned": True})
    if as_root:
        steps += _ways([*needed, *workspaces], scratch)
    for path in needed:
        if any(_beneath(path, place) for place in [*scratch, *hidden]):
            steps += _shown_in_scratch(path, as_root=as_root)
    steps += [{"op": "workspace", "path": path} for path in workspaces]
    return steps


def _within(path: str, directories: Iterable[str]) -> bool:
    """Whether ``path`` is one of ``directories`` or lies beneath one."""
    return any(path == directory or _beneath(path, directory) for directory in directories)


def _service_sockets() -> list[str]:
    """The Unix sockets listening here under a path, as the kernel lists them.

    A sealed bot finds ``/dev/null`` in their place: through a service that lets local
    users in (a database with ``trust``), two bots could talk.
    """
    try:
        with open("/proc/net/unix") as listing:
            rows = listing.read().splitlines()[1:]
    except OSError:
        return []
    paths = {fields[-1] for row in rows if len(fields := row.split()) >= 8}
    return sorted({os.path.realpath(p) for p in paths if p.startswith("/") and _is_socket(p)})


def _is_socket(path: str) -> bool:
    try:
        return stat.S_ISSOCK(os.lstat(path).st_mode)
    except OSError:
        return False


def _shown_in_scratch(path: str, *, as_root: bool) -> list[Step]:
    """Show ``path`` (a directory, or a file with the directory that holds it) read-only.

    A socket is shown alone: the directory that holds the referee's holds nothing else.
    """
    mode = os.stat(path).st_mode
    if stat.S_ISSOCK(mode):
        return [{"op": "bind", "source": path, "path": path, "readonly": False}]
    directory = path if stat.S_ISDIR(mode) else os.path.dirname(path)
    if as_root and not _others_may(directory, read=True):
        return [
            {"op": "directory", "path": directory, "mode": 0o755, "owned": False},
            *(_bind(entry) for entry in _entries(directory)),
        ]
    return [_bind(directory)]


def _ways(needed: Sequence[str], scratch: Sequence[str]) -> list[Step]:
    """Views of the directories on the way to ``needed`` that only their owner may pass.

    Outside the scratch directories (which a bot gets fresh, with their way open): each
    such directory shows the entries on the ways and nothing else.
    """
    ways: dict[str, set[str]] = {}
    for path in needed:
        if any(_beneath(path, place) for place in scratch):
            continue
        parts = PurePosixPath(path).parts
        for depth in range(1, len(parts)):
            directory = str(PurePosixPath(*parts[:depth]))
            if not _others_may(directory, read=False):
                ways.setdefault(directory, set()).add(parts[depth])
    steps: list[Step] = []
    for directory in sorted(ways, key=lambda path: path.count("/")):
        steps.append(
            {"op": "tmpfs", "path": directory, "options": "size=64k,mode=0711", "readonly": False}
        )
        steps += [_bind(os.path.join(directory, name)) for name in sorted(ways[directory])]
    return steps


def _bind(path: str) -> Step:
    return {"op": "bind", "source": path, "path": path, "readonly": True}


def _entries(directory: str) -> list[str]:
    """The entries of ``directory`` that can be shown: directories and regular files."""
    with os.scandir(directory) as entries:
        return sorted(
            entry.path
            for entry in entries
            if entry.is_dir(follow_symlinks=False) or entry.is_file(follow_symlinks=False)
        )


def _others_may(directory: str, *, read: bool) -> bool:
    """Whether a user that owns nothing may pass ``directory`` (and list it, with ``read``)."""
    mode = os.stat(directory).st_mode
    wanted = stat.S_IXOTH | (stat.S_IROTH if read else 0)
    return mode & wanted == wanted


def _beneath(path: str, directory: str) -> bool:
    """Whether ``path`` lies strictly beneath ``directory``."""
    return path != directory and path.startswith(directory.rstrip("/") + "/")
