"""What a game gives its bots, defined once: their time control and their processes' limits.

Each setting is a field of :class:`TimeControl` or :class:`BotLimits` whose bounds and help
are in its metadata; :data:`TIME_CONTROL_SETTINGS` and :data:`LIMIT_SETTINGS` read them as
:class:`Setting` values, from which the command line's flags, the API's schema and the
dashboard's forms are made, and by which every value is checked wherever it comes from.
Standard library only: the dashboard imports it.

>>> TimeControl(bank_ms=0).items()
{'connect_ms': 20000, 'decision_ms': 1000, 'bank_ms': 0}
>>> TimeControl(bank_ms=-1)  # doctest: +ELLIPSIS
Traceback (most recent call last):
croupier_server.control.SettingError: the time bank_ms must be a whole number from 0 to ...
>>> [(setting.name, setting.flag) for setting in LIMIT_SETTINGS[2:4]]
[('processes', '--max-processes'), ('open_files', '--open-files')]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Self, TypeVar

from croupier_server.errors import CroupierServerError

__all__ = [
    "DAY_MS",
    "DEFAULT_LIMITS",
    "DEFAULT_TIME_CONTROL",
    "LIMIT_MAX",
    "LIMIT_SETTINGS",
    "TIME_CONTROL_SETTINGS",
    "BotLimits",
    "LimitSettings",
    "Setting",
    "SettingError",
    "TimeControl",
]

DAY_MS = 24 * 3600 * 1000
"""A day: the longest time a time control gives."""
LIMIT_MAX = 2**31 - 1
"""The largest limit: what the database's integer columns hold."""

_SETTING = "croupier.setting"
_Value = TypeVar("_Value", int, bool)


class SettingError(CroupierServerError, ValueError):
    """A setting's value out of its bounds or of the wrong kind, or an unknown setting."""


@dataclass(frozen=True, slots=True)
class Setting:
    """One setting of the bots: what a flag, a form field and an API field are made from.

    Attributes:
        name: the field's name (``bank_ms``), the key where it is stored and sent.
        kind: ``int`` or ``bool``.
        default: the value where nothing sets it.
        help: one line saying what it is, with its unit.
        flag: the command line's option (``--bank-ms``); a ``bool`` has ``--no-...`` too.
        minimum: the smallest whole number it takes (``None`` for a ``bool``).
        maximum: the largest.
        noun: what it is, in its errors: "the limit memory_mb must be...".
    """

    name: str
    kind: type[int] | type[bool]
    default: int | bool
    help: str
    flag: str
    minimum: int | None = None
    maximum: int | None = None
    noun: str = "setting"

    def check(self, value: object) -> int | bool:
        """``value``, if the setting takes it.

        Raises:
            SettingError: it does not; the message names the setting and its bounds.
        """
        if self.kind is bool:
            if not isinstance(value, bool):
                raise SettingError(
                    f"the {self.noun} {self.name} must be true or false, not {value!r}"
                )
            return value
        if (
            isinstance(value, bool)
            or not isinstance(value, int)
            or (self.minimum is not None and value < self.minimum)
            or (self.maximum is not None and value > self.maximum)
        ):
            raise SettingError(
                f"the {self.noun} {self.name} must be a whole number from {self.minimum} to "
                f"{self.maximum}, "
                f"not {value!r}"
            )
        return value


def _setting(
    default: _Value,
    text: str,
    *,
    minimum: int | None = None,
    maximum: int | None = None,
    flag: str | None = None,
) -> _Value:
    """A dataclass field of ``default`` whose metadata describe it (see :func:`_settings_of`)."""
    about = {"help": text, "minimum": minimum, "maximum": maximum, "flag": flag}
    described: _Value = field(default=default, metadata={_SETTING: about})
    return described


def _settings_of(cls: type[Any], noun: str) -> tuple[Setting, ...]:
    """The settings the fields of dataclass ``cls`` describe, in their order (each a ``noun``)."""
    settings = []
    for each in dataclasses.fields(cls):
        about, default = each.metadata[_SETTING], each.default
        assert isinstance(default, int)  # a bool is an int too
        settings.append(
            Setting(
                name=each.name,
                kind=bool if isinstance(default, bool) else int,
                default=default,
                help=about["help"],
                flag=about["flag"] or f"--{each.name.replace('_', '-')}",
                minimum=about["minimum"],
                maximum=about["maximum"],
                noun=noun,
            )
        )
    return tuple(settings)


def _check(settings: tuple[Setting, ...], values: Mapping[str, object]) -> None:
    """Check each value set (not ``None``) against its setting."""
    for setting in settings:
        value = values[setting.name]
        if value is not None:
            setting.check(value)


def _known(settings: tuple[Setting, ...], data: Mapping[str, Any], what: str) -> None:
    """Refuse the names of ``data`` that are no setting (``what``: "limits", ...)."""
    known = [setting.name for setting in settings]
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise SettingError(f"unknown {what} {', '.join(unknown)} (known: {', '.join(known)})")


@dataclass(frozen=True, slots=True)
class TimeControl:
    """The time a bot has, in milliseconds; sent to it when a game starts.

    Raises:
        SettingError: a time out of its bounds (a bank of 0: no bank).
    """

    connect_ms: int = _setting(
        20_000,
        "how long a started bot has to connect and say hello, in ms",
        minimum=1,
        maximum=DAY_MS,
    )
    decision_ms: int = _setting(
        1_000, "the time of one decision before the bank pays, in ms", minimum=1, maximum=DAY_MS
    )
    bank_ms: int = _setting(
        10_000,
        "a bank paying for all of a seat's overruns in a game, in ms (0: none)",
        minimum=0,
        maximum=DAY_MS,
    )

    def __post_init__(self) -> None:
        _check(TIME_CONTROL_SETTINGS, self.items())

    def items(self) -> dict[str, int]:
        """The times by name: what is stored (JSON) and shown."""
        return {setting.name: getattr(self, setting.name) for setting in TIME_CONTROL_SETTINGS}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Self:
        """The time control :meth:`items` gave; a time left out is the default.

        Raises:
            SettingError: an unknown name or a value out of its bounds.
        """
        _known(TIME_CONTROL_SETTINGS, data, "times")
        return cls(**data)


@dataclass(frozen=True, slots=True)
class BotLimits:
    """The limits one started bot process runs under (docs/referee.md, "Containment").

    The defaults leave the example bots ten times what they use (a Python bot with grpcio:
    45 MB resident, 9 threads, 8 open files; the JavaScript one: 67 MB, 11 threads, 19
    files), and ten minutes of CPU, enough for every decision of a long game at full speed.
    The memory counts the bot's children (their resident memory where cgroups serve); the
    CPU time and open files are each process's; without the network, a bot reaches only
    the referee's Unix socket.
    """

    memory_mb: int = _setting(1024, "memory in MB", minimum=1, maximum=LIMIT_MAX)
    cpu_seconds: int = _setting(600, "CPU seconds of each process", minimum=1, maximum=LIMIT_MAX)
    processes: int = _setting(
        128,
        "processes and threads at once",
        minimum=1,
        maximum=LIMIT_MAX,
        flag="--max-processes",
    )
    open_files: int = _setting(256, "open files of each process", minimum=1, maximum=LIMIT_MAX)
    file_size_mb: int = _setting(
        64, "the largest file written, in MB", minimum=1, maximum=LIMIT_MAX
    )
    scratch_mb: int = _setting(
        64, "each of a sealed bot's temp directories, in MB", minimum=1, maximum=LIMIT_MAX
    )
    output_kb: int = _setting(
        64, "the output kept of each bot in each game, in KiB", minimum=1, maximum=LIMIT_MAX
    )
    network: bool = _setting(False, "allow the network")

    def __post_init__(self) -> None:
        _check(LIMIT_SETTINGS, {name: getattr(self, name) for name in _LIMIT_NAMES})

    def __str__(self) -> str:
        network = "network" if self.network else "no network"
        return (
            f"memory {self.memory_mb} MB, CPU {self.cpu_seconds} s, {self.processes} processes, "
            f"{self.open_files} open files, files up to {self.file_size_mb} MB, "
            f"temp directories of {self.scratch_mb} MB, output kept {self.output_kb} KiB, "
            f"{network}"
        )


@dataclass(frozen=True, slots=True)
class LimitSettings:
    """The limits one bot's registration, tournament or match sets; ``None``: not set there.

    Its fields are those of :class:`BotLimits`, each checked against its setting.
    """

    memory_mb: int | None = None
    cpu_seconds: int | None = None
    processes: int | None = None
    open_files: int | None = None
    file_size_mb: int | None = None
    scratch_mb: int | None = None
    output_kb: int | None = None
    network: bool | None = None

    def __post_init__(self) -> None:
        _check(LIMIT_SETTINGS, {name: getattr(self, name) for name in _LIMIT_NAMES})

    def items(self) -> dict[str, int | bool]:
        """The limits set here, by name: what is stored (JSON) and printed."""
        values = {name: getattr(self, name) for name in _LIMIT_NAMES}
        return {name: value for name, value in values.items() if value is not None}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Self:
        """The settings :meth:`items` gave.

        Raises:
            SettingError: an unknown limit or a value of the wrong kind.
        """
        _known(LIMIT_SETTINGS, data, "limits")
        return cls(**data)


TIME_CONTROL_SETTINGS = _settings_of(TimeControl, "time")
"""The times of :class:`TimeControl`, in order: connect, decision, bank."""
LIMIT_SETTINGS = _settings_of(BotLimits, "limit")
"""The limits of :class:`BotLimits` (and of :class:`LimitSettings`), in order."""
_LIMIT_NAMES = tuple(setting.name for setting in LIMIT_SETTINGS)
DEFAULT_TIME_CONTROL = TimeControl()
"""Twenty seconds to start and connect, one second a decision, a ten-second bank."""
DEFAULT_LIMITS = BotLimits()
