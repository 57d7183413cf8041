"""The system calls a sealed bot may not make: those that signal through a read-only file.

Two bots see the same read-only files (the Python library, their program). Nothing they do
to such a file changes it, but a lock one takes on it another can see, and so are the
events a watch on it reports when another opens it. So a sealed bot's locks (``flock``,
``fcntl`` record locks, leases) fail with ``ENOLCK``, and file watches (inotify, fanotify,
``F_NOTIFY``) and the kernel's keyrings do not exist (``ENOSYS``). Enforced with a seccomp
filter, which stays on the bot and everything it runs; system calls of another
architecture than the machine's (32-bit calls of a 64-bit process) fail too.
Standard library only: it runs before the bot, in ``python -I -S``.
"""

from __future__ import annotations

import ctypes
import errno
import os
import struct

from croupier_server.referee.containment.confinement.namespaces import checked, libc

__all__ = ["forbid_shared_signals", "system_calls_can_be_filtered"]

PR_SET_NO_NEW_PRIVS, PR_SET_SECCOMP, SECCOMP_MODE_FILTER = 38, 22, 2
_RET_ALLOW, _RET_ERRNO = 0x7FFF_0000, 0x0005_0000
_LD_W_ABS, _JEQ_K, _JGE_K, _RET_K = 0x20, 0x15, 0x35, 0x06
_NR, _ARCH, _ARG1 = 0, 4, 24
"""Offsets in ``struct seccomp_data``: the call's number, its architecture, its 2nd argument."""
_X32_BIT = 0x4000_0000
_LOCKING_COMMANDS = (5, 6, 7, 36, 37, 38, 1024, 1025, 1026)
"""``fcntl`` commands refused: F_GETLK, F_SETLK(W), F_OFD_GETLK, F_OFD_SETLK(W), F_SETLEASE,
F_GETLEASE, F_NOTIFY."""


class _Machine:
    """The numbers of one architecture."""

    def __init__(self, audit_arch: int, *, fcntl: int, flock: int, absent: tuple[int, ...]):
        self.audit_arch = audit_arch
        self.fcntl = fcntl
        self.flock = flock
        self.absent = absent
        """inotify_init(1), fanotify_init, add_key, request_key, keyctl."""


_MACHINES = {
    "x86_64": _Machine(0xC000_003E, fcntl=72, flock=73, absent=(253, 294, 300, 248, 249, 250)),
    "aarch64": _Machine(0xC000_00B7, fcntl=25, flock=32, absent=(26, 262, 217, 218, 219)),
}


def system_calls_can_be_filtered() -> bool:
    """Whether this machine's architecture is one the filter knows."""
    return os.uname().machine in _MACHINES


def forbid_shared_signals() -> None:
    """Install the filter on this process, for good (see the module's description).

    Raises:
        OSError: the architecture is not known here, or the kernel refused.
    """
    machine = _MACHINES.get(os.uname().machine)
    if machine is None:
        raise OSError(f"no system call filter for {os.uname().machine}")
    program = _program(machine)
    filters = (ctypes.c_ubyte * len(program)).from_buffer_copy(program)

    class _Program(ctypes.Structure):
        _fields_ = (("len", ctypes.c_ushort), ("filter", ctypes.c_void_p))

    fprog = _Program(len(program) // 8, ctypes.addressof(filters))
    c = libc()
    checked(c.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "prctl(PR_SET_NO_NEW_PRIVS)")
    checked(c.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(fprog)), "seccomp")


Instruction = tuple[int, str | None, str | None, int]
"""A classic BPF instruction: its code, the labels to jump to if true and if false, its k."""


def _program(machine: _Machine) -> bytes:
    """The filter, as the kernel takes it."""
    return _assemble(
        [
            (_LD_W_ABS, None, None, _ARCH),
            (_JEQ_K, None, "foreign", machine.audit_arch),
            (_LD_W_ABS, None, None, _NR),
            (_JGE_K, "foreign", None, _X32_BIT),
            (_JEQ_K, "lock", None, machine.flock),
            *((_JEQ_K, "absent", None, number) for number in machine.absent),
            (_JEQ_K, None, "allow", machine.fcntl),
            (_LD_W_ABS, None, None, _ARG1),
            *((_JEQ_K, "lock", None, command) for command in _LOCKING_COMMANDS),
            "allow",
            (_RET_K, None, None, _RET_ALLOW),
            "lock",
            (_RET_K, None, None, _RET_ERRNO | errno.ENOLCK),
            "absent",
            (_RET_K, None, None, _RET_ERRNO | errno.ENOSYS),
            "foreign",
            (_RET_K, None, None, _RET_ERRNO | errno.ENOSYS),
        ]
    )


def _assemble(program: list[Instruction | str]) -> bytes:
    """``program``'s instructions, their labels (the strings between them) made jumps."""
    labels: dict[str, int] = {}
    instructions: list[Instruction] = []
    for item in program:
        if isinstance(item, str):
            labels[item] = len(instructions)
        else:
            instructions.append(item)

    def offset(at: int, label: str | None) -> int:
        return 0 if label is None else labels[label] - at - 1

    return b"".join(
        struct.pack("=HBBI", code, offset(at, true), offset(at, false), k)
        for at, (code, true, false, k) in enumerate(instructions)
    )
