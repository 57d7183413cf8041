"""The round robin: every bot meets every other, on deals played from every seat.

- Two seats: every pair of bots plays ``deals`` deals.
- Tables of three or more seats: ``deals`` tables in all, rounded up so every bot sits at
  as many tables as every other, meeting the others about equally often (see
  :mod:`.tables`).
- One seat (solitaire): every bot plays the same ``deals`` deals.

With duplicate play (the default) each deal is played once per rotation of its table.
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
    deal_seed,
)
from croupier_server.tournament.formats.tables import deal_games, field_tables

__all__ = [
    "DEALS",
    "DUPLICATE",
    "ROUND_ROBIN",
    "RoundRobin",
    "RoundRobinSettings",
    "check_deals",
    "deals_row",
]

DEALS = SettingSpec("deals", "count", 10, "deals per pair (or tables)", "--deals")
"""The deals of a round robin or a gauntlet."""
DUPLICATE = SettingSpec("duplicate", "switch", True, "play each deal once", "--no-duplicate")
"""Whether each deal is played from every seat."""


@dataclass(frozen=True, slots=True)
class RoundRobinSettings:
    """How many deals, and whether each is played from every seat.

    Attributes:
        deals: Deals per pair (two seats), tables in all (more seats), deals (one seat).
        duplicate: Play each deal in every rotation of its table (else once).

    Raises:
        ValueError: fewer than one deal.
    """

    format: ClassVar[str] = "round-robin"

    deals: int = 10
    duplicate: bool = True

    def __post_init__(self) -> None:
        check_deals(self.deals)

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Self:
        """The settings :meth:`to_data` stored.

        Raises:
            ValueError: fewer than one deal, or challengers (those are for a gauntlet;
                older versions stored an empty list with every round robin).
        """
        if data.get("challengers"):
            raise ValueError("challengers are for a gauntlet")
        return cls(deals=data.get("deals", 10), duplicate=data.get("duplicate", True))

    def to_data(self) -> dict[str, Any]:
        """The deals and the duplicate flag, by key."""
        return {"deals": self.deals, "duplicate": self.duplicate}

    def rows(self) -> tuple[Row, ...]:
        """The deals."""
        return (deals_row(self.deals, duplicate=self.duplicate),)


class RoundRobin(StaticFormat[RoundRobinSettings]):
    """Every bot against every other (see the module)."""

    name = "round-robin"
    title = "Round robin"
    specs = (DEALS, DUPLICATE)

    def settings_from_data(self, data: Mapping[str, Any]) -> RoundRobinSettings:
        """The settings stored."""
        return RoundRobinSettings.from_data(data)

    def plan(self, entrants: Entrants, settings: RoundRobinSettings) -> list[ScheduledGame]:
        """The games of the round robin.

        Raises:
            ValueError: a repeated name, or too few bots for a table.

        >>> two = Entrants(("a", "b", "c"), seats=2, seed=0)
        >>> [(g.deal, g.bots) for g in ROUND_ROBIN.plan(two, RoundRobinSettings(deals=1))]
        [(0, ('a', 'b')), (0, ('b', 'a')), (1, ('a', 'c')), (1, ('c', 'a')), (2, ('b', 'c')), (2, ('c', 'b'))]
        """  # noqa: E501
        bots, seats = entrants.bots, entrants.seats
        check_entrants(bots, seats=seats)
        if seats == 1:  # solitaire: every bot plays each deal once
            solo = [(deal, bot) for deal in range(settings.deals) for bot in bots]
            return [
                ScheduledGame(number, deal, 0, (bot,), deal_seed(entrants.seed, deal))
                for number, (deal, bot) in enumerate(solo)
            ]
        tables = field_tables(bots, seats, settings.deals, random.Random(entrants.seed))
        return deal_games(tables, seed=entrants.seed, duplicate=settings.duplicate)


def check_deals(deals: int) -> None:
    """Refuse fewer than one deal.

    Raises:
        ValueError: ``deals`` is below 1.
    """
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise ValueError("a tournament needs at least one seat and one deal")


def deals_row(deals: int, *, duplicate: bool) -> Row:
    """The row that shows the deals of a tournament."""
    return Row("Deals", str(deals), "duplicate: each deal from every seat" if duplicate else "")


ROUND_ROBIN = RoundRobin()
"""The round robin format."""
