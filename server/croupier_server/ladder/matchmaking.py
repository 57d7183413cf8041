"""A ladder's matchmaking: who sits at the next table, from the ratings and the games chosen.

Pure and deterministic: the same contenders, meetings and random generator choose the same
table. The rules (docs/ladder.md says where they come from):

1. **Newcomers first.** A contender with fewer deals chosen than
   :attr:`MatchRules.rating_deals` is new; while there is one, the table is built around
   the new one with the fewest deals (the first entered on a tie), so that a new version
   has a rating soon.
2. **Then the least certain.** Otherwise the table is built around the contender whose
   rating is expected to be the least certain once the deals it has waiting are played: the
   width of its interval in the latest fit, times ``sqrt(fitted / (fitted + waiting))``
   (an interval narrows as the square root of the games), so that one contender's games
   waiting to be played do not make it chosen again and again.
3. **Opponents near in rating.** The other seats are drawn without replacement, each
   contender with weight ``exp(-d² / 2s²) + floor`` for ``d`` its Elo distance to the
   table's first and ``s`` :attr:`MatchRules.closeness_elo`, times
   :attr:`MatchRules.unmet_boost` if it has never met the first: every contender may be
   drawn, near ones mostly, and those never met first, so that every contender meets every
   other over time.

A contender with no rating yet counts as the field's mean (0 Elo) and as
:attr:`MatchRules.unrated_width` wide. The table is given in seat order of its first game;
its deal is played once per rotation (a duplicate set).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Self

__all__ = ["Contender", "MatchRules", "Rating", "choose_table", "expected_width"]


@dataclass(frozen=True, slots=True)
class Rating:
    """A contender's rating in the latest fit: Elo, its 95% interval, the deals it counts.

    Attributes:
        elo: The Bradley-Terry Elo (the field's mean is 0).
        low: The interval's low end.
        high: The interval's high end.
        deals: The deals the fit counted for it.
        games: The games the fit counted for it.
    """

    elo: float
    low: float
    high: float
    deals: int
    games: int = 0

    @property
    def width(self) -> float:
        """``high - low``."""
        return self.high - self.low


@dataclass(frozen=True, slots=True)
class Contender:
    """An entrant as matchmaking sees it.

    Attributes:
        name: The bot's name.
        deals: Its deals chosen so far (played or waiting to be).
        rating: Its rating in the latest fit; ``None`` before it has one.
    """

    name: str
    deals: int
    rating: Rating | None = None

    @property
    def waiting(self) -> int:
        """Its deals chosen that the latest fit does not count yet."""
        return max(0, self.deals - (self.rating.deals if self.rating else 0))


@dataclass(frozen=True, slots=True)
class MatchRules:
    """The settings of matchmaking (see the module).

    Raises:
        ValueError: a setting out of its bounds.
    """

    rating_deals: int = 6
    """Deals a new contender plays before the others are chosen again."""
    closeness_elo: float = 200.0
    """How near in Elo the opponents mostly are (the weights' standard deviation)."""
    unmet_boost: float = 4.0
    """How much likelier an opponent the first seat never met is drawn."""
    floor: float = 0.05
    """The weight every opponent has however far: every pair can meet."""
    unrated_width: float = 1000.0
    """The interval width counted for a contender with no rating yet."""

    def __post_init__(self) -> None:
        if isinstance(self.rating_deals, bool) or not isinstance(self.rating_deals, int):
            raise ValueError("the deals of a new version are a whole number")
        if self.rating_deals < 1:
            raise ValueError("a new version plays at least one deal first")
        for name in ("closeness_elo", "unmet_boost", "floor", "unrated_width"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
                raise ValueError(f"{name.replace('_', ' ')} must be a positive number")
        if self.unmet_boost < 1:
            raise ValueError("the boost of opponents never met is at least 1")

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Self:
        """The rules :meth:`to_data` stored; a missing key takes its default."""
        defaults = cls()
        return cls(
            rating_deals=data.get("rating_deals", defaults.rating_deals),
            closeness_elo=data.get("closeness_elo", defaults.closeness_elo),
            unmet_boost=data.get("unmet_boost", defaults.unmet_boost),
            floor=data.get("floor", defaults.floor),
            unrated_width=data.get("unrated_width", defaults.unrated_width),
        )

    def to_data(self) -> dict[str, Any]:
        """The rules as JSON values, by key."""
        return {
            "rating_deals": self.rating_deals,
            "closeness_elo": self.closeness_elo,
            "unmet_boost": self.unmet_boost,
            "floor": self.floor,
            "unrated_width": self.unrated_width,
        }


Meetings = Mapping[frozenset[str], int]
"""How many deals each two contenders have been chosen to play together."""


def choose_table(
    contenders: Sequence[Contender],
    *,
    seats: int,
    met: Meetings,
    rules: MatchRules,
    rng: random.Random,
) -> tuple[str, ...] | None:
    """The next table: its first seat by the rules, the others drawn; ``None`` if too few.

    ``contenders`` are in the order they entered, which breaks ties.

    >>> field = [Contender("a", 6), Contender("b", 6), Contender("c", 0)]
    >>> choose_table(field, seats=2, met={}, rules=MatchRules(), rng=random.Random(1))[0]
    'c'
    """
    if seats < 2 or len(contenders) < seats:
        return None
    first = _first(contenders, rules, rng)
    others = [contender for contender in contenders if contender.name != first.name]
    table = [first.name]
    for _ in range(seats - 1):
        weights = [_weight(first, other, met, rules) for other in others]
        chosen = _draw(weights, rng)
        table.append(others.pop(chosen).name)
    return tuple(table)


def expected_width(contender: Contender, rules: MatchRules) -> float:
    """The width its interval is expected to have once its waiting deals are counted.

    >>> rated = Rating(elo=0, low=-100, high=100, deals=9)
    >>> expected_width(Contender("a", 12, rated), MatchRules())
    173.20508075688772
    """
    if contender.rating is None:
        return rules.unrated_width / math.sqrt(1 + contender.deals)
    fitted = max(1, contender.rating.deals)
    return contender.rating.width * math.sqrt(fitted / (fitted + contender.waiting))


def _first(contenders: Sequence[Contender], rules: MatchRules, rng: random.Random) -> Contender:
    """The table's first seat: the newest newcomer behind, else the least certain."""
    newcomers = [contender for contender in contenders if contender.deals < rules.rating_deals]
    if newcomers:
        return min(newcomers, key=lambda contender: contender.deals)
    widths = [expected_width(contender, rules) for contender in contenders]
    widest = max(widths)
    tied = [c for c, width in zip(contenders, widths, strict=True) if width >= widest - 1e-9]
    return tied[rng.randrange(len(tied))]


def _weight(first: Contender, other: Contender, met: Meetings, rules: MatchRules) -> float:
    distance = _elo(first) - _elo(other)
    closeness = math.exp(-0.5 * (distance / rules.closeness_elo) ** 2) + rules.floor
    never_met = met.get(frozenset((first.name, other.name)), 0) == 0
    return closeness * (rules.unmet_boost if never_met else 1.0)


def _elo(contender: Contender) -> float:
    return contender.rating.elo if contender.rating is not None else 0.0


def _draw(weights: Sequence[float], rng: random.Random) -> int:
    """An index drawn with probability proportional to its weight."""
    point = rng.random() * math.fsum(weights)
    for index, weight in enumerate(weights):
        point -= weight
        if point < 0:
            return index
    return len(weights) - 1
