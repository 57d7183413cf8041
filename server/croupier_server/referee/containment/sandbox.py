"""The confinement of a started bot: its private directory, environment, groups, limits, files.

:meth:`Sandbox.prepare` makes everything a bot process needs before it starts, and the
command line that starts it behind :mod:`croupier_server.referee.containment.confinement`, which
confines the process and then runs the bot; :meth:`Sandbox.release` undoes it all once the
process has ended. Where the machine allows it, the seat is sealed (:mod:`.seal`): the bot
has namespaces, temp directories and a user of its own, and no byte passes between it and
any other bot. What each measure relies on, and what happens where it is unavailable, is
in docs/referee.md ("Containment").

What the machine allows is found out once per referee process; what is missing that the
limits need is said once, as a warning of the ``croupier_server.referee`` logger.
"""

from __future__ import annotations

import contextlib
import functools
import json
import logging
import os
import resource
import shutil
import stat
import subprocess
import sys
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from croupier.protocol import ADDRESS_VARIABLE
from croupier_server.errors import CroupierServerError
from croupier_server.referee.containment import confinement, seal
from croupier_server.referee.containment.cgroups import BotCgroup, CgroupBase, usable_bases
from croupier_server.referee.containment.confinement import landlock
from croupier_server.referee.containment.limits import BotLimits

__all__ = [
    "BOT_FILE_PREFIX",
    "PASSED_VARIABLES",
    "PASSED_VARIABLE_PREFIX",
    "REFEREE_DIRECTORY_PREFIX",
    "STANDARD_DEVICES",
    "Sandbox",
    "SealingUnavailable",
    "bot_environment",
    "cgroup_bases",
    "file_access",
    "files_can_be_restricted",
    "network_can_be_cut",
    "require_sealing",
    "sealing_failure",
]

PASSED_VARIABLES = ("PATH", "LANG", "LC_ALL")
"""The referee's environment variables a bot gets (beside its own HOME, TMPDIR and tokens)."""
PASSED_VARIABLE_PREFIX = "CROUPIER_BOT_"
"""The referee's variables whose names start so are passed on: settings meant for bots."""

BOT_FILE_PREFIX = "croupier-bot-"
"""How the private directories and output logs of started bots begin, in the temp directory."""
REFEREE_DIRECTORY_PREFIX = "croupier-referee-"
"""How the referee's own directories (its Unix socket's) begin, in the temp directory."""
STANDARD_DEVICES = ("null", "zero", "full", "random", "urandom", "shm")
"""The entries of /dev a bot may use; the others (disks, memory, terminals...) are out of its
reach: a terminal one bot opens another could open too."""

_CONFINE = [sys.executable, "-I", "-S", confinement.ENTRY]
_MB = 1024 * 1024
_logger = logging.getLogger("croupier_server.referee")


def bot_environment(home: Path, referee: Mapping[str, str]) -> dict[str, str]:
    """A bot's whole environment: a few of the referee's variables, its home and ``referee``.

    ``referee`` holds what the SDK needs to reach the referee (address and token).
    """
    passed = {
        name: value
        for name, value in os.environ.items()
        if name in PASSED_VARIABLES or name.startswith(PASSED_VARIABLE_PREFIX)
    }
    passed.setdefault("PATH", os.defpath)
    return {**passed, "HOME": str(home), "TMPDIR": str(home), **referee}


class SealingUnavailable(CroupierServerError, OSError):
    """The seats cannot be sealed here, and a command requires them to be (``--sealed``)."""


@dataclass(eq=False)
class Sandbox:
    """One started process's confinement.

    Attributes:
        home: Its private working directory, empty at the start; also HOME and TMPDIR.
        argv: What to start: the confinement, then the bot's program and arguments.
        env: The process's whole environment.
        cgroup: Its control groups, where the machine allows them.
        sealed: Whether its seat is sealed (:mod:`.seal`).
        view: What it sees of the files, if not what a bot sees (:class:`.seal.FileView`).
    """

    home: Path
    argv: list[str]
    env: dict[str, str]
    cgroup: BotCgroup | None
    sealed: bool
    view: seal.FileView | None = None

    @classmethod
    def prepare(
        cls,
        argv: Sequence[str],
        *,
        referee: Mapping[str, str],
        limits: BotLimits,
        seal_seat: bool = True,
        sealed_only: bool = False,
        view: seal.FileView | None = None,
    ) -> Sandbox:
        """Everything to start ``argv`` (program first, found in the bot's PATH) under ``limits``.

        The seat is sealed where the machine allows it and the bot is without the network,
        unless ``seal_seat`` is false (a benchmark's baseline); ``sealed_only``: or not at all.
        Given a ``view``, the process sees of the files that and its program's installation
        only, and is sealed or not started (as with ``sealed_only``).

        Raises:
            FileNotFoundError: the program is not found, or not executable.
            SealingUnavailable: ``sealed_only``, and the seat would not be sealed.
            OSError: the private directory or the groups cannot be made.
        """
        if sealed_only or view is not None:
            require_sealing()
            if limits.network:
                raise SealingUnavailable("a bot with the network cannot be sealed")
        home = Path(tempfile.mkdtemp(prefix=BOT_FILE_PREFIX))
        cgroup = None
        try:
            env = bot_environment(home, referee)
            program = shutil.which(argv[0], path=env["PATH"])
            if program is None:
                raise FileNotFoundError("not found, or not executable")
            command = [os.path.abspath(program), *argv[1:]]
            bases = cgroup_bases()
            if bases:
                memory_bytes = limits.memory_mb * _MB
                cgroup = BotCgroup.create(
                    bases, memory_bytes=memory_bytes, processes=limits.processes
                )
            sealed = (seal_seat or view is not None) and not limits.network and _can_seal()
            shown = _shown_paths(command, env, view=view) if sealed else None
            spec = {
                "cgroups": cgroup.procs_files if cgroup else [],
                "rlimits": _rlimits(limits, bases, sealed=sealed),
                "cut_network": not limits.network and network_can_be_cut(),
                "files": (
                    file_access(home, shown=shown, view=view) if files_can_be_restricted() else None
                ),
                "seal": _seal(home, shown, limits, view=view) if shown is not None else None,
            }
        except BaseException:
            if cgroup is not None:
                cgroup.remove_empty()
            _remove_tree(home)
            raise
        argv = [*_CONFINE, json.dumps(spec), "--", *command]
        return cls(home, argv, env, cgroup, sealed, view)

    async def release(self) -> None:
        """Kill what is left in the groups, remove them and the private directory.

        The view's workspaces are taken back (:func:`.seal.take_back`).
        """
        if self.cgroup is not None:
            await self.cgroup.close()
        if self.view is not None:
            seal.take_back(self.view.writable)
        _remove_tree(self.home)


def _seal(
    home: Path, shown: Sequence[str], limits: BotLimits, *, view: seal.FileView | None = None
) -> dict[str, Any]:
    """``confinement``'s ``seal`` for a bot that must be shown ``shown`` (its command's paths).

    A ``view``'s workspaces are shown read-write.
    """
    as_root = os.geteuid() == 0
    return {
        "uid_base": seal.BOT_UID_BASE if as_root else None,
        "hostname": seal.HOSTNAME,
        "home": str(home),
        "mounts": seal.mount_plan(
            home=str(home),
            shown=shown,
            scratch_bytes=limits.scratch_mb * _MB,
            as_root=as_root,
            workspaces=() if view is None else view.writable,
        ),
    }


def _shown_paths(
    command: Sequence[str], env: Mapping[str, str], *, view: seal.FileView | None = None
) -> list[str]:
    """What a sealed bot must see: its command's paths, its PATH, the referee's socket.

    Its command's paths are its program (and a script's interpreter), the installation a
    program in a ``bin`` directory belongs to (a virtual environment: ``.venv/bin/python``
    shows ``.venv``), and the files it names. The referee's own Python environment (its
    ``sys.path``) is shown too: the example bots, and most Python bots, run in it. Given
    a ``view``, its program's paths and the view's, and nothing else.
    """
    if view is not None:
        return _existing([*_program_paths(command[0]), *view.readable, *view.writable])
    shown = [*_program_paths(command[0]), *command[1:], *env["PATH"].split(os.pathsep)]
    shown += [sys.prefix, *sys.path]
    address = env.get(ADDRESS_VARIABLE, "")
    if address.startswith("unix:"):
        shown.append(address.removeprefix("unix:"))
    return _existing(shown)


def _existing(paths: Sequence[str]) -> list[str]:
    return [path for path in paths if os.path.isabs(path) and os.path.lexists(path)]


def _program_paths(program: str) -> list[str]:
    """A program, its real path, a script's interpreter, and the installations they are of."""
    programs = [program, os.path.realpath(program)]
    interpreter = _interpreter(program)
    if interpreter is not None:
        programs.append(interpreter)
    installations = [
        os.path.dirname(os.path.dirname(path))
        for path in programs
        if os.path.basename(os.path.dirname(path)) == "bin"
    ]
    return [*programs, *installations]


def _interpreter(program: str) -> str | None:
    """The interpreter a script names on its first line (``#!/usr/bin/env`` included), if any."""
    try:
        with open(program, "rb") as file:
            first = file.readline(256)
    except OSError:
        return None
    if not first.startswith(b"#!"):
        return None
    words = first[2:].decode(errors="replace").split()
    return words[0] if words else None


def file_access(
    home: Path, *, shown: Sequence[str] | None, view: seal.FileView | None = None
) -> dict[str, Any]:
    """What a bot may do with the files: ``confinement``'s ``files``.

    It may read and run everything, and write in ``home``, the scratch directories (the
    temp directory, ``/var/tmp``, ``/dev/shm``) and the standard devices; never reach the
    files the referee holds open (its database), the other bots' directories, the
    referee's own directories, or the other devices. (Nor other processes' entries in
    /proc: ``confinement`` sees to it.) The bots' and the referee's entries of the temp
    directory are patterns, matched as ``confinement`` walks it: those made meanwhile are
    hidden too. A sealed bot's scratch directories are its own: they hide nothing but
    what it is ``shown`` there (the paths its command needs; ``None``: not sealed).

    Given a ``view`` (a sealed process's), it reads nothing but what it is ``shown`` (its
    program's paths and the view's readable ones) and writes in ``home``, its scratch
    directories, the standard devices and the view's workspaces only.
    """
    temp = os.path.realpath(tempfile.gettempdir())
    devices = [f"/dev/{device}" for device in STANDARD_DEVICES]
    if view is not None:
        return {"access": _view_access(home, temp, devices, shown or [], view), "hidden": []}
    held = _held_files()
    if shown is not None:
        held = [path for path in held if seal.is_shown(path, shown)]
    # In order: a path given again takes its later access.
    grants = (
        (["/"], "read"),
        ([temp, *seal.SCRATCH_DIRECTORIES], "write"),
        (["/dev"], "none"),
        (devices, "write"),
        (held, "none"),
        ([str(home)], "write"),
    )
    access = _real_access(grants)
    hidden = [
        os.path.join(temp, f"{prefix}*") for prefix in (BOT_FILE_PREFIX, REFEREE_DIRECTORY_PREFIX)
    ]
    return {"access": access, "hidden": [] if shown is not None else hidden}


def _view_access(
    home: Path, temp: str, devices: Sequence[str], shown: Sequence[str], view: seal.FileView
) -> dict[str, str]:
    grants = (
        (["/"], "none"),
        ([temp, *seal.SCRATCH_DIRECTORIES, *devices], "write"),
        (shown, "read"),
        ([*view.writable, str(home)], "write"),
    )
    return _real_access(grants)


def _real_access(grants: Sequence[tuple[Sequence[str], str]]) -> dict[str, str]:
    """``confinement``'s ``access`` of ``grants``, in order: a path given again takes its later.

    Real paths, as confinement walks the tree: a path through a link would never be met.
    """
    return {
        os.path.realpath(path): kind
        for paths, kind in grants
        for path in paths
        if os.path.lexists(path)
    }


def _held_files() -> list[str]:
    """The regular files this process holds open: a SQLite database and its journals."""
    try:
        descriptors = os.listdir("/proc/self/fd")
    except OSError:  # no /proc
        return []
    held = []
    for descriptor in descriptors:
        link = f"/proc/self/fd/{descriptor}"
        with contextlib.suppress(OSError):  # closed meanwhile
            if stat.S_ISREG(os.stat(link).st_mode):
                held.append(os.readlink(link))
    return held


def _rlimits(
    limits: BotLimits, bases: Mapping[str, CgroupBase], *, sealed: bool
) -> dict[str, tuple[int, int]]:
    """The resource limits of the process, none above what the referee may grant."""
    cpu, files = limits.cpu_seconds, limits.open_files
    wanted = {
        # SIGXCPU at the limit (a runtime may report it), SIGKILL a second later.
        "RLIMIT_CPU": (cpu, cpu + 1),
        "RLIMIT_NOFILE": (files, files),
        "RLIMIT_FSIZE": (limits.file_size_mb * _MB,) * 2,
        "RLIMIT_CORE": (0, 0),
    }
    if "memory" not in bases:
        # Not RLIMIT_AS: grpcio reserves 0.7 GB of address space, node 1 GB, before any use.
        wanted["RLIMIT_DATA"] = (limits.memory_mb * _MB,) * 2
    if "pids" not in bases and sealed and os.geteuid() == 0:
        # The bot's user is its own: the kernel counts its tasks alone.
        wanted["RLIMIT_NPROC"] = (limits.processes, limits.processes)
    elif "pids" not in bases and os.geteuid() != 0:
        # The kernel counts the user's every task against it, not the bot's alone.
        allowed = _user_tasks() + limits.processes
        wanted["RLIMIT_NPROC"] = (allowed, allowed)
    return {name: _within_hard_limit(name, value) for name, value in wanted.items()}


def _within_hard_limit(name: str, value: tuple[int, int]) -> tuple[int, int]:
    _, hard = resource.getrlimit(getattr(resource, name))
    if hard == resource.RLIM_INFINITY:
        return value
    return min(value[0], hard), min(value[1], hard)


def _user_tasks() -> int:
    """How many processes and threads this process's real user runs now."""
    uid = os.getuid()
    tasks = 0
    for entry in Path("/proc").glob("[0-9]*"):
        with contextlib.suppress(OSError):  # it ended meanwhile
            status = dict(
                line.split(":", 1) for line in (entry / "status").read_text().splitlines()
            )
            if int(status["Uid"].split()[0]) == uid:
                tasks += int(status["Threads"])
    return tasks


@functools.cache
def cgroup_bases() -> dict[str, CgroupBase]:
    """The control groups the bots get, by controller: found once per referee process."""
    bases = usable_bases()
    if "pids" not in bases and os.geteuid() == 0 and not _can_seal():
        _logger.warning(
            "croupier: no control group with the pids controller can be made here, and "
            "RLIMIT_NPROC does not bind root: the bots' processes are not counted "
            "(docs/referee.md, Containment)"
        )
    return bases


@functools.cache
def files_can_be_restricted() -> bool:
    """Whether the bots' access to files can be restricted here: found once per process."""
    abi = landlock.landlock_abi()
    if abi == 0:
        _logger.warning(
            "croupier: Landlock is not available here: the bots it starts may read and write "
            "whatever its user may, the database included (docs/referee.md, Containment)"
        )
    return abi > 0


@functools.cache
def network_can_be_cut() -> bool:
    """Whether the bots' network can be cut here: found once per referee process."""
    probe = subprocess.run(
        [*_CONFINE, "--probe-network"], capture_output=True, text=True, check=False
    )
    if probe.returncode != 0:
        reason = probe.stderr.strip() or f"status {probe.returncode}"
        _logger.warning(
            "croupier: cannot cut the network of the bots it starts here (%s): they run "
            "with the network (docs/referee.md, Containment)",
            reason,
        )
    return probe.returncode == 0


def sealing_failure() -> str | None:
    """What keeps the seats from being sealed here, or ``None`` if nothing does.

    A sealed seat needs namespaces of its own (Linux: user namespaces for a referee that is
    not root), Landlock (:func:`files_can_be_restricted`), and its network cut.
    """
    if not _can_seal():
        return f"namespaces cannot be made here ({_seal_probe()[1]})"
    if not files_can_be_restricted():
        return "Landlock is not available in this kernel"
    return None


def require_sealing() -> None:
    """Make sure the seats can be sealed here, as ``--sealed`` asks.

    Raises:
        SealingUnavailable: they cannot; the message says why.
    """
    failure = sealing_failure()
    if failure is not None:
        raise SealingUnavailable(f"the seats cannot be sealed here: {failure}")


@functools.cache
def _can_seal() -> bool:
    """Whether the seats can have namespaces of their own: found once per referee process."""
    sealed, reason = _seal_probe()
    if not sealed:
        _logger.warning(
            "croupier: cannot seal the bots' seats here (%s): bots it starts share the temp "
            "directories, IPC and process list (docs/referee.md, Sealed seats)",
            reason,
        )
    return sealed


@functools.cache
def _seal_probe() -> tuple[bool, str]:
    """Start a sealed process that does nothing; whether it ran, and what it said."""
    home = Path(tempfile.mkdtemp(prefix=BOT_FILE_PREFIX))
    try:
        command = [sys.executable, "-I", "-S", "-c", "pass"]
        env = bot_environment(home, {})
        spec = {
            "cgroups": [],
            "rlimits": {},
            "cut_network": True,
            "files": None,
            "seal": _seal(home, _shown_paths(command, env), BotLimits()),
        }
        probe = subprocess.run(
            [*_CONFINE, json.dumps(spec), "--", *command],
            cwd=home,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
    finally:
        _remove_tree(home)
    reason = probe.stderr.strip().splitlines()[-1:] or [f"status {probe.returncode}"]
    return probe.returncode == 0, reason[0].removeprefix("croupier: ")


def _remove_tree(path: Path) -> None:
    """Remove ``path``, even where the bot took its own permissions away inside it."""
    with contextlib.suppress(OSError):
        os.chmod(path, 0o700)
        for root, directories, _ in os.walk(path):
            for name in directories:
                inside = os.path.join(root, name)
                if not os.path.islink(inside):  # a link may lead anywhere: never follow it
                    os.chmod(inside, 0o700)
    shutil.rmtree(path, ignore_errors=True)
