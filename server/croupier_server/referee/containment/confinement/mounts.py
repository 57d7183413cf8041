"""The files a sealed process sees: a plan of mounts, carried out in its own mount namespace.

The referee plans (:mod:`croupier_server.referee.containment.seal`); this module only
carries the plan out, in order, once the process is in a mount namespace of its own, where
nothing it mounts is seen outside. Each step is a JSON object:

- ``{"op": "tmpfs", "path": P, "options": "size=...,mode=1777", "readonly": false}``: an
  empty file system in memory at ``P``, hiding what was there (read-only once every step
  is carried out, if asked, so that later steps may show things in it);
- ``{"op": "directory", "path": P, "mode": 0o700, "owned": true}``: make ``P`` (and its
  missing parents, mode 0755), with ``mode``; ``owned``: given to the bot's own user;
- ``{"op": "bind", "source": S, "path": P, "readonly": true}``: show ``S``, as it was before
  any step, at ``P`` (made if missing), read-only if asked;
- ``{"op": "workspace", "path": P}``: show the directory ``P``, as it was before any step,
  at the same place read-write, its whole tree given to the bot's own user (links
  themselves, never what they point to).

Standard library only: it runs before the bot, in ``python -I -S``.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

from croupier_server.referee.containment.confinement.namespaces import checked, libc

__all__ = ["Identity", "carry_out", "make_private", "make_read_only", "mount_processes"]

MS_RDONLY, MS_NOSUID, MS_NODEV, MS_NOEXEC = 1, 2, 4, 8
MS_REMOUNT, MS_BIND, MS_REC, MS_PRIVATE = 32, 4096, 16384, 1 << 18
MS_NOATIME, MS_NODIRATIME, MS_RELATIME = 1024, 2048, 1 << 21
_KEPT_FLAGS = {
    os.ST_NOSUID: MS_NOSUID,
    os.ST_NODEV: MS_NODEV,
    os.ST_NOEXEC: MS_NOEXEC,
    os.ST_NOATIME: MS_NOATIME,
    os.ST_NODIRATIME: MS_NODIRATIME,
    os.ST_RELATIME: MS_RELATIME,
}
"""A mount's flags that a remount must repeat: in a user namespace they are locked."""

Identity = tuple[int, int] | None
"""The user and group the bot runs as, or ``None``: the user that runs this."""


def _mount(source: str | None, target: str, kind: str | None, flags: int, data: str | None) -> None:
    arguments = [None if text is None else text.encode() for text in (source, target, kind)]
    result = libc().mount(*arguments, flags, None if data is None else data.encode())
    checked(int(result), f"mount {target}")


def make_private() -> None:
    """Keep every mount made from now on to this mount namespace (none propagates out)."""
    _mount(None, "/", None, MS_REC | MS_PRIVATE, None)


def make_read_only() -> None:
    """Make every mount of this mount namespace read-only: nothing on them changes.

    Not a file, nor its owner, mode, times or extended attributes (which Landlock does not
    govern): what a sealed bot may change is what the plan mounts afterwards, its own.

    Raises:
        OSError: a mount refused.
    """
    with open("/proc/self/mountinfo") as mountinfo:
        points = [_unescape(line.split()[4]) for line in mountinfo]
    for point in points:
        try:
            kept = os.statvfs(point).f_flag
        except OSError:  # hidden meanwhile by a mount over a directory above it
            continue
        if kept & os.ST_RDONLY:
            continue
        flags = sum(flag for st, flag in _KEPT_FLAGS.items() if kept & st)
        _mount(None, point, None, MS_REMOUNT | MS_BIND | MS_RDONLY | flags, None)


def _unescape(field: str) -> str:
    """A path of /proc/self/mountinfo, where a space, tab, newline or backslash is octal."""
    return field.encode().decode("unicode_escape")


def mount_processes() -> None:
    """Mount at /proc the processes of this process's PID namespace, and no other.

    Raises:
        OSError: the kernel refused.
    """
    _mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, None)


def carry_out(steps: Sequence[Mapping[str, Any]], identity: Identity) -> None:
    """Carry out ``steps`` (see the module's description), in order.

    The sources of every ``bind`` are opened first, so that each shows what was there
    before any step hid it.

    Raises:
        OSError: a step failed.
    """
    sources = {
        source: os.open(source, os.O_PATH | os.O_CLOEXEC)
        for step in steps
        if (source := _shown_source(step)) is not None
    }
    try:
        for step in steps:
            if step["op"] == "tmpfs":
                _mount("tmpfs", step["path"], "tmpfs", MS_NOSUID | MS_NODEV, step["options"])
            elif step["op"] == "directory":
                _directory(step["path"], step["mode"], identity if step["owned"] else None)
            elif step["op"] == "bind":
                _bind(sources[step["source"]], step["path"], readonly=step["readonly"])
            elif step["op"] == "workspace":
                _workspace(sources[step["path"]], step["path"], identity)
            else:
                raise OSError(f"unknown mount step {step['op']!r}")
    finally:
        for descriptor in sources.values():
            os.close(descriptor)
    for step in steps:
        if step["op"] == "tmpfs" and step["readonly"]:
            _mount(None, step["path"], None, MS_REMOUNT | MS_NOSUID | MS_NODEV | MS_RDONLY, None)


def _shown_source(step: Mapping[str, Any]) -> str | None:
    """The path a step shows (opened before any step may hide it), if it shows one."""
    if step["op"] == "bind":
        return str(step["source"])
    if step["op"] == "workspace":
        return str(step["path"])
    return None


def _directory(path: str, mode: int, owner: Identity) -> None:
    os.makedirs(path, mode=0o755, exist_ok=True)
    os.chmod(path, mode)
    if owner is not None:
        os.chown(path, *owner)


def _workspace(source: int, path: str, owner: Identity) -> None:
    """Show the directory ``source`` at ``path`` read-write, its tree given to ``owner``.

    Every mount was made read-only (:func:`make_read_only`): a bind of one is too, until
    it is remounted without that flag.
    """
    _bind(source, path, readonly=False)
    kept = os.statvfs(path).f_flag
    flags = sum(flag for st, flag in _KEPT_FLAGS.items() if kept & st)
    _mount(None, path, None, MS_REMOUNT | MS_BIND | flags, None)
    if owner is None:
        return
    os.lchown(path, *owner)
    for folder, folders, files in os.walk(path):
        for name in (*folders, *files):
            os.lchown(os.path.join(folder, name), *owner)


def _bind(source: int, path: str, *, readonly: bool) -> None:
    if not os.path.lexists(path):
        if os.path.isdir(f"/proc/self/fd/{source}"):
            os.makedirs(path, mode=0o755)
        else:
            os.makedirs(os.path.dirname(path), mode=0o755, exist_ok=True)
            os.close(os.open(path, os.O_CREAT | os.O_WRONLY | os.O_CLOEXEC, 0o600))
    _mount(f"/proc/self/fd/{source}", path, None, MS_BIND, None)
    if readonly:
        kept = os.statvfs(path).f_flag
        flags = sum(flag for st, flag in _KEPT_FLAGS.items() if kept & st)
        _mount(None, path, None, MS_REMOUNT | MS_BIND | MS_RDONLY | flags, None)
