"""What a started bot's process runs before the bot: it confines itself, then becomes the bot.

    python -I -S confine.py SPEC -- PROGRAM [ARGUMENT...]
    python -I -S confine.py --probe-network

The referee (:mod:`croupier_server.referee.sandbox`) starts this file by its path, with the
standard library only, so that it starts in milliseconds and nothing of the bot runs before
the confinement is complete. SPEC is a JSON object:

- ``cgroups``: the ``cgroup.procs`` files of the groups to join;
- ``rlimits``: ``{"RLIMIT_CPU": [soft, hard], ...}`` to set;
- ``cut_network``: whether to move into a new network namespace, where only the loopback
  interface exists, and down.

Then it executes PROGRAM (an absolute path) in its place: same process, same process group.
It exits 126 if the confinement fails (the bot never runs) and 127 if PROGRAM cannot be run.
``--probe-network`` only tells (exit status 0 or 1) whether the network can be cut here.
"""

from __future__ import annotations

import ctypes
import json
import os
import resource
import signal
import sys
from typing import Any

CLONE_NEWUSER = 0x10000000
CLONE_NEWNET = 0x40000000
PR_SET_PDEATHSIG = 1
CONFINEMENT_FAILED = 126
CANNOT_RUN = 127


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
