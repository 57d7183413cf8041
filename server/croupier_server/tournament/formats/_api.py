"""What a tournament format is: how it chooses the games, what it is set with, how it shows.

A format turns a tournament's :class:`Entrants` (its bots, the seats of a table, its seed)
and its own settings into games. A static format plans every game at once
(:meth:`StaticFormat.plan`); an adaptive one chooses the next games from the finished ones
(:meth:`Schedule.next_games`) and says how many remain when it knows
(:meth:`Schedule.remaining`). The runner plays either kind the same way and resumes either
the same way: a game is known by its schedule number, and the same finished games always
lead a format to the same next games.
"""

from __future__ import annotations

import abc
import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Literal, Protocol, TypeVar

__all__ = [
    "Entrants",
    "Format",
    "FormatSettings",
    "Outcomes",
    "Planned",
    "PlayedGame",
    "Report",
    "Row",
    "Schedule",
    "ScheduledGame",
    "SettingSpec",
    "StaticFormat",
    "Trace",
    "check_entrants",
    "deal_seed",
]


@dataclass(frozen=True, slots=True)
class Entrants:
    """Who plays a tournament, at tables of how many seats, from which seed.

    Attributes:
        bots: The entrants, each named once, in the order they were given.
        seats: The seats of a game.
        seed: The tournament seed: everything a format chooses follows from it.
    """

    bots: tuple[str, ...]
    seats: int
    seed: int


@dataclass(frozen=True, slots=True)
class ScheduledGame:
    """One game of a tournament.

    Attributes:
        number: Its 0-based place in the schedule, unique within the tournament.
        deal: The deal it plays; the games of a deal share its seed.
        rotation: How far the deal's table is rotated: seat ``i`` holds table bot ``i + r``.
        bots: The bot in each seat, in seat order.
        seed: The deal's seed.
    """

    number: int
    deal: int
    rotation: int
    bots: tuple[str, ...]
    seed: int


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A finished game of a tournament: the bot and the final score of each seat."""

    bots: tuple[str, ...]
    scores: tuple[float, ...]
    rated: bool = True
    """Whether it counts in the ratings: not when no seat was played by its bot (see
    :func:`croupier_server.db.statistics.finished_game_seats`)."""


Outcomes = Mapping[int, PlayedGame]
"""The finished games of a tournament by schedule number."""


@dataclass(frozen=True, slots=True)
class SettingSpec:
    """One setting of a format, as a command line's flag (or a form's field) sets it.

    Attributes:
        name: Its key in the format's settings data (``deals``).
        kind: ``count``, a whole number from 1; ``number``, any number; ``switch``, a
            flag that sets the opposite of ``default``; ``bots``, bot names, comma-separated
            on the command line.
        default: Its value when it is not given.
        help: One line saying what it is.
        flag: The command line's option (``--deals``, ``--no-duplicate``). A flag means the
            same setting in every format that has it.
        metavar: What the flag's value is called in ``--help``.
    """

    name: str
    kind: Literal["count", "number", "switch", "bots"]
    default: int | float | bool | tuple[str, ...]
    help: str
    flag: str
    metavar: str | None = None


@dataclass(frozen=True, slots=True)
class Row:
    """One line of a tournament's description: ``Deals: 2 (each deal from every seat)``."""

    label: str
    value: str
    note: str = ""
    """A remark shown muted after the value."""


@dataclass(frozen=True, slots=True)
class Trace:
    """A value a format follows game after game, with the bounds it is measured against.

    Attributes:
        title: What the line shows.
        unit: What is counted along the line (``pairs``): ``values[i]`` is after ``i + 1``.
        label: What the value is (``log-likelihood ratio``).
        values: The value after each unit, in order.
        bounds: The values at which the format decides, drawn as level lines.
    """

    title: str
    unit: str
    label: str
    values: tuple[float, ...]
    bounds: tuple[float, ...] = ()


@dataclass(frozen=True, slots=True)
class Report:
    """What a format says of a tournament so far, beyond the standings every one has."""

    rows: tuple[Row, ...] = ()
    trace: Trace | None = None


def deal_seed(tournament_seed: int, deal: int) -> int:
    """The seed of deal number ``deal``: a signed 64-bit value derived from the tournament's.

    >>> deal_seed(1, 0) == deal_seed(1, 0) != deal_seed(1, 1)
    True
    """
    digest = hashlib.blake2b(f"croupier/{tournament_seed}/{deal}".encode(), digest_size=8)
    return int.from_bytes(digest.digest(), "big", signed=True)


def check_entrants(bots: Sequence[str], *, seats: int) -> None:
    """Refuse a bot entered twice, or too few bots to fill a table.

    Raises:
        ValueError: the message says which.
    """
    if seats < 1:
        raise ValueError("a tournament needs at least one seat")
    if len(set(bots)) != len(bots):
        raise ValueError("each bot may enter once")
    if len(bots) < seats:
        raise ValueError(f"{len(bots)} bots cannot fill a table of {seats} seats")


class FormatSettings(Protocol):
    """A format's own settings, stored beside the tournament's under keys of their own.

    Attributes:
        format: The name of the format they set.
    """

    format: ClassVar[str]

    def to_data(self) -> dict[str, Any]:
        """The settings as JSON values, by key."""
        ...

    def rows(self) -> tuple[Row, ...]:
        """The settings as a tournament's page shows them."""
        ...


class Schedule(Protocol):
    """The games of one tournament, chosen as it goes."""

    def next_games(self, finished: Outcomes) -> list[ScheduledGame]:
        """The games to play now that ``finished`` have finished, not given before.

        Called once before the first game (with the games a stopped run finished), then
        after every game that finishes. An empty list while games are being played means
        "wait for them"; an empty list when none is, the end of the tournament. Given the
        same finished games, a fresh schedule gives again every game not finished: that is
        what resumes a tournament.
        """
        ...

    def remaining(self) -> int | None:
        """Games left to play (given or not), as of the last call; ``None`` if unknown."""
        ...


SettingsT = TypeVar("SettingsT", bound=FormatSettings)


class Format(Protocol[SettingsT]):
    """A tournament format: one module, registered in :mod:`.formats` by one line.

    A format object gives its ``name``, ``title`` and ``specs`` as plain attributes.
    """

    @property
    def name(self) -> str:
        """Its name on the command line and in storage (``round-robin``)."""
        ...

    @property
    def title(self) -> str:
        """Its name for people (``Round robin``)."""
        ...

    @property
    def specs(self) -> tuple[SettingSpec, ...]:
        """Its settings, as a command line or a form sets them."""
        ...

    def settings_from_data(self, data: Mapping[str, Any]) -> SettingsT:
        """The settings :meth:`FormatSettings.to_data` stored (among other keys).

        Raises:
            ValueError: a setting is missing, or out of its bounds.
        """
        ...

    def schedule(self, entrants: Entrants, settings: SettingsT) -> Schedule:
        """The schedule of a tournament, from its first game.

        Raises:
            ValueError: the format cannot make a tournament of these entrants.
        """
        ...

    def report(
        self, entrants: Entrants, settings: SettingsT, finished: Callable[[], Outcomes]
    ) -> Report:
        """What the format says of the tournament; ``finished`` loads its finished games."""
        ...


class Planned:
    """The schedule of a static format: every game known from the start."""

    def __init__(self, games: Sequence[ScheduledGame]) -> None:
        self._games = list(games)
        self._given = False
        self._left = len(self._games)

    def next_games(self, finished: Outcomes) -> list[ScheduledGame]:
        """Every game not finished, the first time; nothing afterwards."""
        self._left = len(self._games) - len(finished)
        if self._given:
            return []
        self._given = True
        return [game for game in self._games if game.number not in finished]

    def remaining(self) -> int:
        """The planned games not finished."""
        return self._left


class StaticFormat(abc.ABC, Generic[SettingsT]):
    """A format that plans every game at once; its subclasses give :meth:`plan`."""

    name: str
    title: str
    specs: tuple[SettingSpec, ...]

    @abc.abstractmethod
    def settings_from_data(self, data: Mapping[str, Any]) -> SettingsT:
        """The settings stored (see :meth:`Format.settings_from_data`)."""

    @abc.abstractmethod
    def plan(self, entrants: Entrants, settings: SettingsT) -> list[ScheduledGame]:
        """Every game of the tournament, numbered from 0 in the order they are played.

        Raises:
            ValueError: the format cannot make a tournament of these entrants.
        """

    def schedule(self, entrants: Entrants, settings: SettingsT) -> Planned:
        """The planned games, given at once."""
        return Planned(self.plan(entrants, settings))

    def report(
        self, entrants: Entrants, settings: SettingsT, finished: Callable[[], Outcomes]
    ) -> Report:
        """Nothing beyond the standings: a static format decides nothing as it goes."""
        return Report()
