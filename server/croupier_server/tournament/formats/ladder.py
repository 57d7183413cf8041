"""The format of a ladder's tournament: games its ladder chooses, never a schedule of its own.

A ladder (:mod:`croupier_server.ladder`) keeps its games in a tournament of its own so that
each has a schedule number, a deal and the exactly-once guarantees of a tournament's games;
the ladder chooses them as it goes and stores each before it is played. The format itself
chooses nothing: a ladder's tournament cannot be run or resumed as other tournaments are
(``croupier serve`` plays it while its ladder is open), and it is not offered where a
tournament is made (:func:`~croupier_server.tournament.formats.format_names` leaves it out).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from croupier_server.tournament.formats._api import (
    Entrants,
    Outcomes,
    Report,
    Row,
    Schedule,
    SettingSpec,
)

__all__ = ["LADDER", "LADDER_FORMAT", "Ladder", "LadderTournament"]

LADDER_FORMAT = "ladder"
"""The format's name, as a ladder's tournament is stored with it."""


@dataclass(frozen=True, slots=True)
class LadderTournament:
    """The format's settings: none; the ladder keeps its own (see :mod:`croupier_server.ladder`)."""

    format: ClassVar[str] = LADDER_FORMAT

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Self:
        """The settings: there are none to read."""
        return cls()

    def to_data(self) -> dict[str, Any]:
        """No keys."""
        return {}

    def rows(self) -> tuple[Row, ...]:
        """One row saying who chooses the games."""
        return (Row("Games", "chosen by its ladder as it goes", "croupier ladder show"),)


class Ladder:
    """A ladder's tournament (see the module)."""

    name = LADDER_FORMAT
    title = "Ladder"
    specs: tuple[SettingSpec, ...] = ()

    def settings_from_data(self, data: Mapping[str, Any]) -> LadderTournament:
        """The settings stored: none."""
        return LadderTournament.from_data(data)

    def schedule(self, entrants: Entrants, settings: LadderTournament) -> Schedule:
        """Refuse: the ladder chooses the games, and ``croupier serve`` plays them.

        Raises:
            ValueError: always, saying so.
        """
        raise ValueError(
            "a ladder's tournament is played by croupier serve while its ladder is open "
            "(croupier ladder list), not run or resumed as a tournament"
        )

    def report(
        self, entrants: Entrants, settings: LadderTournament, finished: Callable[[], Outcomes]
    ) -> Report:
        """Nothing beyond the standings: its ladder's page says the rest."""
        return Report()


LADDER = Ladder()
"""The ladder's tournament format."""
