"""Bradley-Terry ratings on the Elo scale, fitted by maximum a posteriori.

The model: bot ``i`` scores against bot ``j`` with probability
``1 / (1 + 10 ** ((elo_j - elo_i) / 400))``; draws count as half a win (the pairwise
results of :mod:`~croupier_server.ratings.pairwise`, with their weights).

The prior: each bot is credited with ``prior_games`` virtual games, all drawn, against a
phantom player of Elo 0. It keeps a bot that won or lost everything at a finite rating,
and with ``prior_games=1`` it moves a bot with a few hundred games by a fraction of an Elo
point. The fit is Newton's method on the log-posterior (:func:`newton_fit`), each step a
solve of the sparse information (:mod:`.information`), halved when it would overshoot: it
converges from any start, deterministically, in about ten steps. The ratings are reported
with mean 0, or with ``anchor`` at 0.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import numpy as np
import scipy.special

from croupier_server.ratings.information import information, one_blas_thread
from croupier_server.ratings.pairwise import PairTally
from croupier_server.ratings.results import Floats, Indices

__all__ = ["ELO_PER_NEPER", "elo_from_score", "expected_score", "fit_elo", "newton_fit"]


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
        tolerance: Stop when no rating moves by more than this many Elo in a step.
        max_iterations: Stop after this many Newton steps in any case.

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
    """The fit on plain sequences: natural log-strengths, not centred (see :func:`newton_fit`)."""
    pair_array = np.asarray(pairs, dtype=np.int64).reshape(-1, 2)
    with one_blas_thread():
        fitted = newton_fit(
            bots,
            pair_array[:, 0],
            pair_array[:, 1],
            np.asarray(games, dtype=np.float64),
            np.asarray(scores, dtype=np.float64),
            prior_games=prior_games,
            start=np.asarray(start, dtype=np.float64),
            tolerance=tolerance,
            max_iterations=max_iterations,
        )
    return [float(s) for s in fitted]


def newton_fit(
    bots: int,
    first: Indices,
    second: Indices,
    games: Floats,
    scores: Floats,
    *,
    prior_games: float,
    start: Floats,
    tolerance: float,
    max_iterations: int,
) -> Floats:
    """The posterior's maximum by Newton's method: natural log-strengths, not centred.

    Each step solves the information (:mod:`.information`) against the gradient; a step that
    would lower the posterior is halved until it raises it, so the fit converges from any
    start (the log-posterior is strictly concave), and near the maximum each step doubles
    the correct digits.

    Args:
        bots: How many bots.
        first: Each pair's lower-indexed bot.
        second: Each pair's other bot.
        games: Each pair's total weight.
        scores: Each pair's weighted score of ``first``.
        prior_games: The prior's virtual drawn games against a phantom of strength 0.
        start: The log-strengths to start from.
        tolerance: Stop when no log-strength moves by more than this in a step.
        max_iterations: Stop after this many steps in any case.
    """
    strengths = np.array(start, dtype=np.float64)
    posterior = _log_posterior(strengths, first, second, games, scores, prior_games=prior_games)
    for _ in range(max_iterations):
        gradient, values, diagonal = _derivatives(
            strengths, first, second, games, scores, prior_games=prior_games
        )
        step = information(bots, first, second, values, diagonal).solve(gradient)
        if float(gradient @ step) <= _ROUNDING * abs(posterior):
            # The posterior can no longer tell the step's gain from its own rounding: the
            # fit is within a Newton step of the maximum, and that step lands on it.
            return strengths + step
        for _ in range(60):
            moved = strengths + step
            after = _log_posterior(moved, first, second, games, scores, prior_games=prior_games)
            if after >= posterior - _ROUNDING * abs(posterior):
                break
            step = step / 2.0
        else:
            break
        strengths, posterior = moved, after
        if float(np.abs(step).max(initial=0.0)) < tolerance:
            break
    return strengths


_ROUNDING = 1e-13
"""A relative change of the log-posterior too small to tell from the rounding of its sum."""


def _log_posterior(
    strengths: Floats,
    first: Indices,
    second: Indices,
    games: Floats,
    scores: Floats,
    *,
    prior_games: float,
) -> float:
    difference = strengths[first] - strengths[second]
    results = scores * _log_logistic(difference) + (games - scores) * _log_logistic(-difference)
    prior = prior_games / 2.0 * (_log_logistic(strengths) + _log_logistic(-strengths))
    return float(results.sum() + prior.sum())


def _derivatives(
    strengths: Floats,
    first: Indices,
    second: Indices,
    games: Floats,
    scores: Floats,
    *,
    prior_games: float,
) -> tuple[Floats, Floats, Floats]:
    """The gradient, each pair's information and each bot's prior information."""
    expected = logistic(strengths[first] - strengths[second])
    residual = scores - games * expected
    phantom = logistic(strengths)
    gradient = prior_games * (0.5 - phantom)
    gradient += np.bincount(first, residual, minlength=len(strengths))
    gradient -= np.bincount(second, residual, minlength=len(strengths))
    return gradient, games * expected * (1.0 - expected), prior_games * phantom * (1.0 - phantom)


def logistic(x: Floats) -> Floats:
    """``1 / (1 + e^-x)``, element by element."""
    result: Floats = scipy.special.expit(x)
    return result


def _log_logistic(x: Floats) -> Floats:
    result: Floats = -np.logaddexp(0.0, -x)
    return result


def _mean(values: Sequence[float]) -> float:
    return math.fsum(values) / len(values) if values else 0.0
