"""A tournament's settings, typed: what is stored with it, read in one place.

The settings are stored as one JSON object (``TournamentRecord.settings``): the
tournament's own keys (``bots``, ``seed``, ``concurrency``, ``processes``,
``total_games``), its format's (:meth:`~.formats.FormatSettings.to_data`) and the
referee's (:data:`REFEREE_KEYS`). Nothing else reads that object by key.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Self

from croupier_server.processes.mode import ProcessMode
from croupier_server.tournament.formats import (
    Entrants,
    Format,
    FormatSettings,
    format_named,
)

__all__ = ["REFEREE_KEYS", "ProcessMode", "TournamentSettings"]

REFEREE_KEYS = ("time_control", "fault_policy", "limits", "sealed")
"""The keys of the referee's settings, as :func:`croupier_server.recorded_games.settings_data`
writes them and :func:`~croupier_server.recorded_games.settings_from_data` reads them back."""


@dataclass(frozen=True, slots=True)
class TournamentSettings:
    """What a tournament is: its format and entrants, and how its games are played.

    Attributes:
        bots: The entrants, by name (a format refuses too few to fill a table; a ladder's
            tournament has none until its first entrants come).
        seed: The tournament seed.
        format_settings: The format's own settings.
        concurrency: Games played at once (a run may ask for another number).
        processes: How the command bots' processes are used from game to game.
        total_games: The games in all, if the format knew it when the tournament was made
            (``None`` for one that decides as it goes, or stored before it was kept).
        referee: The referee's settings, as :mod:`croupier_server.recorded_games` stores them:
            time control, fault policy, limits, sealing.

    Raises:
        ValueError: fewer than one game at once.
    """

    bots: tuple[str, ...]
    seed: int
    format_settings: FormatSettings
    concurrency: int = 1
    processes: ProcessMode = ProcessMode.FAIR
    total_games: int | None = None
    referee: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.concurrency < 1:
            raise ValueError("a tournament plays at least one game at once")

    @classmethod
    def from_data(cls, format_name: str, data: Mapping[str, Any]) -> Self:
        """The settings :meth:`to_data` stored for a tournament of format ``format_name``.

        Raises:
            UnknownFormat: no such format.
            ValueError: a setting is missing or out of its bounds.
        """
        return cls(
            bots=tuple(data["bots"]),
            seed=data["seed"],
            format_settings=format_named(format_name).settings_from_data(data),
            concurrency=data.get("concurrency", 1),
            processes=ProcessMode.stored(data),
            total_games=data.get("total_games"),
            referee={key: data[key] for key in REFEREE_KEYS if key in data},
        )

    def to_data(self) -> dict[str, Any]:
        """The settings as the JSON object stored with the tournament."""
        data: dict[str, Any] = {
            "bots": list(self.bots),
            "seed": self.seed,
            **self.format_settings.to_data(),
            "concurrency": self.concurrency,
            "processes": str(self.processes),
            **self.referee,
        }
        if self.total_games is not None:
            data["total_games"] = self.total_games
        return data

    @property
    def format(self) -> str:
        """The format's name (see :func:`~.formats.format_named`)."""
        return self.format_settings.format

    @property
    def kind(self) -> Format[Any]:
        """The format."""
        return format_named(self.format)

    @property
    def sealed(self) -> bool:
        """Whether the tournament requires sealed seats."""
        return bool(self.referee.get("sealed", False))

    @property
    def time_control(self) -> dict[str, int]:
        """The bots' times by name (``connect_ms``, ``decision_ms``, ``bank_ms``)."""
        times: dict[str, int] = dict(self.referee.get("time_control", {}))
        return times

    @property
    def limits(self) -> dict[str, Any]:
        """The process limits the tournament sets, by name."""
        limits: dict[str, Any] = dict(self.referee.get("limits", {}))
        return limits

    def entrants(self, seats: int) -> Entrants:
        """The entrants at tables of ``seats``."""
        return Entrants(self.bots, seats, self.seed)
