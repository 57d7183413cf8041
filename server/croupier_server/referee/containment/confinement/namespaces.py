"""Linux namespaces for a confined process: its own network, mounts, IPC, processes and host.

Root makes them directly; another user makes them inside a new user namespace of its own,
where it keeps its own user and group ids and has no privilege outside. Standard library
only: it runs before the bot, in ``python -I -S``.
"""

from __future__ import annotations

import ctypes
import errno
import functools
import os
import sys

__all__ = [
    "CLONE_NEWCGROUP",
    "CLONE_NEWIPC",
    "CLONE_NEWNET",
    "CLONE_NEWNS",
    "CLONE_NEWPID",
    "CLONE_NEWUSER",
    "CLONE_NEWUTS",
    "checked",
    "cut_network",
    "enter_namespaces",
    "leave_session_keyring",
    "libc",
    "set_hostname",
]

CLONE_NEWNS = 0x00020000
CLONE_NEWCGROUP = 0x02000000
CLONE_NEWUTS = 0x04000000
CLONE_NEWIPC = 0x08000000
CLONE_NEWUSER = 0x10000000
CLONE_NEWPID = 0x20000000
CLONE_NEWNET = 0x40000000


@functools.cache
def libc() -> ctypes.CDLL:
    """The C library, with ``errno`` kept for :func:`ctypes.get_errno`; loaded once.

    Its ``syscall`` returns a ``long``, as the kernel's system calls do.
    """
    library = ctypes.CDLL(None, use_errno=True)
    library.syscall.restype = ctypes.c_long
    return library


def checked(result: int, call: str) -> int:
    """``result`` of a C call; an :class:`OSError` naming ``call`` if it failed."""
    if result < 0:
        error = ctypes.get_errno()
        raise OSError(error, f"{call}: {os.strerror(error)}")
    return result


def enter_namespaces(flags: int) -> None:
    """Move into new namespaces of the kinds ``flags`` names (``CLONE_NEW...``).

    A process other than root also moves into a new user namespace, mapping its own user
    and group to themselves: it then holds every capability over the new namespaces (to
    mount in them), and none outside; it loses them when it executes a program.
    A new PID namespace is that of this process's next child, which is its first process.

    Raises:
        OSError: the kernel refused (no namespaces, or unprivileged ones are disabled).
    """
    if not sys.platform.startswith("linux"):
        raise OSError(f"namespaces are a Linux feature, not one of {sys.platform}")
    if os.geteuid() == 0:
        checked(libc().unshare(flags), "unshare")
        return
    uid, gid = os.geteuid(), os.getegid()
    checked(libc().unshare(flags | CLONE_NEWUSER), "unshare")
    for name, text in (
        ("setgroups", "deny"),
        ("uid_map", f"{uid} {uid} 1"),
        ("gid_map", f"{gid} {gid} 1"),
    ):
        with open(f"/proc/self/{name}", "w") as file:
            file.write(text)


def cut_network() -> None:
    """Move into a new network namespace: no interface but a loopback that is down.

    Raises:
        OSError: the kernel refused.
    """
    enter_namespaces(CLONE_NEWNET)


_KEYCTL = {"x86_64": 250, "aarch64": 219, "riscv64": 219, "ppc64le": 311, "s390x": 280}
"""The number of the keyctl system call, by machine (``os.uname().machine``)."""
_KEYCTL_JOIN_SESSION_KEYRING = 1


def leave_session_keyring() -> None:
    """Join a new, empty session keyring of this process's own.

    A process inherits its parent's: two bots of one referee would both hold the
    referee's, and could leave keys there for each other. Where the kernel has no keyrings
    there is nothing to leave.

    Raises:
        OSError: the kernel has keyrings and refused.
    """
    number = _KEYCTL.get(os.uname().machine)
    if number is None:
        raise OSError(f"the keyctl system call of {os.uname().machine} is not known here")
    result = libc().syscall(
        ctypes.c_long(number), ctypes.c_long(_KEYCTL_JOIN_SESSION_KEYRING), None
    )
    if result < 0 and ctypes.get_errno() != errno.ENOSYS:
        checked(result, "keyctl(KEYCTL_JOIN_SESSION_KEYRING)")


def set_hostname(name: str) -> None:
    """Name the host, in a UTS namespace of this process's own.

    Raises:
        OSError: the kernel refused.
    """
    encoded = name.encode()
    checked(libc().sethostname(encoded, len(encoded)), "sethostname")
