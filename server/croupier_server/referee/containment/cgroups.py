"""Control groups for started bots: one group per process, holding its processes and memory.

A control group counts every process and thread of a bot, and all its memory, whatever the
bot does (``setsid``, double forks) and whoever it runs as; RLIMIT_NPROC does neither, and
does not bind root at all. croupier uses the ``pids`` and ``memory`` controllers where it
may create groups:

- cgroup v1 (a hierarchy per controller): a child of the referee's own group;
- cgroup v2 (one hierarchy): a sibling of the referee's own group, since a v2 group that
  holds processes cannot also have children with controllers.

That is usually root's privilege, or a delegated subtree (systemd's ``Delegate=``); where
the groups cannot be made, :func:`usable_bases` leaves the controller out and the caller
falls back on resource limits.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import signal
import subprocess
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

__all__ = ["CONTROLLERS", "BotCgroup", "CgroupBase", "find_bases", "usable_bases"]

CONTROLLERS = ("pids", "memory")
"""The controllers croupier uses."""

_MOUNTINFO = Path("/proc/self/mountinfo")
_OWN_CGROUP = Path("/proc/self/cgroup")
_KILL_ROUNDS = 50
"""How many times the members of a group are killed (a fork bomb forks meanwhile)."""
_REMOVE_ATTEMPTS = 100
"""How many times an emptied group's removal is tried, 10 ms apart, while its members exit."""
_group_numbers = itertools.count()


@dataclass(frozen=True, slots=True)
class CgroupBase:
    """A directory in which croupier creates the bots' groups for one controller."""

    controller: str
    path: Path
    version: int
    """1 or 2: the file names differ (``memory.limit_in_bytes`` or ``memory.max``)."""


def find_bases(mountinfo: str, own_cgroups: str) -> dict[str, CgroupBase]:
    """Where the bots' groups go for each controller, from the text of two ``/proc`` files.

    ``mountinfo`` is ``/proc/self/mountinfo`` (where each hierarchy is mounted) and
    ``own_cgroups`` is ``/proc/self/cgroup`` (the referee's group in each). A v1 hierarchy
    of a controller is preferred to v2, which holds it only if no v1 hierarchy does.

    >>> mounts = "41 31 0:38 / /sys/fs/cgroup/pids rw - cgroup cgroup rw,pids"
    >>> find_bases(mounts, "8:pids:/user/1")["pids"].path
    PosixPath('/sys/fs/cgroup/pids/user/1')
    """
    own_v1, own_v2 = _own_groups(own_cgroups)
    bases: dict[str, CgroupBase] = {}
    v2_base = None
    for line in mountinfo.splitlines():
        fields = line.split()
        separator = fields.index("-")
        root, mount_point = fields[3], fields[4]
        kind, options = fields[separator + 1], fields[separator + 3].split(",")
        if kind == "cgroup2" and own_v2 is not None:
            own = _inside(mount_point, root, own_v2)
            v2_base = own if own == Path(mount_point) else own.parent
        elif kind == "cgroup":
            for controller in set(CONTROLLERS) & set(options) & set(own_v1):
                directory = _inside(mount_point, root, own_v1[controller])
                bases[controller] = CgroupBase(controller, directory, 1)
    if v2_base is not None:
        for controller in CONTROLLERS:
            bases.setdefault(controller, CgroupBase(controller, v2_base, 2))
    return bases


def _own_groups(own_cgroups: str) -> tuple[dict[str, str], str | None]:
    """The referee's group in each v1 hierarchy by controller, and in the v2 one."""
    own_v1: dict[str, str] = {}
    own_v2 = None
    for line in own_cgroups.splitlines():
        number, controllers, group = line.split(":", 2)
        if number == "0" and not controllers:
            own_v2 = group
        for controller in controllers.split(","):
            own_v1[controller] = group
    return own_v1, own_v2


def _inside(mount_point: str, mount_root: str, path: str) -> Path:
    """The directory of group ``path`` in a hierarchy mounted from ``mount_root``."""
    if mount_root != "/" and (path == mount_root or path.startswith(mount_root + "/")):
        path = path[len(mount_root) :]
    return Path(mount_point, path.lstrip("/"))


def usable_bases() -> dict[str, CgroupBase]:
    """The bases of :func:`find_bases` where this process may make groups and move a child in."""
    try:
        bases = find_bases(_MOUNTINFO.read_text(), _OWN_CGROUP.read_text())
    except OSError:  # not Linux, or no /proc
        return {}
    return {controller: base for controller, base in bases.items() if _is_usable(base)}


def _is_usable(base: CgroupBase) -> bool:
    probe = base.path / f"croupier-probe-{os.getpid()}"
    try:
        if base.version == 2:
            _enable(base)
        probe.mkdir()
    except OSError:
        return False
    try:
        # Moving a process takes more rights than making a group (v2: over the common parent).
        join = ["sh", "-c", 'echo 0 > "$1"', "sh", str(probe / "cgroup.procs")]
        return subprocess.run(join, stderr=subprocess.DEVNULL, check=False).returncode == 0
    finally:
        with contextlib.suppress(OSError):
            probe.rmdir()


def _enable(base: CgroupBase) -> None:
    """Make a v2 controller available to the children of ``base``."""
    subtree = base.path / "cgroup.subtree_control"
    if base.controller not in subtree.read_text().split():
        subtree.write_text(f"+{base.controller}")


@dataclass(eq=False)
class BotCgroup:
    """The groups of one started process: its processes join them before the bot runs."""

    directories: list[Path]

    @classmethod
    def create(
        cls, bases: Mapping[str, CgroupBase], *, memory_bytes: int, processes: int
    ) -> BotCgroup:
        """New groups under ``bases`` with these limits (a v2 group serves both controllers).

        Raises:
            OSError: a group cannot be made or limited.
        """
        name = f"croupier-{os.getpid()}-{next(_group_numbers)}"
        group = cls([])
        try:
            for base in bases.values():
                directory = base.path / name
                if directory not in group.directories:
                    directory.mkdir()
                    group.directories.append(directory)
                for file, value, required in _limit_files(base, memory_bytes, processes):
                    if required or (directory / file).exists():
                        (directory / file).write_text(value)
        except OSError:
            group.remove_empty()
            raise
        return group

    @property
    def procs_files(self) -> list[str]:
        """The files a process writes ``0`` to, to join the groups."""
        return [str(directory / "cgroup.procs") for directory in self.directories]

    async def close(self) -> None:
        """Kill every process left in the groups, then remove them."""
        for _ in range(_KILL_ROUNDS):
            members = self._members()
            if not members:
                break
            for pid in members:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            await asyncio.sleep(0.01)
        for _ in range(_REMOVE_ATTEMPTS):
            if self.remove_empty():
                return
            await asyncio.sleep(0.01)

    def _members(self) -> set[int]:
        members: set[int] = set()
        for procs in self.procs_files:
            with contextlib.suppress(FileNotFoundError):
                members.update(int(pid) for pid in Path(procs).read_text().split())
        return members

    def remove_empty(self) -> bool:
        """Remove the groups that are empty; whether none is left."""
        for directory in list(self.directories):
            with contextlib.suppress(OSError):  # busy while its last members exit
                directory.rmdir()
            if not directory.exists():
                self.directories.remove(directory)
        return not self.directories


def _limit_files(
    base: CgroupBase, memory_bytes: int, processes: int
) -> list[tuple[str, str, bool]]:
    """The files that limit a group: (name, value, whether it must exist).

    The swap files exist only where swap is accounted; there, swap may not stretch the limit.
    """
    if base.controller == "pids":
        return [("pids.max", str(processes), True)]
    memory = str(memory_bytes)
    if base.version == 1:
        return [
            ("memory.limit_in_bytes", memory, True),
            ("memory.memsw.limit_in_bytes", memory, False),
        ]
    return [("memory.max", memory, True), ("memory.swap.max", "0", False)]
