"""The processes of a started bot's seat, and what they use: shared by two benchmarks.

``bench/referee.py`` and ``bench/sealing.py`` use it; alone it measures nothing. A sealed
seat is a *keeper* (the process the referee started, which stays outside the bot's PID
namespace) and, beneath it, the bot and its children; an unsealed seat is the bot and its
children, the process the referee started being the bot itself. Children are found through
``/proc/PID/task/*/children``; a process that ended meanwhile counts for nothing.

Memory is read from ``/proc``: ``VmRSS`` and ``VmHWM`` (its peak) from ``status``, and,
where ``smaps_rollup`` is readable (Linux 4.14, the same user or root), ``Pss`` (each shared
page divided among the processes that map it) and the private pages (``Private_Clean`` plus
``Private_Dirty``: what the process alone holds, gone with it).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path

from croupier_server.referee.containment.launcher import BotProcess

__all__ = ["Memory", "SeatMemory", "SeatTree", "cpu_seconds", "process_tree"]

_KIB_PER_MIB = 1024


def process_tree(pid: int) -> list[int]:
    """``pid`` and all its descendants, parents before children; ``[]`` if it is gone."""
    if not Path(f"/proc/{pid}").exists():
        return []
    tree, pending = [], [pid]
    while pending:
        parent = pending.pop(0)
        tree.append(parent)
        with contextlib.suppress(OSError):  # it ended meanwhile
            for task in Path(f"/proc/{parent}/task").iterdir():
                with contextlib.suppress(OSError):
                    pending.extend(int(child) for child in (task / "children").read_text().split())
    return tree


def cpu_seconds(pid: int) -> float:
    """CPU time so far of every thread of a live process, from ``/proc`` (0 if it is gone)."""
    total_ns = 0
    with contextlib.suppress(OSError):
        for task in Path(f"/proc/{pid}/task").iterdir():
            try:
                total_ns += int((task / "schedstat").read_text().split()[0])
            except (OSError, IndexError, ValueError):
                continue  # the thread ended meanwhile
    return total_ns / 1e9


@dataclass(frozen=True, slots=True)
class Memory:
    """The memory of one process or several, in MiB.

    ``pss_mib`` and ``private_mib`` are ``None`` where ``smaps_rollup`` of some process could
    not be read.
    """

    rss_mib: float
    peak_mib: float
    """``VmHWM``: the most resident memory each process ever had, summed."""
    pss_mib: float | None
    private_mib: float | None

    @classmethod
    def of(cls, pid: int) -> Memory:
        """The memory of process ``pid`` now; all zero if it is gone."""
        try:
            status = _fields(Path(f"/proc/{pid}/status").read_text())
        except OSError:
            return NOTHING
        pss: float | None = None
        private: float | None = None
        with contextlib.suppress(OSError):
            rollup = _fields(Path(f"/proc/{pid}/smaps_rollup").read_text())
            pss = rollup.get("Pss", 0.0)
            private = rollup.get("Private_Clean", 0.0) + rollup.get("Private_Dirty", 0.0)
        return cls(status.get("VmRSS", 0.0), status.get("VmHWM", 0.0), pss, private)

    @classmethod
    def total(cls, pids: list[int]) -> Memory:
        """The memory of processes ``pids`` together."""
        memory = NOTHING
        for pid in pids:
            memory += cls.of(pid)
        return memory

    def __add__(self, other: Memory) -> Memory:
        return Memory(
            self.rss_mib + other.rss_mib,
            self.peak_mib + other.peak_mib,
            None if self.pss_mib is None or other.pss_mib is None else self.pss_mib + other.pss_mib,
            None
            if self.private_mib is None or other.private_mib is None
            else self.private_mib + other.private_mib,
        )


NOTHING = Memory(0.0, 0.0, 0.0, 0.0)
"""No process at all."""


def _fields(text: str) -> dict[str, float]:
    """The ``Name: N kB`` lines of a ``/proc`` file, in MiB."""
    fields = {}
    for line in text.splitlines():
        name, _, value = line.partition(":")
        words = value.split()
        if len(words) == 2 and words[1] == "kB":
            fields[name] = int(words[0]) / _KIB_PER_MIB
    return fields


@dataclass(frozen=True, slots=True)
class SeatMemory:
    """A seat's memory: its keeper's (``None`` for an unsealed seat) and the bot's tree's."""

    keeper: Memory | None
    bot: Memory

    @property
    def whole(self) -> Memory:
        """The keeper and the bot's tree together."""
        return self.bot if self.keeper is None else self.keeper + self.bot


@dataclass(frozen=True, slots=True)
class SeatTree:
    """The processes of a started bot's seat, as they are now."""

    keeper: int | None
    """The keeper's pid, for a sealed seat."""
    bot: list[int]
    """The bot's first process and its descendants."""

    @classmethod
    def of(cls, process: BotProcess) -> SeatTree:
        """The seat of ``process`` (sealed or not: its sandbox says)."""
        started = process.process.pid
        if not process.sandbox.sealed:
            return cls(None, process_tree(started))
        return cls(started, process_tree(started)[1:])

    @property
    def pids(self) -> list[int]:
        """Every process of the seat, the keeper first."""
        return [*([] if self.keeper is None else [self.keeper]), *self.bot]

    def memory(self) -> SeatMemory:
        """The memory of the keeper and of the bot's tree now."""
        keeper = None if self.keeper is None else Memory.of(self.keeper)
        return SeatMemory(keeper, Memory.total(self.bot))

    def cpu_seconds(self) -> float:
        """CPU time so far of every process of the seat (those still there)."""
        return sum(cpu_seconds(pid) for pid in self.pids)
