"""Landlock: what a confined process may do with the files, and which processes it may signal.

Landlock (Linux 5.13 or later) is an unprivileged security module: a process restricts
itself, and what it executes, for good. It only grants: a path in a directory is denied by
granting each of the directory's other entries on its own, never the directory itself. So a
directory that holds a path given less access than it (an "ancestor") cannot be listed, and
nothing can be created in it or removed from it; entries that appear in it later are out of
reach. Standard library only: it runs before the bot, in ``python -I -S``.
"""

from __future__ import annotations

import ctypes
import fnmatch
import os
import stat
import sys
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from croupier_server.referee.containment.confinement.namespaces import libc

__all__ = ["FILE_ACCESS", "landlock_abi", "restrict_files"]

PR_SET_NO_NEW_PRIVS = 38

# Landlock's system calls came after 424, when the numbers became the same on every architecture.
_LANDLOCK_CREATE_RULESET = 444
_LANDLOCK_ADD_RULE = 445
_LANDLOCK_RESTRICT_SELF = 446
_LANDLOCK_CREATE_RULESET_VERSION = 1
_LANDLOCK_RULE_PATH_BENEATH = 1
_EXECUTE, _WRITE_FILE, _READ_FILE, _READ_DIR = 1 << 0, 1 << 1, 1 << 2, 1 << 3
_REFER, _TRUNCATE, _IOCTL_DEV = 1 << 13, 1 << 14, 1 << 15
_FILE_RIGHTS = _EXECUTE | _WRITE_FILE | _READ_FILE | _TRUNCATE | _IOCTL_DEV
"""The rights that apply to a file that is not a directory."""
_SCOPE_ABSTRACT_UNIX_SOCKET, _SCOPE_SIGNAL = 1 << 0, 1 << 1
_PROCESSES = "/proc"
FILE_ACCESS = ("none", "read", "write")
"""What a bot may do beneath a path: nothing, read and execute, or anything."""


class _RulesetAttr(ctypes.Structure):
    _fields_ = (
        ("handled_access_fs", ctypes.c_uint64),
        ("handled_access_net", ctypes.c_uint64),
        ("scoped", ctypes.c_uint64),
    )


class _PathBeneathAttr(ctypes.Structure):
    _pack_ = 1
    _fields_ = (("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32))


def landlock_abi() -> int:
    """The version of Landlock's interface this kernel offers; 0 where it has none."""
    if not sys.platform.startswith("linux"):
        return 0
    version = _landlock(_LANDLOCK_CREATE_RULESET, None, 0, _LANDLOCK_CREATE_RULESET_VERSION)
    return max(version, 0)


def restrict_files(
    access: Mapping[str, str], *, hidden: Sequence[str] = (), own_processes: bool = False
) -> None:
    """Allow this process (and what it runs) ``access`` to the files, and no signal out.

    ``access`` maps absolute real paths to one of :data:`FILE_ACCESS` and must hold "/".
    The paths that match a pattern of ``hidden`` when the files are walked, now, are out
    of reach unless ``access`` names them; so are the entries of other processes in /proc,
    those that exist now and those that come later (this one's children's too), unless
    ``own_processes`` says that /proc shows no other (a PID namespace of its own). The
    restriction cannot be lifted; it also bars signalling, tracing, and reaching the
    abstract Unix sockets of, any process that is not this one or its descendants.

    Raises:
        OSError: Landlock is not available, or refused.
    """
    abi = landlock_abi()
    if abi == 0:
        raise OSError("Landlock is not available in this kernel")
    handled = _handled_rights(abi)
    rights = {"none": 0, "read": _EXECUTE | _READ_FILE | _READ_DIR, "write": handled}
    scopes = _SCOPE_ABSTRACT_UNIX_SOCKET | _SCOPE_SIGNAL if abi >= 6 else 0
    attr = _RulesetAttr(handled_access_fs=handled, scoped=scopes)
    ruleset = _landlock_checked(
        _LANDLOCK_CREATE_RULESET, ctypes.byref(attr), ctypes.sizeof(attr), 0
    )
    try:
        for path, kind in _grants(access, hidden, own_processes=own_processes):
            _allow_beneath(ruleset, path, rights[kind])
        if libc().prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_SET_NO_NEW_PRIVS)")
        _landlock_checked(_LANDLOCK_RESTRICT_SELF, ruleset, 0)
    finally:
        os.close(ruleset)


def _handled_rights(abi: int) -> int:
    """Every file right Landlock knows at ``abi``: those it does not handle stay allowed."""
    handled = (1 << 13) - 1  # version 1: executing, reading, writing, making, removing
    for version, right in ((2, _REFER), (3, _TRUNCATE), (5, _IOCTL_DEV)):
        if abi >= version:
            handled |= right
    return handled


def _grants(
    access: Mapping[str, str], hidden: Sequence[str], *, own_processes: bool
) -> Iterator[tuple[str, str]]:
    """The paths to grant and their access, each the deepest path given above it or itself.

    The directories that hold a given path (its ancestors) are not granted: their entries
    are, one by one, as they are now. /proc is one unless it shows this process's own only,
    so that the entries of the other processes, those there now and those to come, are out
    of reach. A path given the access it would inherit anyway makes no ancestors.
    """
    ancestors = set() if own_processes else {_PROCESSES}
    changed = [path for path in access if path == "/" or access[path] != _inherited(access, path)]
    for given in [*changed, *hidden]:
        parent = given
        while parent != "/":
            parent = os.path.dirname(parent)
            ancestors.add(parent)
    pending = [("/", access["/"])]
    while pending:
        path, inherited = pending.pop()
        if path in access:
            kind = access[path]
        elif (not own_processes and _is_another_process(path)) or any(
            fnmatch.fnmatchcase(path, pattern) for pattern in hidden
        ):
            kind = "none"
        else:
            kind = inherited
        if path not in ancestors:
            if kind != "none":
                yield path, kind
            continue
        try:
            names = os.listdir(path)
        except OSError:  # not readable: its entries stay out of reach
            continue
        pending.extend((os.path.join(path, name), kind) for name in names)


def _inherited(access: Mapping[str, str], path: str) -> str:
    """The access ``path`` would have from the deepest path given above it."""
    parent = path
    while parent != "/":
        parent = os.path.dirname(parent)
        if parent in access:
            return access[parent]
    return access["/"]


def _is_another_process(path: str) -> bool:
    """Whether ``path`` is the entry in /proc of a process other than this one.

    Such an entry shows the process's environment: another bot's seat token.
    """
    parent, name = os.path.split(path)
    return parent == _PROCESSES and name.isdigit() and int(name) != os.getpid()


def _allow_beneath(ruleset: int, path: str, rights: int) -> None:
    """Grant ``rights`` beneath ``path``, unless it is a symbolic link or vanished."""
    try:
        # O_NOFOLLOW: a link put in the place of an entry never grants what it points to.
        descriptor = os.open(path, os.O_PATH | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError:
        return
    try:
        mode = os.fstat(descriptor).st_mode
        if stat.S_ISLNK(mode) or rights == 0:
            return
        if not stat.S_ISDIR(mode):
            rights &= _FILE_RIGHTS
        attr = _PathBeneathAttr(allowed_access=rights, parent_fd=descriptor)
        rule = _LANDLOCK_RULE_PATH_BENEATH
        _landlock_checked(_LANDLOCK_ADD_RULE, ruleset, rule, ctypes.byref(attr), 0)
    finally:
        os.close(descriptor)


def _landlock(number: int, *arguments: Any) -> int:
    # syscall() reads every argument as a long: a bare int would be passed as an int.
    longs = [ctypes.c_long(value) if isinstance(value, int) else value for value in arguments]
    return int(libc().syscall(ctypes.c_long(number), *longs))


def _landlock_checked(number: int, *arguments: Any) -> int:
    result = _landlock(number, *arguments)
    if result < 0:
        error = ctypes.get_errno()
        raise OSError(error, f"Landlock: {os.strerror(error)}")
    return result
