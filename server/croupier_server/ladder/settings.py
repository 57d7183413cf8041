"""A ladder's settings, typed: what is stored with it (``LadderRecord.settings``), read once.

The settings are one JSON object: the ladder's own keys (``seed``, ``concurrency``,
``processes``, ``with``, ``stopped``), its matchmaking's
(:meth:`~.matchmaking.MatchRules.to_data`) and the referee's (time control, fault policy,
limits, sealing, as :func:`croupier_server.recorded_games.settings_data` writes them, also
stored with the ladder's tournament, whose games the workers play by them).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Self

from croupier_server.ladder.matchmaking import MatchRules
from croupier_server.tournament.settings import REFEREE_KEYS, ProcessMode

__all__ = ["LadderSettings"]


@dataclass(frozen=True, slots=True)
class LadderSettings:
    """How a ladder plays.

    Attributes:
        seed: Its seed: its deals and its matchmaking's draws follow from it.
        concurrency: Its budget: games played at once (on workers: chosen and not finished).
        processes: How the command bots' processes are used from game to game.
        with_bots: The organiser's bots that play too (``--with``), by name.
        rules: Its matchmaking's settings.
        referee: The referee's settings, as they are stored.
        stopped: The organiser's bots it stopped (they failed to start), with why.

    Raises:
        ValueError: fewer than one game at once, or an organiser's bot named twice.
    """

    seed: int
    concurrency: int = 2
    processes: ProcessMode = ProcessMode.FAIR
    with_bots: tuple[str, ...] = ()
    rules: MatchRules = field(default_factory=MatchRules)
    referee: Mapping[str, Any] = field(default_factory=dict)
    stopped: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if isinstance(self.concurrency, bool) or not isinstance(self.concurrency, int):
            raise ValueError("a ladder's games at once are a whole number")
        if self.concurrency < 1:
            raise ValueError("a ladder plays at least one game at once")
        if len(set(self.with_bots)) != len(self.with_bots):
            raise ValueError("each of the organiser's bots may enter once")

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Self:
        """The settings :meth:`to_data` stored.

        Raises:
            KeyError: no seed.
            ValueError: a setting out of its bounds.
        """
        return cls(
            seed=data["seed"],
            concurrency=data.get("concurrency", 2),
            processes=ProcessMode(data.get("processes", ProcessMode.FAIR)),
            with_bots=tuple(data.get("with", ())),
            rules=MatchRules.from_data(data),
            referee={key: data[key] for key in REFEREE_KEYS if key in data},
            stopped=dict(data.get("stopped", {})),
        )

    def to_data(self) -> dict[str, Any]:
        """The settings as the JSON object stored with the ladder."""
        return {
            "seed": self.seed,
            "concurrency": self.concurrency,
            "processes": str(self.processes),
            "with": list(self.with_bots),
            **self.rules.to_data(),
            **self.referee,
            "stopped": dict(self.stopped),
        }

    @property
    def time_control(self) -> dict[str, int]:
        """The bots' times by name (``connect_ms``, ``decision_ms``, ``bank_ms``)."""
        times: dict[str, int] = dict(self.referee.get("time_control", {}))
        return times

    @property
    def sealed(self) -> bool:
        """Whether every seat must be sealed."""
        return bool(self.referee.get("sealed", False))
