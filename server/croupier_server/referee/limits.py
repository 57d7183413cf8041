"""What a started bot process may use, and how a bot's and a tournament's limits combine.

A bot's registration and a tournament (or a single match) may each set any of the limits;
:func:`effective_limits` gives the limits a process runs with: where both set a limit, the
stricter value; where one does, its value; where neither does, the default of
:class:`BotLimits`. So the network is allowed where one allows it and the other does not
cut it, and cut by default.

>>> bot = LimitSettings(memory_mb=4096, network=True)
>>> tournament = LimitSettings(memory_mb=512)
>>> limits = effective_limits(bot, tournament)
>>> limits.memory_mb, limits.cpu_seconds, limits.network
(512, 600, True)
>>> effective_limits(bot, LimitSettings(network=False)).network
False
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["DEFAULT_LIMITS", "BotLimits", "LimitSettings", "effective_limits"]


@dataclass(frozen=True, slots=True)
class BotLimits:
    """The limits one started bot process runs under (docs/referee.md, "Containment").

    The defaults leave the example bots ten times what they use (a Python bot with grpcio:
    45 MB resident, 9 threads, 8 open files; the JavaScript one: 67 MB, 11 threads, 19
    files), and ten minutes of CPU, enough for every decision of a long game at full speed.
    """

    memory_mb: int = 1024
    """Memory of the bot and its children (their resident memory where cgroups serve)."""
    cpu_seconds: int = 600
    """CPU time of each process, summed over its threads and its whole life."""
    processes: int = 128
    """Processes and threads the bot may have at once, its first process included."""
    open_files: int = 256
    """Open file descriptors of each process."""
    file_size_mb: int = 64
    """The largest file a process may write."""
    scratch_mb: int = 64
    """The size of each of a sealed bot's own temp directories (its private one included)."""
    output_kb: int = 64
    """How much of the bot's output is kept with each of its games: its last KiB."""
    network: bool = False
    """Whether the bot may reach the network; without it, only the referee's Unix socket."""

    def __str__(self) -> str:
        network = "network" if self.network else "no network"
        return (
            f"memory {self.memory_mb} MB, CPU {self.cpu_seconds} s, {self.processes} processes, "
            f"{self.open_files} open files, files up to {self.file_size_mb} MB, "
            f"temp directories of {self.scratch_mb} MB, output kept {self.output_kb} KiB, "
            f"{network}"
        )


DEFAULT_LIMITS = BotLimits()


@dataclass(frozen=True, slots=True)
class LimitSettings:
    """The limits one bot's registration, tournament or match sets; ``None``: not set there."""

    memory_mb: int | None = None
    cpu_seconds: int | None = None
    processes: int | None = None
    open_files: int | None = None
    file_size_mb: int | None = None
    scratch_mb: int | None = None
    output_kb: int | None = None
    network: bool | None = None

    def __post_init__(self) -> None:
        for name, value in self.items().items():
            if name == "network":
                if not isinstance(value, bool):
                    raise ValueError(f"the limit network must be true or false, not {value!r}")
            elif isinstance(value, bool) or not isinstance(value, int) or value <= 0:
                raise ValueError(f"the limit {name} must be a positive integer, not {value!r}")

    def items(self) -> dict[str, int | bool]:
        """The limits set here, by name: what is stored (JSON) and printed."""
        values = {field.name: getattr(self, field.name) for field in dataclasses.fields(self)}
        return {name: value for name, value in values.items() if value is not None}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> LimitSettings:
        """The settings :meth:`items` gave.

        Raises:
            ValueError: an unknown limit or a value of the wrong kind.
        """
        known = [field.name for field in dataclasses.fields(cls)]
        unknown = sorted(set(data) - set(known))
        if unknown:
            raise ValueError(f"unknown limits {', '.join(unknown)} (known: {', '.join(known)})")
        return cls(**data)


def effective_limits(*settings: LimitSettings) -> BotLimits:
    """The limits a process runs with under ``settings``: the strictest value set, else the default.

    Stricter is smaller, and for the network, cut (``False``).
    """
    chosen: dict[str, Any] = {}
    for field in dataclasses.fields(BotLimits):
        values = [
            value for setting in settings if (value := getattr(setting, field.name)) is not None
        ]
        if values:
            chosen[field.name] = min(values)
    return BotLimits(**chosen)
