"""Bradley-Terry ratings on the Elo scale, fitted by maximum a posteriori.

The model: bot ``i`` scores against bot ``j`` with probability
``1 / (1 + 10 ** ((elo_j - elo_i) / 400))``; draws count as half a win (the pairwise
results of :mod:`~croupier_server.ratings.pairwise`, with their weights).

The prior: each bot is credited with ``prior_games`` virtual games, all drawn, against a
phantom player of Elo 0. It keeps a bot that won or lost everything at a finite rating,
and with ``prior_games=1`` it moves a bot with a few hundred games by a fraction of an Elo
point. The fit is Hunter's MM algorithm (Hunter 2004, "MM algorithms for generalized
Bradley-Terry models"), updating one bot at a time from the others' current strengths
(cyclic, Gauss-Seidel order): every step increases the posterior, so it converges from any
start, deterministically. The ratings are reported with mean 0, or with ``anchor`` at 0.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from croupier_server.ratings.pairwise import PairTally

__all__ = ["ELO_PER_NEPER", "elo_from_score", "expected_score", "fit_elo"]

ELO_PER_NEPER = 400.0 / math.log(10.0)
"""Elo points per unit of natural log-strength (about 173.7)."""


def expected_score(difference: float) -> float:
    """The expected score of a bot rated ``difference`` Elo above its opponent.

    >>> expected_score(0.0)
    0.5
    >>> round(expected_score(400.0), 4)
    0.9091
    """
    return 1.0 / (1.0 + math.pow(10.0, -difference / 400.0))


def elo_from_score(score: float) -> float:
    """The Elo difference whose expected score is ``score`` (0 < score < 1).

    >>> round(elo_from_score(0.75), 1)
    190.8
    """
    if not 0.0 < score < 1.0:
        raise ValueError(f"no finite Elo difference gives a score of {score}")
    return -400.0 * math.log10(1.0 / score - 1.0)


def fit_elo(
    tally: PairTally,
    *,
    prior_games: float = 1.0,
    anchor: str | None = None,
    start: Mapping[str, float] | None = None,
    tolerance: float = 1e-6,
    max_iterations: int = 10_000,
) -> dict[str, float]:
    """The Bradley-Terry Elo of every bot of ``tally``.

    Args:
        tally: The weighted pairwise results (:func:`~croupier_server.ratings.tally_pairs`).
        prior_games: Virtual drawn games of each bot against a phantom of Elo 0 (> 0).
        anchor: A bot rated 0; by default the ratings have mean 0.
        start: Ratings to start from (a warm start); missing bots start at 0.
        tolerance: Stop when no rating moves by more than this many Elo in a sweep.
        max_iterations: Stop after this many sweeps over the bots in any case.

    Returns:
        The Elo of every bot, in the order of ``tally.bots``.

    Three wins in four games: the maximum likelihood is +-95 Elo, the prior shrinks it.

    >>> from croupier_server.ratings import Deal, GameOutcome, tally_pairs
    >>> games = [GameOutcome(("a", "b"), (1, 0))] * 3 + [GameOutcome(("a", "b"), (0, 1))]
    >>> {bot: round(elo) for bot, elo in fit_elo(tally_pairs([Deal(tuple(games))])).items()}
    {'a': 82, 'b': -82}
    """
    if prior_games <= 0.0:
        raise ValueError("prior_games must be positive, or a bot that always wins has no rating")
    if anchor is not None and anchor not in tally.bots:
        raise ValueError(f"the anchor {anchor!r} played no game")
    initial = [0.0 if start is None else start.get(bot, 0.0) / ELO_PER_NEPER for bot in tally.bots]
    strengths = fit_log_strengths(
        len(tally.bots),
        tally.pairs,
        tally.games,
        tally.scores,
        prior_games=prior_games,
        start=initial,
        tolerance=tolerance / ELO_PER_NEPER,
        max_iterations=max_iterations,
    )
    shift = strengths[tally.bots.index(anchor)] if anchor is not None else _mean(strengths)
    return {bot: (s - shift) * ELO_PER_NEPER for bot, s in zip(tally.bots, strengths, strict=True)}


def fit_log_strengths(
    bots: int,
    pairs: Sequence[tuple[int, int]],
    games: Sequence[float],
    scores: Sequence[float],
    *,
    prior_games: float,
    start: Sequence[float],
    tolerance: float,
    max_iterations: int,
) -> list[float]:
    """The MM fit on plain arrays: natural log-strengths, not centred.

    The fast path beside :func:`fit_elo`, for the bootstrap's many refits.
    """
    neighbours: list[list[tuple[int, float]]] = [[] for _ in range(bots)]
    wins = [prior_games / 2.0] * bots
    for (i, j), weight, score in zip(pairs, games, scores, strict=True):
        if weight <= 0.0:
            continue
        neighbours[i].append((j, weight))
        neighbours[j].append((i, weight))
        wins[i] += score
        wins[j] += weight - score
    gamma = [math.exp(s) for s in start]
    for _ in range(max_iterations):
        largest_step = 0.0
        for i in range(bots):
            own = gamma[i]
            denominator = prior_games / (own + 1.0)
            for j, weight in neighbours[i]:
                denominator += weight / (own + gamma[j])
            # A bot that never scored tends to 0 strength but only at the prior's pace.
            updated = max(wins[i], 1e-300) / denominator
            largest_step = max(largest_step, abs(math.log(updated / own)))
            gamma[i] = updated
        shift = _best_shift([math.log(g) for g in gamma])
        gamma = [g * math.exp(shift) for g in gamma]
        if max(largest_step, abs(shift)) < tolerance:
            break
    return [math.log(g) for g in gamma]


def _best_shift(strengths: Sequence[float]) -> float:
    """The common shift of all log-strengths that maximizes the posterior.

    Only the prior depends on it (the results depend on differences), and the MM steps
    alone move the field as a whole at the pace of the prior's weight against the games'
    (thousands of sweeps); solving for it every sweep makes the fit converge in tens.
    """
    shift = 0.0
    for _ in range(50):
        expected = [1.0 / (1.0 + math.exp(-(s + shift))) for s in strengths]
        gradient = math.fsum(0.5 - e for e in expected)
        curvature = math.fsum(e * (1.0 - e) for e in expected)
        step = gradient / curvature
        shift += step
        if abs(step) < 1e-12:
            break
    return shift


def _mean(values: Sequence[float]) -> float:
    return math.fsum(values) / len(values) if values else 0.0
