"""A confined bot's first processes: confine, then become the bot.

Unsealed, the process confines itself and executes the bot in its place. Sealed, it moves
into namespaces of its own, mounts the bot's private files, and forks the bot's first
process, which is the first process (PID 1) of a PID namespace of its own: when it ends,
the kernel kills every process it started. This process stays, outside that namespace, as
the bot's keeper: it passes signals on, ends with the bot and as the bot did, and dies with
the referee, taking the bot with it.
"""

from __future__ import annotations

import contextlib
import os
import resource
import select
import signal
import sys
from collections.abc import Mapping, Sequence
from types import FrameType
from typing import Any, NoReturn

from croupier_server.referee.containment.confinement import landlock, mounts, namespaces, syscalls

__all__ = ["CANNOT_RUN", "CONFINEMENT_FAILED", "run"]

CONFINEMENT_FAILED = 126
CANNOT_RUN = 127
PR_SET_PDEATHSIG = 1
_FORWARDED = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)
_SEALED_NAMESPACES = (
    namespaces.CLONE_NEWNS
    | namespaces.CLONE_NEWIPC
    | namespaces.CLONE_NEWUTS
    | namespaces.CLONE_NEWPID
    | namespaces.CLONE_NEWCGROUP
)


def run(spec: Mapping[str, Any], command: Sequence[str]) -> int:
    """Confine this process as ``spec`` says and run ``command`` (its program an absolute path).

    Returns an exit status when it fails: :data:`CONFINEMENT_FAILED` (the bot never ran)
    or :data:`CANNOT_RUN`; otherwise it never returns.
    """
    try:
        _die_with_parent()
        _join_groups(spec)
        if spec.get("seal") is None:
            _confine_unsealed(spec)
    except OSError as error:
        print(f"croupier: cannot confine the bot: {error}", file=sys.stderr)
        return CONFINEMENT_FAILED
    if spec.get("seal") is None:
        return _execute(command)
    return _run_sealed(spec, command)


def _join_groups(spec: Mapping[str, Any]) -> None:
    """Join the bot's control groups, then set its resource limits.

    The groups come first: once in a user namespace of its own, the process may not move
    out of its group any more.
    """
    for procs in spec["cgroups"]:
        with open(procs, "w") as group:
            group.write("0")  # "0": the writing process itself
    for name, (soft, hard) in spec["rlimits"].items():
        resource.setrlimit(getattr(resource, name), (soft, hard))


def _confine_unsealed(spec: Mapping[str, Any]) -> None:
    if spec["cut_network"]:
        namespaces.cut_network()
    if spec.get("files") is not None:
        landlock.restrict_files(spec["files"]["access"], hidden=spec["files"]["hidden"])


def _run_sealed(spec: Mapping[str, Any], command: Sequence[str]) -> int:
    """Seal, fork the bot's first process, and keep it until it ends."""
    seal = spec["seal"]
    identity: mounts.Identity = None
    if seal["uid_base"] is not None:
        identity = (seal["uid_base"] + os.getpid(),) * 2
    try:
        flags = _SEALED_NAMESPACES | (namespaces.CLONE_NEWNET if spec["cut_network"] else 0)
        namespaces.enter_namespaces(flags)
        namespaces.set_hostname(seal["hostname"])
        mounts.make_private()
        mounts.make_read_only()
        mounts.carry_out(seal["mounts"], identity)
        # The referee's /proc, before the bot's own hides it: where the keeper finds the bot.
        processes = os.open("/proc", os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
        alive, keeper_alive = os.pipe()
        bot = os.fork()
    except OSError as error:
        print(f"croupier: cannot seal the bot: {error}", file=sys.stderr)
        return CONFINEMENT_FAILED
    if bot == 0:
        os.close(keeper_alive)
        os.close(processes)
        _become_bot(spec, command, identity, alive)
    os.close(alive)
    return _keep(bot, processes)


def _become_bot(
    spec: Mapping[str, Any], command: Sequence[str], identity: mounts.Identity, alive: int
) -> NoReturn:
    """In the bot's first process: finish the seal and execute the bot (never returns)."""
    try:
        mounts.mount_processes()
        if spec.get("files") is not None:
            files = spec["files"]
            landlock.restrict_files(files["access"], hidden=files["hidden"], own_processes=True)
        if identity is not None:
            os.setgroups([])
            os.setresgid(*(identity[1],) * 3)
            os.setresuid(*(identity[0],) * 3)
        namespaces.leave_session_keyring()
        syscalls.forbid_shared_signals()
        # Set again: a change of user clears it. The keeper may have died meanwhile.
        _die_with_parent()
        if select.select([alive], [], [], 0)[0]:
            os._exit(CONFINEMENT_FAILED)
        os.close(alive)
        os.chdir(spec["seal"]["home"])
    except OSError as error:
        print(f"croupier: cannot seal the bot: {error}", file=sys.stderr)
        os._exit(CONFINEMENT_FAILED)
    os._exit(_execute(command))


def _keep(bot: int, processes: int) -> NoReturn:
    """Pass the referee's signals on to ``bot``, wait for it, and end as it ended.

    The first process of a PID namespace gets from outside only the signals it handles
    (and SIGKILL): one it leaves at its default, which would end an ordinary process, is
    made a SIGKILL, so that the bot ends as it would have.
    """

    def forward(signum: int, _: FrameType | None) -> None:
        if not _handles(bot, signum, processes):
            signum = signal.SIGKILL
        with contextlib.suppress(ProcessLookupError):
            os.kill(bot, signum)

    for signum in _FORWARDED:
        signal.signal(signum, forward)
    _, status = os.waitpid(bot, 0)
    if os.WIFSIGNALED(status):
        ending = os.WTERMSIG(status)
        reset = {*_FORWARDED, signal.Signals(ending)} - {signal.SIGKILL, signal.SIGSTOP}
        for default in reset:
            signal.signal(default, signal.SIG_DFL)
        os.kill(os.getpid(), ending)
    os._exit(os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else CANNOT_RUN)


def _handles(bot: int, signum: int, processes: int) -> bool:
    """Whether process ``bot`` has a handler for ``signum`` (or ignores it).

    ``processes``: a descriptor of the /proc that shows ``bot`` by that number.
    """
    try:
        with open(os.open(f"{bot}/status", os.O_RDONLY, dir_fd=processes)) as status:
            fields = dict(line.split(":", 1) for line in status if ":" in line)
    except OSError:
        return False
    bit = 1 << (signum - 1)
    caught, ignored = int(fields["SigCgt"], 16), int(fields["SigIgn"], 16)
    return bool((caught | ignored) & bit)


def _execute(command: Sequence[str]) -> int:
    """Execute ``command`` in this process's place; returns :data:`CANNOT_RUN` if it cannot."""
    # Python ignores these; an ignored signal would stay ignored in the bot.
    for signum in (signal.SIGPIPE, signal.SIGXFSZ):
        signal.signal(signum, signal.SIG_DFL)
    try:
        os.execv(command[0], list(command))
    except OSError as error:
        print(f"croupier: cannot run {command[0]}: {error.strerror}", file=sys.stderr)
    return CANNOT_RUN


def _die_with_parent() -> None:
    """Be killed should the parent die without ending this process first (Linux only)."""
    if sys.platform.startswith("linux"):
        namespaces.libc().prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
