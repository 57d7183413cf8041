"""The Elo fit of a set of deals, its confidence intervals, and its bootstrap replicates.

An interval is the fit plus or minus a t quantile times the standard error of the CR2
covariance by deals (:mod:`.robust`), with Satterthwaite's degrees of freedom (about the
number of deals behind the rating). The deal is the unit because the games of one duplicate
set share the cards' luck (the rotations cancel most of it: games taken as independent would
give intervals far too wide) and a multiplayer game's pairs share its ranking. In simulated
tournaments of 8 to 100 deals a bot, in two-seat and four-seat play, with results that
follow the fit's model or not, a 95% interval holds the rating the fit converges to 95% of
the time, within a point (``tests/server/ratings/test_coverage.py``,
``bench/interval_coverage.py``).

The intervals were the percentiles of 200 refits on deals resampled with replacement, and
held the truth 92.9% (two seats) and 92.5% (four seats) of the time, 91% with 8 deals a bot.
The refits spread as the plug-in variance, which is too small: the fit leans towards every
deal it is fitted on, the more so the fewer deals a bot played (what CR2 corrects). Their
percentiles take that spread as known, when a spread measured on a few deals is itself
uncertain (what the t quantile allows for). And the refits of a bot far from the field
overshoot away from it, so the percentiles lean away from the field when the truth lies
towards it. 2,000 resamples gain half a point. The prior's shrinkage is not the cause: a
weaker prior covers less, and the refits' median lies further from the field than the
estimate, not nearer. The bootstrap remains for :meth:`EloBootstrap.superiority`, the share
of resamples that rank one bot above another.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import numpy as np

from croupier_server.ratings.elo import ELO_PER_NEPER, newton_fit
from croupier_server.ratings.information import one_blas_thread
from croupier_server.ratings.intervals import Interval, t_interval
from croupier_server.ratings.records import Deal
from croupier_server.ratings.results import Floats, Indices, PairResults, sums_by
from croupier_server.ratings.robust import EloCovariance, deal_covariance
from croupier_server.ratings.student import t_cdf

__all__ = ["RESAMPLED_BOTS", "EloBootstrap", "bootstrap_elo"]

RESAMPLED_BOTS = 200
"""Boards of more bots draw no bootstrap refits: :meth:`EloBootstrap.superiority` comes from
the covariance instead (a refit of a board of thousands costs a fit, and 200 of them would
cost minutes)."""


@dataclass(frozen=True, slots=True)
class EloBootstrap:
    """The Elo fit of a set of deals, its covariance, and its bootstrap replicates.

    Attributes:
        estimate: The Elo of every bot fitted on all the deals.
        samples: The bot's Elo in each resample, in resample order (empty without resamples,
            and on a board of more than :data:`RESAMPLED_BOTS` bots).
        covariance: The CR2 covariance of the estimate by deals, for the intervals.
        resamples: How many resamples were asked for.
    """

    estimate: Mapping[str, float]
    samples: Mapping[str, tuple[float, ...]]
    covariance: EloCovariance
    resamples: int = 0

    def interval(self, bot: str, confidence: float = 0.95) -> Interval:
        """The t interval of ``bot``'s Elo around the estimate."""
        return t_interval(
            self.estimate[bot],
            self.covariance.variance(bot),
            self.covariance.degrees_of_freedom(bot),
            confidence,
        )

    def difference_interval(self, bot: str, opponent: str, confidence: float = 0.95) -> Interval:
        """The t interval of ``bot``'s Elo minus ``opponent``'s."""
        return t_interval(
            self.estimate[bot] - self.estimate[opponent],
            self.covariance.variance(bot, opponent),
            self.covariance.degrees_of_freedom(bot, opponent),
            confidence,
        )

    def superiority(self, bot: str, opponent: str) -> float:
        """The share of resamples that rate ``bot`` above ``opponent`` (ties count half).

        On a board too large for refits, the probability that the difference is above 0
        under its t distribution (that of :meth:`difference_interval`).

        Raises:
            ValueError: The fit was made without resamples.
        """
        if not self.resamples:
            raise ValueError("superiority needs bootstrap resamples")
        pairs = list(zip(self.samples[bot], self.samples[opponent], strict=True))
        if not pairs:
            difference = self.estimate[bot] - self.estimate[opponent]
            variance = self.covariance.variance(bot, opponent)
            if variance <= 0.0:
                return 1.0 if difference > 0 else 0.5 if difference == 0 else 0.0
            degrees = self.covariance.degrees_of_freedom(bot, opponent)
            return t_cdf(difference / variance**0.5, degrees)
        above = sum(1.0 if a > b else 0.5 if a == b else 0.0 for a, b in pairs)
        return above / len(pairs)


def bootstrap_elo(
    deals: Iterable[Deal] | PairResults,
    *,
    resamples: int = 200,
    seed: int = 0,
    prior_games: float = 1.0,
    anchor: str | None = None,
    tolerance: float = 1e-3,
) -> EloBootstrap:
    """The Elo fit of ``deals``, its covariance, and ``resamples`` bootstrap refits.

    Args:
        deals: The duplicate sets, or their results as arrays (:class:`PairResults`, the
            fast form for a board of many games); each deal is drawn whole.
        resamples: How many bootstrap resamples (none: the intervals do not need them).
        seed: The seed of the generator that draws them (deterministic).
        prior_games: As in :func:`~croupier_server.ratings.fit_elo`.
        anchor: As in :func:`~croupier_server.ratings.fit_elo`, in every resample.
        tolerance: The refits' convergence tolerance in Elo; the point estimate's is 1e-6.

    Returns:
        The point estimate, its covariance and the resampled ratings.
    """
    if resamples < 0:
        raise ValueError("a negative number of resamples")
    results = deals if isinstance(deals, PairResults) else PairResults.from_deals(deals)
    bots = results.bots
    if anchor is not None and anchor not in bots:
        raise ValueError(f"the anchor {anchor!r} played no game")
    pairs = _Pairs.of(results)
    rng = np.random.default_rng(seed)
    replicates = []
    with one_blas_thread():
        point = pairs.fit(np.ones(results.deals), np.zeros(len(bots)), prior_games, 1e-6)
        for _ in range(resamples if len(bots) <= RESAMPLED_BOTS else 0):
            drawn = rng.integers(0, results.deals, results.deals)
            counts = sums_by(drawn, np.ones(results.deals), results.deals)
            strengths = pairs.fit(counts, point, prior_games, tolerance)
            replicates.append(_centre(strengths, bots, anchor))
        covariance = deal_covariance(results, point, prior_games=prior_games, anchor=anchor)
    return EloBootstrap(
        estimate=dict(zip(bots, _centre(point, bots, anchor).tolist(), strict=True)),
        samples={bot: tuple(float(r[b]) for r in replicates) for b, bot in enumerate(bots)},
        covariance=covariance,
        resamples=resamples,
    )


@dataclass(frozen=True, slots=True)
class _Pairs:
    """The pairs of bots that met, and the results that sum into each."""

    results: PairResults
    first: Indices
    second: Indices
    entry_pair: Indices

    @staticmethod
    def of(results: PairResults) -> _Pairs:
        return _Pairs(results, *results.pair_index())

    def fit(
        self, deal_counts: Floats, start: Floats, prior_games: float, tolerance: float
    ) -> Floats:
        """The fit with each deal counted ``deal_counts`` times (``tolerance`` in Elo)."""
        counts = deal_counts[self.results.deal]
        return newton_fit(
            len(self.results.bots),
            self.first,
            self.second,
            sums_by(self.entry_pair, self.results.weight * counts, len(self.first)),
            sums_by(self.entry_pair, self.results.score * counts, len(self.first)),
            prior_games=prior_games,
            start=start,
            tolerance=tolerance / ELO_PER_NEPER,
            max_iterations=200,
        )


def _centre(strengths: Floats, bots: tuple[str, ...], anchor: str | None) -> Floats:
    shift = strengths[bots.index(anchor)] if anchor is not None else strengths.mean()
    centred: Floats = (strengths - shift) * ELO_PER_NEPER
    return centred
