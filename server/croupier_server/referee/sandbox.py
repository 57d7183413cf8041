"""The confinement of a started bot: its private directory, environment, groups, limits, files.

:meth:`Sandbox.prepare` makes everything a bot process needs before it starts, and the
command line that starts it behind :mod:`croupier_server.referee.confine`, which confines
the process and then executes the bot; :meth:`Sandbox.release` undoes it all once the
process has ended. What each limit relies on, and what happens where it is unavailable, is
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

from croupier_server.referee import confine
from croupier_server.referee.cgroups import BotCgroup, CgroupBase, usable_bases
from croupier_server.referee.limits import BotLimits

__all__ = [
    "BOT_FILE_PREFIX",
    "PASSED_VARIABLES",
    "PASSED_VARIABLE_PREFIX",
    "REFEREE_DIRECTORY_PREFIX",
    "STANDARD_DEVICES",
    "Sandbox",
    "bot_environment",
    "cgroup_bases",
    "file_access",
    "files_can_be_restricted",
    "network_can_be_cut",
]

PASSED_VARIABLES = ("PATH", "LANG", "LC_ALL")
"""The referee's environment variables a bot gets (beside its own HOME, TMPDIR and tokens)."""
PASSED_VARIABLE_PREFIX = "CROUPIER_BOT_"
"""The referee's variables whose names start so are passed on: settings meant for bots."""

BOT_FILE_PREFIX = "croupier-bot-"
"""How the private directories and output logs of started bots begin, in the temp directory."""
REFEREE_DIRECTORY_PREFIX = "croupier-referee-"
"""How the referee's own directories (its Unix socket's) begin, in the temp directory."""
STANDARD_DEVICES = ("null", "zero", "full", "random", "urandom", "tty", "ptmx", "pts", "shm")
"""The entries of /dev a bot may use; the others (disks, memory, ...) are out of its reach."""
SCRATCH_DIRECTORIES = ("/var/tmp",)
"""Where a bot may write beside its own directory and the temp directory."""

_CONFINE = [sys.executable, "-I", "-S", confine.__file__]
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


@dataclass(eq=False)
class Sandbox:
    """One started process's confinement.

    Attributes:
        home: Its private working directory, empty at the start; also HOME and TMPDIR.
        argv: What to start: the confinement, then the bot's program and arguments.
        env: The process's whole environment.
        cgroup: Its control groups, where the machine allows them.
    """

    home: Path
    argv: list[str]
    env: dict[str, str]
    cgroup: BotCgroup | None

    @classmethod
    def prepare(
        cls,
        argv: Sequence[str],
        *,
        referee: Mapping[str, str],
        limits: BotLimits,
        output: Path,
    ) -> Sandbox:
        """Everything to start ``argv`` (program first, found in the bot's PATH) under ``limits``.

        ``output`` is the file its standard output and error go to, which it may open again
        (as ``/dev/stderr``).

        Raises:
            FileNotFoundError: the program is not found, or not executable.
            OSError: the private directory or the groups cannot be made.
        """
        home = Path(tempfile.mkdtemp(prefix=BOT_FILE_PREFIX))
        cgroup = None
        try:
            env = bot_environment(home, referee)
            program = shutil.which(argv[0], path=env["PATH"])
            if program is None:
                raise FileNotFoundError("not found, or not executable")
            bases = cgroup_bases()
            if bases:
                memory_bytes = limits.memory_mb * _MB
                cgroup = BotCgroup.create(
                    bases, memory_bytes=memory_bytes, processes=limits.processes
                )
            spec = {
                "cgroups": cgroup.procs_files if cgroup else [],
                "rlimits": _rlimits(limits, bases),
                "cut_network": not limits.network and network_can_be_cut(),
                "files": file_access(home, output) if files_can_be_restricted() else None,
            }
        except BaseException:
            if cgroup is not None:
                cgroup.remove_empty()
            _remove_tree(home)
            raise
        command = [os.path.abspath(program), *argv[1:]]
        return cls(home, [*_CONFINE, json.dumps(spec), "--", *command], env, cgroup)

    async def release(self) -> None:
        """Kill what is left in the groups, remove them and the private directory."""
        if self.cgroup is not None:
            await self.cgroup.close()
        _remove_tree(self.home)


def file_access(home: Path, output: Path) -> dict[str, Any]:
    """What a bot may do with the files: ``confine.py``'s ``files``.

    It may read and run everything, and write in ``home``, ``output``, the temp directory,
    the scratch directories and the standard devices; never reach the files the referee
    holds open (its database), the other bots' directories and output, the referee's own
    directories, or the other devices. (Nor other processes' entries in /proc: confine.py
    sees to it.) The bots' and the referee's entries of the temp directory are patterns,
    matched as ``confine.py`` walks it: those made meanwhile are hidden too.
    """
    temp = os.path.realpath(tempfile.gettempdir())
    # In order: a path given again takes its later access.
    grants = (
        (["/"], "read"),
        ([temp, *SCRATCH_DIRECTORIES], "write"),
        (["/dev"], "none"),
        ([f"/dev/{device}" for device in STANDARD_DEVICES], "write"),
        (_held_files(), "none"),
        ([str(home), str(output)], "write"),
    )
    # Real paths, as confine.py walks the tree: a path through a link would never be met.
    access = {
        os.path.realpath(path): kind
        for paths, kind in grants
        for path in paths
        if os.path.lexists(path)
    }
    hidden = [
        os.path.join(temp, f"{prefix}*") for prefix in (BOT_FILE_PREFIX, REFEREE_DIRECTORY_PREFIX)
    ]
    return {"access": access, "hidden": hidden}


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


def _rlimits(limits: BotLimits, bases: Mapping[str, CgroupBase]) -> dict[str, tuple[int, int]]:
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
    if "pids" not in bases and os.geteuid() != 0:
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
    if "pids" not in bases and os.geteuid() == 0:
        _logger.warning(
            "croupier: no control group with the pids controller can be made here, and "
            "RLIMIT_NPROC does not bind root: the bots' processes are not counted "
            "(docs/referee.md, Containment)"
        )
    return bases


@functools.cache
def files_can_be_restricted() -> bool:
    """Whether the bots' access to files can be restricted here: found once per process."""
    abi = confine.landlock_abi()
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
