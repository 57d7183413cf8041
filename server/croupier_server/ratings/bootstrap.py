"""Confidence intervals for the Elo fit, by bootstrap over deals.

A resample draws as many deals as were played, with replacement, and refits the ratings
from the point estimate (a warm start). The deal is the unit because the games of one
duplicate set share the cards' luck: resampling games would treat them as independent and
give intervals too wide for duplicate play (the rotations cancel the luck) and too narrow
for deals played once by many seats. The intervals are the percentile intervals of the
refitted ratings.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from croupier_server.ratings.elo import ELO_PER_NEPER, fit_log_strengths
from croupier_server.ratings.intervals import Interval, percentile_interval
from croupier_server.ratings.pairwise import Contribution, deal_contributions
from croupier_server.ratings.records import Deal

__all__ = ["EloBootstrap", "bootstrap_elo"]


@dataclass(frozen=True, slots=True)
class EloBootstrap:
    """The Elo fit of a set of deals and its bootstrap replicates.

    Attributes:
        estimate: The Elo of every bot fitted on all the deals.
        samples: The bot's Elo in each resample, in resample order.
    """

    estimate: Mapping[str, float]
    samples: Mapping[str, tuple[float, ...]]

    def interval(self, bot: str, confidence: float = 0.95) -> Interval:
        """The percentile interval of ``bot``'s Elo."""
        return percentile_interval(self.samples[bot], confidence)

    def difference_interval(self, bot: str, opponent: str, confidence: float = 0.95) -> Interval:
        """The percentile interval of ``bot``'s Elo minus ``opponent``'s."""
        differences = [
            a - b for a, b in zip(self.samples[bot], self.samples[opponent], strict=True)
        ]
        return percentile_interval(differences, confidence)

    def superiority(self, bot: str, opponent: str) -> float:
        """The share of resamples that rate ``bot`` above ``opponent`` (ties count half)."""
        pairs = list(zip(self.samples[bot], self.samples[opponent], strict=True))
        above = sum(1.0 if a > b else 0.5 if a == b else 0.0 for a, b in pairs)
        return above / len(pairs)


def bootstrap_elo(
    deals: Iterable[Deal],
    *,
    resamples: int = 200,
    seed: int = 0,
    prior_games: float = 1.0,
    anchor: str | None = None,
    tolerance: float = 1e-3,
) -> EloBootstrap:
    """The Elo fit of ``deals`` with ``resamples`` bootstrap refits over the deals.

    Args:
        deals: The duplicate sets; each is drawn whole.
        resamples: How many bootstrap resamples.
        seed: The seed of the :class:`random.Random` that draws them (deterministic).
        prior_games: As in :func:`~croupier_server.ratings.fit_elo`.
        anchor: As in :func:`~croupier_server.ratings.fit_elo`, in every resample.
        tolerance: The refits' convergence tolerance in Elo; the point estimate uses
            :func:`~croupier_server.ratings.fit_elo`'s default.

    Returns:
        The point estimate and the resampled ratings.
    """
    if resamples < 1:
        raise ValueError("at least one resample")
    bots, pairs, contributions = deal_contributions(deals)
    if anchor is not None and anchor not in bots:
        raise ValueError(f"the anchor {anchor!r} played no game")
    games, scores = _sum(contributions, len(pairs), [1] * len(contributions))
    point = fit_log_strengths(
        len(bots),
        pairs,
        games,
        scores,
        prior_games=prior_games,
        start=[0.0] * len(bots),
        tolerance=1e-8,
        max_iterations=10_000,
    )
    rng = random.Random(seed)
    replicates: list[list[float]] = []
    for _ in range(resamples):
        counts = [0] * len(contributions)
        for drawn in rng.choices(range(len(contributions)), k=len(contributions)):
            counts[drawn] += 1
        games, scores = _sum(contributions, len(pairs), counts)
        strengths = fit_log_strengths(
            len(bots),
            pairs,
            games,
            scores,
            prior_games=prior_games,
            start=point,
            tolerance=tolerance / ELO_PER_NEPER,
            max_iterations=10_000,
        )
        replicates.append(_centre(strengths, bots, anchor))
    return EloBootstrap(
        estimate=dict(zip(bots, _centre(point, bots, anchor), strict=True)),
        samples={bot: tuple(r[b] for r in replicates) for b, bot in enumerate(bots)},
    )


def _sum(
    contributions: list[Contribution], pairs: int, counts: list[int]
) -> tuple[list[float], list[float]]:
    games = [0.0] * pairs
    scores = [0.0] * pairs
    for contribution, count in zip(contributions, counts, strict=True):
        if count:
            for pair, weight, score in contribution:
                games[pair] += count * weight
                scores[pair] += count * score
    return games, scores


def _centre(strengths: list[float], bots: tuple[str, ...], anchor: str | None) -> list[float]:
    shift = (
        strengths[bots.index(anchor)]
        if anchor is not None
        else math.fsum(strengths) / len(strengths)
    )
    return [(s - shift) * ELO_PER_NEPER for s in strengths]
