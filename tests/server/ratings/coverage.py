"""Do the 95% Elo intervals cover? Tournaments of simulated bots of known strength.

A field: ``4..8`` bots (``5..8`` in a ladder) whose true Elo are normal draws (sd 175), the
last one a new version of the first (within about 30 Elo: a close pair). Its tables are
croupier's own (:func:`~croupier_server.tournament.formats.tables.field_tables`): a round
robin, or a *ladder*, a new bot's gauntlet against a field that has played 60 deals a bot
among themselves. Every deal is played once per cyclic rotation of its table (duplicate deals, as
``deal_games`` plays them). A *neighbours* board is sparse, as a ladder's matchmaking makes
it: :data:`NEIGHBOUR_BOTS` bots sorted by strength, each table drawn among bots at most
:data:`NEIGHBOUR_REACH` places apart, so most bots never meet.

The results are either the **model** the fit assumes (a seat's score is its bot's
log-strength plus a Gumbel draw: the placings are a Plackett-Luce ranking, every two seats
compare as in Bradley-Terry) or have **luck**: also an advantage of the first seat and each
seat's cards' luck (a normal draw of sd 1 per seat of a deal, shared by its rotations), so
the pairwise scores are no longer logistic in the Elo difference and a deal's games depend
on one another.

The truth is the rating the fit converges to with ever more deals of the same tables: the
Bradley-Terry fit of the expected pairwise scores, with mean 0 as the fit reports. For the
model it is the true Elo itself. A tournament's coverage counts its bots' intervals that
hold their truth; the margin of a coverage is its 95% interval's half-width, robust to the
dependence of the intervals of one tournament (their ratings have mean 0).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from croupier_server.ratings import (
    ELO_PER_NEPER,
    Deal,
    GameOutcome,
    Interval,
    bootstrap_elo,
    fit_elo,
    percentile_interval,
)
from croupier_server.ratings.pairwise import PairTally
from croupier_server.tournament.formats.tables import Table, field_tables

__all__ = [
    "SIZES",
    "TOURNAMENTS",
    "Coverage",
    "Method",
    "Scenario",
    "kinds",
    "measure",
    "percentile_intervals",
    "robust_intervals",
    "simulate",
]

Method = Callable[[Sequence[Deal]], Mapping[str, Interval]]
"""A way to compute every bot's 95% Elo interval from the deals."""

LUCK = 1.0
"""The standard deviation of a seat's cards' luck, in natural log-strength (1.8 per game)."""

FIRST_SEAT = 0.3
"""The first seat's advantage over the others' mean, in natural log-strength."""

FIELD_DEALS = 60
"""The deals a bot of a ladder's field has played against the rest of the field."""

NEIGHBOUR_BOTS = 24
"""The bots of a neighbours board."""

NEIGHBOUR_REACH = 4
"""How many places apart in strength the bots of a neighbours board's table may be."""

SIZES = (8, 15, 30, 100)
"""The deals a bot of the tournaments measured."""

TOURNAMENTS = 60
"""The tournaments of each kind the test measures: about 4,000 intervals a number of seats."""


@dataclass(frozen=True, slots=True)
class Scenario:
    """A kind of tournament.

    Attributes:
        seats: The seats of a table.
        deals: The deals every bot plays (a round robin), or the new bot (a ladder).
        luck: The results have a seat advantage and luck; else they follow the model.
        ladder: A new bot against a rated field; else a round robin.
        neighbours: A sparse board of tables among neighbours in strength (not a ladder).
    """

    seats: int
    deals: int
    luck: bool = False
    ladder: bool = False
    neighbours: bool = False

    def __str__(self) -> str:
        kind = "ladder" if self.ladder else "neighbours" if self.neighbours else "round robin"
        results = "luck" if self.luck else "model"
        return f"{self.seats} seats, {kind}, {self.deals} deals a bot, {results}"


@dataclass(frozen=True, slots=True)
class Coverage:
    """How many intervals held the truth, tournament by tournament.

    Attributes:
        tournaments: Each tournament's intervals that held their bot's truth, and all its
            intervals.
        width: The sum of the intervals' widths, in Elo.
    """

    tournaments: tuple[tuple[int, int], ...]
    width: float

    @property
    def intervals(self) -> int:
        """How many intervals."""
        return sum(n for _, n in self.tournaments)

    @property
    def share(self) -> float:
        """The share of the intervals that held the truth."""
        return sum(c for c, _ in self.tournaments) / self.intervals

    @property
    def margin(self) -> float:
        """The half-width of the 95% interval of :attr:`share`.

        The ratio estimator's variance over independent tournaments (clusters): the
        intervals of one tournament are not independent.
        """
        share, count = self.share, len(self.tournaments)
        spread = math.fsum((c - share * n) ** 2 for c, n in self.tournaments)
        return 1.96 * math.sqrt(spread * count / (count - 1)) / self.intervals

    @property
    def mean_width(self) -> float:
        """The intervals' mean width, in Elo."""
        return self.width / self.intervals

    def __add__(self, other: Coverage) -> Coverage:
        return Coverage(self.tournaments + other.tournaments, self.width + other.width)

    def __str__(self) -> str:
        return (
            f"{100 * self.share:5.1f}% ± {100 * self.margin:3.1f} of {self.intervals:5,} "
            f"intervals, mean width {self.mean_width:4.0f} Elo"
        )


def kinds(seats: int, deals: int) -> list[Scenario]:
    """The tournaments of ``deals`` a bot: a round robin of either results, and a ladder."""
    ladder = [Scenario(seats, deals, luck=True, ladder=True)] if deals < 100 else []
    return [Scenario(seats, deals), Scenario(seats, deals, luck=True), *ladder]


def robust_intervals(deals: Sequence[Deal]) -> dict[str, Interval]:
    """croupier's intervals: the t intervals of the CR2 covariance, without resamples."""
    fit = bootstrap_elo(deals, resamples=0)
    return {bot: fit.interval(bot) for bot in fit.estimate}


def percentile_intervals(deals: Sequence[Deal]) -> dict[str, Interval]:
    """The former intervals: percentiles of 200 bootstrap refits over the deals."""
    fit = bootstrap_elo(deals, resamples=200)
    return {bot: percentile_interval(fit.samples[bot]) for bot in fit.estimate}


def measure(scenario: Scenario, *, tournaments: int, method: Method = robust_intervals) -> Coverage:
    """The coverage of ``method``'s intervals over ``tournaments`` of ``scenario``."""
    counts = []
    width = 0.0
    for number in range(tournaments):
        deals, truth = simulate(scenario, random.Random(f"{scenario} #{number}"))
        intervals = method(deals)
        counts.append((sum(truth[bot] in intervals[bot] for bot in truth), len(truth)))
        width += math.fsum(intervals[bot].width for bot in truth)
    return Coverage(tuple(counts), width)


def simulate(scenario: Scenario, rng: random.Random) -> tuple[list[Deal], dict[str, float]]:
    """A tournament of ``scenario`` and the truth of its bots (the fit's limit, mean 0)."""
    if scenario.neighbours:
        elos = sorted(rng.gauss(0.0, 175.0) for _ in range(NEIGHBOUR_BOTS))
    else:
        elos = [
            rng.gauss(0.0, 175.0) for _ in range(rng.randint(5 if scenario.ladder else 4, 8) - 1)
        ]
        elos.append(elos[0] + rng.gauss(0.0, 30.0))
    digits = 2 if scenario.neighbours else 1  # names sorted as strengths, for the neighbours
    strength = {f"b{k:0{digits}d}": elo / ELO_PER_NEPER for k, elo in enumerate(elos)}
    tables = _tables(sorted(strength), scenario, rng)
    seat = _seat_advantages(scenario)
    deals = []
    for table in tables:
        luck = [rng.gauss(0.0, LUCK) if scenario.luck else 0.0 for _ in table]
        games = []
        for rotation in range(len(table)):
            bots = table[rotation:] + table[:rotation]
            scores = tuple(
                strength[bot] + seat[k] + luck[k] - math.log(-math.log(1.0 - rng.random()))
                for k, bot in enumerate(bots)
            )
            games.append(GameOutcome(bots, scores))
        deals.append(Deal(tuple(games)))
    return deals, _truth(deals, strength, seat, LUCK if scenario.luck else 0.0)


def _tables(bots: list[str], scenario: Scenario, rng: random.Random) -> list[Table]:
    """A round robin of every bot, or the last bot's gauntlet after the rest's round robin."""
    seats = scenario.seats
    if scenario.neighbours:
        return _neighbour_tables(bots, scenario, rng)
    if not scenario.ladder:
        return field_tables(bots, seats, _table_count(len(bots), seats, scenario.deals), rng)
    field, new = bots[:-1], bots[-1]
    tables = field_tables(field, seats, _table_count(len(field), seats, FIELD_DEALS), rng)
    count = max(1, round(scenario.deals / len(field))) if seats == 2 else scenario.deals
    gauntlet = field_tables(field, seats - 1, count, rng, pairs=seats == 2)
    return tables + [(new, *table) for table in gauntlet]


def _neighbour_tables(bots: list[str], scenario: Scenario, rng: random.Random) -> list[Table]:
    """About ``deals`` tables a bot: each bot in turn, with others near it in strength."""
    tables = []
    for number in range(scenario.deals * len(bots) // scenario.seats):
        k = number % len(bots)
        near = bots[max(0, k - NEIGHBOUR_REACH) : k] + bots[k + 1 : k + NEIGHBOUR_REACH + 1]
        tables.append((bots[k], *rng.sample(near, scenario.seats - 1)))
    return tables


def _table_count(bots: int, seats: int, deals: int) -> int:
    """``field_tables``' count: deals a pair (two seats), or tables in all (more)."""
    if seats == 2:
        return max(1, round(deals / (bots - 1)))
    return max(1, math.ceil(deals * bots / seats))


def _seat_advantages(scenario: Scenario) -> list[float]:
    if not scenario.luck:
        return [0.0] * scenario.seats
    others = -FIRST_SEAT / (scenario.seats - 1)
    return [FIRST_SEAT] + [others] * (scenario.seats - 1)


def _truth(
    deals: Sequence[Deal], strength: Mapping[str, float], seat: Sequence[float], luck: float
) -> dict[str, float]:
    """The Bradley-Terry fit of the expected pairwise scores of ``deals``' games."""
    bots = tuple(sorted(strength))
    index = {bot: i for i, bot in enumerate(bots)}
    games: dict[tuple[int, int], float] = {}
    scores: dict[tuple[int, int], float] = {}
    for deal in deals:
        for game in deal.games:
            weight = 1.0 / (len(game.bots) - 1)
            for a, bot in enumerate(game.bots):
                for b in range(a + 1, len(game.bots)):
                    other = game.bots[b]
                    score = _expected_score(
                        strength[bot] - strength[other] + seat[a] - seat[b], luck
                    )
                    i, j = index[bot], index[other]
                    if i > j:
                        i, j, score = j, i, 1.0 - score
                    games[i, j] = games.get((i, j), 0.0) + weight
                    scores[i, j] = scores.get((i, j), 0.0) + weight * score
    pairs = tuple(sorted(games))
    tally = PairTally(bots, pairs, tuple(games[p] for p in pairs), tuple(scores[p] for p in pairs))
    return fit_elo(tally, prior_games=1e-9, tolerance=1e-9, max_iterations=100_000)


@cache
def _expected_score(difference: float, luck: float) -> float:
    """``P(d + L + logistic > 0)`` for a normal ``L`` of sd ``luck * sqrt 2`` (two seats' luck).

    The difference of two Gumbel draws is logistic; the normal is integrated by the
    trapezoidal rule over 16 standard deviations, exact to about 1e-12 for this integrand.
    """
    if luck == 0.0:
        return 1.0 / (1.0 + math.exp(-difference))
    spread = luck * math.sqrt(2.0)
    nodes = [k / 10.0 for k in range(-80, 81)]
    weights = [math.exp(-z * z / 2.0) for z in nodes]
    total = math.fsum(
        w / (1.0 + math.exp(-(difference + spread * z)))
        for z, w in zip(nodes, weights, strict=True)
    )
    return total / math.fsum(weights)
