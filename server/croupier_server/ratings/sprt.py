"""The sequential probability ratio test "is A stronger than B", as fishtest runs it.

The results are counted in evenly spaced score classes: the trinomial ``(losses, draws,
wins)`` of single games, or, better for duplicate play, the pentanomial of pairs of games on
the same deal with the seats swapped (A's pair score 0, 1/2, 1, 3/2 or 2 out of 2). Pairs are
the unit of the pentanomial test: the luck of a deal cancels inside a pair, so its variance is
smaller and the test ends sooner.

The hypotheses are in logistic Elo (the Elo of :func:`~croupier_server.ratings.expected_score`,
not fishtest's normalized Elo): H0 ``elo = elo0`` against H1 ``elo = elo1``. The log-likelihood
ratio is the generalized SPRT's normal approximation (M. Van den Bergh's, used by fishtest and
most engine testers): with ``N`` units of mean score ``mu`` and variance ``var`` per unit, and
``s0``, ``s1`` the expected scores at ``elo0``, ``elo1``,
``LLR = N * (s1 - s0) * (2 * mu - s0 - s1) / (2 * var)``.
Empty classes are regularized to 1e-3 of a count as fishtest does, so the variance is never 0.
The test stops at Wald's bounds ``log(beta / (1 - alpha))`` and ``log((1 - beta) / alpha)``.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from croupier_server.ratings.elo import expected_score
from croupier_server.ratings.pairwise import pair_results
from croupier_server.ratings.records import Deal, GameOutcome

__all__ = ["SprtResult", "SprtState", "pentanomial", "sprt"]


class SprtState(enum.Enum):
    """Where a sequential test stands."""

    CONTINUE = "continue"
    ACCEPT_H0 = "accept H0"
    ACCEPT_H1 = "accept H1"


@dataclass(frozen=True, slots=True)
class SprtResult:
    """A sequential test's log-likelihood ratio, its bounds and the decision.

    Attributes:
        llr: The log-likelihood ratio of H1 against H0.
        lower: Accept H0 at or below this.
        upper: Accept H1 at or above this.
        state: The decision.
    """

    llr: float
    lower: float
    upper: float
    state: SprtState


def sprt(
    counts: Sequence[float],
    *,
    elo0: float,
    elo1: float,
    alpha: float = 0.05,
    beta: float = 0.05,
) -> SprtResult:
    """The SPRT of H0 ``elo = elo0`` against H1 ``elo = elo1`` on ``counts``.

    Args:
        counts: How many units scored each of evenly spaced scores from 0 to 1, lowest
            first: ``(losses, draws, wins)`` of games or the five classes of
            :func:`pentanomial`.
        elo0: The Elo difference of H0 (logistic Elo).
        elo1: The Elo difference of H1, above ``elo0``.
        alpha: The probability of accepting H1 when H0 holds.
        beta: The probability of accepting H0 when H1 holds.

    Returns:
        The log-likelihood ratio, the bounds and the decision.

    >>> sprt([10, 20, 30, 25, 15], elo0=0, elo1=10).state
    <SprtState.CONTINUE: 'continue'>
    >>> sprt([100, 200, 300, 250, 150], elo0=0, elo1=10).llr > 0
    True
    """
    if len(counts) < 2:
        raise ValueError("at least two score classes")
    if not elo0 < elo1:
        raise ValueError("elo0 must be below elo1")
    lower = math.log(beta / (1.0 - alpha))
    upper = math.log((1.0 - beta) / alpha)
    llr = _llr(counts, elo0, elo1) if sum(counts) > 0 else 0.0
    state = (
        SprtState.ACCEPT_H1
        if llr >= upper
        else SprtState.ACCEPT_H0
        if llr <= lower
        else SprtState.CONTINUE
    )
    return SprtResult(llr, lower, upper, state)


def _llr(counts: Sequence[float], elo0: float, elo1: float) -> float:
    regularized = [count if count > 0 else 1e-3 for count in counts]
    units = sum(regularized)
    classes = len(regularized) - 1
    mean = sum(c * k / classes for k, c in enumerate(regularized)) / units
    variance = sum(c * (k / classes - mean) ** 2 for k, c in enumerate(regularized)) / units
    s0, s1 = expected_score(elo0), expected_score(elo1)
    return sum(counts) * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)


def pentanomial(deals: Iterable[Deal], bot: str, opponent: str) -> tuple[int, ...]:
    """The pentanomial counts of ``bot`` against ``opponent``, lowest pair score first.

    In each deal, the games where both bots sat are taken in order, two by two (a last odd
    game is left out); a pair of games scores the sum of ``bot``'s two results against
    ``opponent`` (1, 0.5, 0 each, whatever the number of seats).

    >>> from croupier_server.ratings import GameOutcome
    >>> won, split = GameOutcome(("a", "b"), (2, 1)), GameOutcome(("b", "a"), (2, 1))
    >>> pentanomial([Deal((won, split)), Deal((won, won))], "a", "b")
    (0, 0, 1, 0, 1)
    """
    counts = [0] * 5
    for deal in deals:
        scores = [s for game in deal.games if (s := _score(game, bot, opponent)) is not None]
        for first, second in zip(scores[0::2], scores[1::2], strict=False):
            counts[round(2 * (first + second))] += 1
    return tuple(counts)


def _score(game: GameOutcome, bot: str, opponent: str) -> float | None:
    for result in pair_results(game):
        if (result.bot, result.opponent) == (bot, opponent):
            return result.score
        if (result.bot, result.opponent) == (opponent, bot):
            return 1.0 - result.score
    return None
