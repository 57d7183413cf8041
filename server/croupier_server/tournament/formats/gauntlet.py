"""The gauntlet: each challenger plays the rest of the field only, never another challenger.

Each challenger sits at every table of a round robin of the rest (see
:mod:`.round_robin`) with one seat fewer: against each of the rest ``deals`` deals at two
seats; at more seats, ``deals`` tables per challenger, balanced as a round robin's.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from croupier_server.tournament.formats._api import (
    Entrants,
    Row,
    ScheduledGame,
    SettingSpec,
    StaticFormat,
    check_entrants,
)
from croupier_server.tournament.formats.round_robin import DEALS, DUPLICATE, check_deals, deals_row
from croupier_server.tournament.formats.tables import deal_games, field_tables

__all__ = ["GAUNTLET", "Gauntlet", "GauntletSettings"]


@dataclass(frozen=True, slots=True)
class GauntletSettings:
    """The challengers, how many deals, and whether each is played from every seat.

    Attributes:
        challengers: The bots that run the gauntlet (some of the entrants).
        deals: Deals per challenger and opponent (two seats), tables per challenger (more).
        duplicate: Play each deal in every rotation of its table (else once).

    Raises:
        ValueError: no challenger, one named twice, or fewer than one deal.
    """

    format: ClassVar[str] = "gauntlet"

    challengers: tuple[str, ...]
    deals: int = 10
    duplicate: bool = True

    def __post_init__(self) -> None:
        check_deals(self.deals)
        if not self.challengers or len(set(self.challengers)) != len(self.challengers):
            raise ValueError(
                f"a gauntlet needs challengers among the bots, not {list(self.challengers)}"
            )

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Self:
        """The settings :meth:`to_data` stored.

        Raises:
            ValueError: no challenger, or fewer than one deal.
        """
        return cls(
            challengers=tuple(data.get("challengers", ())),
            deals=data.get("deals", 10),
            duplicate=data.get("duplicate", True),
        )

    def to_data(self) -> dict[str, Any]:
        """The challengers, the deals and the duplicate flag, by key."""
        return {
            "challengers": list(self.challengers),
            "deals": self.deals,
            "duplicate": self.duplicate,
        }

    def rows(self) -> tuple[Row, ...]:
        """The challengers and the deals."""
        return (
            Row("Challengers", ", ".join(self.challengers), "against the field"),
            deals_row(self.deals, duplicate=self.duplicate),
        )


class Gauntlet(StaticFormat[GauntletSettings]):
    """Challengers against the field (see the module)."""

    name = "gauntlet"
    title = "Gauntlet"
    specs = (
        SettingSpec(
            "challengers", "bots", (), "the gauntlet's challengers", "--gauntlet", "BOT,..."
        ),
        DEALS,
        DUPLICATE,
    )

    def settings_from_data(self, data: Mapping[str, Any]) -> GauntletSettings:
        """The settings stored."""
        return GauntletSettings.from_data(data)

    def plan(self, entrants: Entrants, settings: GauntletSettings) -> list[ScheduledGame]:
        """The games of the gauntlet.

        Raises:
            ValueError: a challenger is not an entrant, the rest cannot fill the tables.

        >>> field = Entrants(("a", "b", "c"), seats=2, seed=0)
        >>> games = GAUNTLET.plan(field, GauntletSettings(("a",), deals=1))
        >>> [g.bots for g in games]
        [('a', 'b'), ('b', 'a'), ('a', 'c'), ('c', 'a')]
        """
        bots, seats, challengers = entrants.bots, entrants.seats, settings.challengers
        check_entrants(bots, seats=seats)
        if any(bot not in bots for bot in challengers):
            raise ValueError(
                f"a gauntlet needs challengers among the bots, not {list(challengers)}"
            )
        if seats < 2:
            raise ValueError("a gauntlet is played at tables of two seats or more")
        rest = [bot for bot in bots if bot not in challengers]
        if len(rest) < seats - 1:
            raise ValueError(f"a gauntlet at tables of {seats} needs {seats - 1} bots besides")
        rng = random.Random(entrants.seed)
        tables = [
            (challenger, *table)
            for challenger in challengers
            for table in field_tables(rest, seats - 1, settings.deals, rng, pairs=seats == 2)
        ]
        return deal_games(tables, seed=entrants.seed, duplicate=settings.duplicate)


GAUNTLET = Gauntlet()
"""The gauntlet format."""
