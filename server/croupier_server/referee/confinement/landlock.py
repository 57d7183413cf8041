"""What a started bot's process runs before the bot: it confines itself, then becomes the bot.

    python -I -S confine.py SPEC -- PROGRAM [ARGUMENT...]
    python -I -S confine.py --probe-network

The referee (:mod:`croupier_server.referee.sandbox`) starts this file by its path, with the
standard library only, so that it starts in milliseconds and nothing of the bot runs before
the confinement is complete. SPEC is a JSON object:

- ``cgroups``: the ``cgroup.procs`` files of the groups to join;
- ``rlimits``: ``{"RLIMIT_CPU": [soft, hard], ...}`` to set;
- ``cut_network``: whether to move into a new network namespace, where only the loopback
  interface exists, and down;
- ``files`` (optional): what the bot may do with the files. ``access`` by path:
  ``{"/": "read", "/tmp": "write", "/tmp/croupier.db": "none", ...}``, the deepest path
  given deciding for what lies beneath it; ``hidden``: patterns (``fnmatch``) of paths out
  of reach unless ``access`` names them, such as ``["/tmp/croupier-bot-*"]``. Enforced with
  Landlock (Linux 5.13 or later), which also keeps the bot from signalling or tracing any
  process but its own (docs/referee.md).

Then it executes PROGRAM (an absolute path) in its place: same process, same process group.
It exits 126 if the confinement fails (the bot never runs) and 127 if PROGRAM cannot be run.
``--probe-network`` only tells (exit status 0 or 1) whether the network can be cut here.

Landlock only grants: a path in a directory is denied by granting each of the directory's
other entries on its own, never the directory itself. So a directory that holds a path
given less access than it (an "ancestor") cannot be listed, and nothing can be created in it
or removed from it; entries that appear in it later are out of reach.
"""

from __future__ import annotations

import ctypes
import fnmatch
import json
import os
import resource
import signal
import stat
import sys
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

CLONE_NEWUSER = 0x10000000
CLONE_NEWNET = 0x40000000
PR_SET_PDEATHSIG = 1
PR_SET_NO_NEW_PRIVS = 38
CONFINEMENT_FAILED = 126
CANNOT_RUN = 127

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


def confine(spec: dict[str, Any]) -> None:
    """Apply ``spec`` to this process.

    The groups are joined first: once in a user namespace of its own, the process may not
    move out of its group any more.

    Raises:
        OSError: a step failed.
    """
    _die_with_parent()
    for procs in spec["cgroups"]:
        with open(procs, "w") as group:
            group.write("0")  # "0": the writing process itself
    for name, (soft, hard) in spec["rlimits"].items():
        resource.setrlimit(getattr(resource, name), (soft, hard))
    if spec["cut_network"]:
        cut_network()
    if spec.get("files") is not None:
        restrict_files(spec["files"]["access"], hidden=spec["files"]["hidden"])


def cut_network() -> None:
    """Move into a new network namespace: no interface but a loopback that is down.

    Root may do so directly; another user does so inside a new user namespace, where it
    keeps its own user and group ids (and has no privilege outside).

    Raises:
        OSError: the kernel refused (no namespaces, or unprivileged ones are disabled).
    """
    if os.geteuid() == 0:
        _unshare(CLONE_NEWNET)
        return
    uid, gid = os.geteuid(), os.getegid()
    _unshare(CLONE_NEWUSER | CLONE_NEWNET)
    for name, text in (
        ("setgroups", "deny"),
        ("uid_map", f"{uid} {uid} 1"),
        ("gid_map", f"{gid} {gid} 1"),
    ):
        with open(f"/proc/self/{name}", "w") as file:
            file.write(text)


def landlock_abi() -> int:
    """The version of Landlock's interface this kernel offers; 0 where it has none."""
    if not sys.platform.startswith("linux"):
        return 0
    version = _landlock(_LANDLOCK_CREATE_RULESET, None, 0, _LANDLOCK_CREATE_RULESET_VERSION)
    return max(version, 0)


def restrict_files(access: Mapping[str, str], *, hidden: Sequence[str] = ()) -> None:
    """Allow this process (and what it runs) ``access`` to the files, and no signal out.

    ``access`` maps absolute real paths to one of :data:`FILE_ACCESS` and must hold "/".
    The paths that match a pattern of ``hidden`` when the files are walked, now, are out
    of reach unless ``access`` names them; so are the entries of other processes in /proc,
    those that exist now and those that come later (this one's children's too). The
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
        for path, kind in _grants(access, hidden):
            _allow_beneath(ruleset, path, rights[kind])
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
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


def _grants(access: Mapping[str, str], hidden: Sequence[str]) -> Iterator[tuple[str, str]]:
    """The paths to grant and their access, each the deepest path given above it or itself.

    The directories that hold a given path (its ancestors) are not granted: their entries
    are, one by one, as they are now. /proc is one, so that the entries of the other
    processes, those there now and those to come, are out of reach.
    """
    ancestors = {_PROCESSES}
    for given in [*access, *hidden]:
        parent = given
        while parent != "/":
            parent = os.path.dirname(parent)
            ancestors.add(parent)
    pending = [("/", access["/"])]
    while pending:
        path, inherited = pending.pop()
        if path in access:
            kind = access[path]
        elif _is_another_process(path) or any(fnmatch.fnmatchcase(path, p) for p in hidden):
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
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    # syscall() reads every argument as a long: a bare int would be passed as an int.
    longs = [ctypes.c_long(value) if isinstance(value, int) else value for value in arguments]
    return int(libc.syscall(ctypes.c_long(number), *longs))


def _landlock_checked(number: int, *arguments: Any) -> int:
    result = _landlock(number, *arguments)
    if result < 0:
        error = ctypes.get_errno()
        raise OSError(error, f"Landlock: {os.strerror(error)}")
    return result


def _unshare(flags: int) -> None:
    if not sys.platform.startswith("linux"):
        raise OSError(f"network namespaces are a Linux feature, not one of {sys.platform}")
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.unshare(flags) != 0:
        error = ctypes.get_errno()
        raise OSError(error, f"unshare: {os.strerror(error)}")


def _die_with_parent() -> None:
    """Be killed with the referee should it die without ending its bots (Linux only)."""
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


def main(argv: list[str]) -> int:
    """Confine this process and execute the bot, or probe; returns an exit status on failure."""
    if argv[1:] == ["--probe-network"]:
        try:
            cut_network()
        except OSError as error:
            print(error, file=sys.stderr)
            return 1
        return 0
    spec, command = json.loads(argv[1]), argv[3:]
    try:
        confine(spec)
    except OSError as error:
        print(f"croupier: cannot confine the bot: {error}", file=sys.stderr)
        return CONFINEMENT_FAILED
    # Python ignores these; an ignored signal would stay ignored in the bot.
    for signum in (signal.SIGPIPE, signal.SIGXFSZ):
        signal.signal(signum, signal.SIG_DFL)
    try:
        os.execv(command[0], command)
    except OSError as error:
        print(f"croupier: cannot run {command[0]}: {error.strerror}", file=sys.stderr)
    return CANNOT_RUN


if __name__ == "__main__":
    sys.exit(main(sys.argv))
